/**
 * Action results over real HTTP: queued runs (/skill/invoke), the list, aborting a streaming run,
 * and privacy — user B gets E1011 for everything of user A's.
 */
import type { ActionResult } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { buildCanvas } from './helpers/factories.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { contentOf, streamSkill, waitForResult } from './helpers/skill-run.js';

let resultOfA: string;

const it = skillTest(
  {},
  {
    setup: async ({ fake, alice }) => {
      fake.reply = 'Queued answer';
      await buildCanvas(alice, { canvasId: 'c-target1' });
      const started = expectData(
        await alice.post<{ resultId: string }>('/v1/skill/invoke', {
          input: { query: 'Run me later' },
          target: { entityType: 'canvas', entityId: 'c-target1' },
        }),
      );
      resultOfA = started.resultId;
    },
  },
);

describe('/skill/invoke', () => {
  it('runs the skill on the queue and records the answer', async ({ alice }) => {
    expect(resultOfA).toMatch(/^ar-/);
    const done = await waitForResult<ActionResult>(alice.client, resultOfA);
    expect(done).toMatchObject({ status: 'finish', version: 0, title: 'Run me later' });
    expect(done.steps![0]!.content).toBe('Queued answer');
    expect(done.steps![0]!.tokenUsage).toHaveLength(1);
  });

  it('reruns on the queue as the next version', async ({ alice }) => {
    const again = expectData(
      await alice.post<{ resultId: string }>('/v1/skill/invoke', {
        input: { query: 'Run me later' },
        resultId: resultOfA,
      }),
    );
    expect(again.resultId).toBe(resultOfA);
    const done = await waitForResult<ActionResult>(
      alice.client,
      resultOfA,
      (r) => r.status === 'finish' && (r as unknown as { version: number }).version === 1,
    );
    expect(done.version).toBe(1);
  });
});

describe('/action/list', () => {
  it('lists the caller’s runs without steps, filtered by target', async ({ alice, bob }) => {
    const list = expectData(
      await alice.get<ActionResult[]>('/v1/action/list', { targetType: 'canvas', targetId: 'c-target1' }),
    );
    expect(list.map((r) => [r.resultId, r.version])).toEqual([[resultOfA, 0]]);
    expect(list[0]!.steps).toBeUndefined();
    expect(expectData(await bob.get<ActionResult[]>('/v1/action/list'))).toEqual([]);
  });
});

describe('/action/abort', () => {
  it('stops a streaming run, keeping what was sent, and ends the stream', async ({ fake, alice }) => {
    fake.reply = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    fake.chunkDelayMs = 25;
    const aborts: Array<ReturnType<typeof alice.post<ActionResult>>> = [];
    const run = await streamSkill(alice.client, { input: { query: 'Talk a lot' } }, (events) => {
      if (!aborts.length && events.filter((e) => e.event === 'stream').length >= 3) {
        aborts.push(alice.post<ActionResult>('/v1/action/abort', { resultId: events[0]!.resultId }));
      }
      return false;
    });
    fake.chunkDelayMs = 0;
    const abortAnswer = await aborts[0]!;
    expect(abortAnswer.body.data?.resultId).toBe(run.events[0]!.resultId);
    expect(run.events.at(-1)!.event).toBe('end');
    expect(run.events.some((e) => e.event === 'error')).toBe(false);
    const sent = contentOf(run.events);
    expect(sent.length).toBeGreaterThan(0);
    expect(fake.reply.startsWith(sent)).toBe(true);
    expect(sent.length).toBeLessThan(fake.reply.length);
    const result = await waitForResult<ActionResult>(alice.client, run.events[0]!.resultId);
    expect(result).toMatchObject({ status: 'failed', errors: ['aborted'] });
    expect(result.steps![0]!.content).toBe(sent);
  });

  it('stops a run through the database flag alone (another instance)', async ({ server, fake, alice }) => {
    fake.reply = Array.from({ length: 60 }, (_, i) => `v${i}`).join(' ');
    fake.chunkDelayMs = 25;
    const { actionResults } = await import('../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const flags: Array<Promise<void>> = [];
    const run = await streamSkill(alice.client, { input: { query: 'Talk a lot' } }, (events) => {
      if (!flags.length && events.some((e) => e.event === 'stream')) {
        // drizzle queries run when awaited (or then'd), so start it now
        const flag = server.server.ctx.db
          .update(actionResults)
          .set({ abortRequested: true })
          .where(eq(actionResults.resultId, events[0]!.resultId))
          .then(() => undefined);
        flags.push(flag);
      }
      return false;
    });
    fake.chunkDelayMs = 0;
    await Promise.all(flags);
    expect(run.events.at(-1)!.event).toBe('end');
    const result = await waitForResult<ActionResult>(alice.client, run.events[0]!.resultId);
    expect(result).toMatchObject({ status: 'failed', errors: ['aborted'] });
    expect(result.steps![0]!.content.length).toBeLessThan(fake.reply.length);
  });

  it('leaves a finished run as it is', async ({ alice }) => {
    const res = expectData(await alice.post<ActionResult>('/v1/action/abort', { resultId: resultOfA }));
    expect(res.status).toBe('finish');
  });
});

describe('privacy', () => {
  it('user B gets E1011 for A’s result: read, version, rerun, abort', async ({ alice, bob }) => {
    expectFailure(await bob.get('/v1/action/result', { resultId: resultOfA }), 'E1011');
    expectFailure(await bob.get('/v1/action/result', { resultId: resultOfA, version: 0 }), 'E1011');
    expectFailure(await bob.post('/v1/action/abort', { resultId: resultOfA }), 'E1011');
    expectFailure(
      await bob.post('/v1/skill/invoke', { input: { query: 'x' }, resultId: resultOfA }),
      'E1011',
    );
    const stream = await streamSkill(bob.client, { input: { query: 'x' }, resultId: resultOfA });
    expect(stream.refusal).toMatchObject({ success: false, errCode: 'E1011' });
    expectFailure(await bob.get('/v1/action/result', { resultId: 'ar-missing' }), 'E1011');
    expectFailure(await alice.get('/v1/action/result', { resultId: resultOfA, version: 99 }), 'E1011');
  });

  it('user B cannot run A’s model', async ({ alice, bob }) => {
    expectFailure(
      await bob.post('/v1/skill/invoke', { input: { query: 'x' }, modelItemId: alice.itemId }),
      'E2003',
    );
  });

  it('answers E0003 for bad queries, never 500', async ({ alice }) => {
    expectFailure(await alice.get('/v1/action/result'), 'E0003');
    expectFailure(await alice.get('/v1/action/result', { resultId: resultOfA, version: -1 }), 'E0003');
    expectFailure(await alice.get('/v1/action/list', { status: 'nope' }), 'E0003');
    expectFailure(await alice.post('/v1/action/abort', {}), 'E0003');
  });
});

describe('recovery on start', () => {
  it('fails runs left executing without a heartbeat and queues waiting ones again', async ({
    server,
    fake,
    alice,
  }) => {
    const { actionResults } = await import('../src/db/schema/index.js');
    const { recoverSkillRuns } = await import('../src/modules/skill/skill.job.js');
    const db = server.server.ctx.db;
    const base = {
      uid: alice.uid,
      input: { query: 'Recovered' },
      runOptions: {
        skillName: 'commonQnA',
        modelItemId: alice.itemId,
        projectId: null,
        locale: null,
        skillId: null,
        triggerId: null,
        selectedMcpServers: [],
      },
    };
    const old = new Date(server.clock.now() - 3_600_000);
    await db.insert(actionResults).values([
      { ...base, resultId: 'ar-stale', version: 0, status: 'executing', updatedAt: old },
      { ...base, resultId: 'ar-queued', version: 0, status: 'waiting' },
    ]);
    fake.reply = 'Recovered answer';
    await recoverSkillRuns(server.server.ctx);
    const stale = await waitForResult<ActionResult>(alice.client, 'ar-stale');
    expect(stale).toMatchObject({ status: 'failed', errors: ['interrupted'] });
    const queued = await waitForResult<ActionResult>(alice.client, 'ar-queued');
    expect(queued.status).toBe('finish');
    expect(queued.steps![0]!.content).toBe('Recovered answer');
  });
});
