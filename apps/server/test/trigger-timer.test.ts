/**
 * Timer triggers on the server's clock (a TestClock the test moves): an hourly timer fires
 * exactly once per period, a one-off once; runs missed while the server was down run once on
 * start (the restart case: stop, advance three periods, start → one run, the next run after now).
 * A run refused as a request would be (no chat model) is a failed job of its skill, with the
 * refusal's code, made once. Two processes racing over due timers: trigger-timer-race.test.ts.
 */
import type { ActionResult, SkillTrigger } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { actionResults, skillTriggerRuns } from '../src/db/schema/index.js';
import { buildUser, loginAs } from './helpers/factories.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { buildUserWithModel, resetFake } from './helpers/skill-run.js';
import { startTestServer } from './helpers/server.js';
import { countRuns, HOUR, hourlyTrigger, nextRunOf, POLL, waitForRuns } from './helpers/triggers.js';

const it = skillTest(POLL);
it.beforeEach(({ fake }) => resetFake(fake));

describe('timer triggers', () => {
  it('fire exactly once per period on the injected clock; a one-off fires once', async ({
    server,
    alice,
  }) => {
    const first = server.clock.now() + HOUR;
    const hourly = await hourlyTrigger(alice, first);
    const once = await hourlyTrigger(alice, first + 30 * 60_000, null);
    const scheduler = server.server.services.triggers;
    await scheduler.tick();
    expect(await countRuns(server, hourly.triggerId)).toBe(0);

    server.clock.advance(HOUR + 1_000);
    expect(await waitForRuns(server, hourly.triggerId, 1)).toBe(1);
    // (each period's runs finish before the clock moves on: a jump would time out a running one)
    await server.server.ctx.queue.drain();
    // more polls in the same period: nothing new
    await scheduler.tick();
    await scheduler.tick();
    expect(await countRuns(server, hourly.triggerId)).toBe(1);
    expect(await nextRunOf(server, hourly.triggerId)).toBe(first + HOUR);

    server.clock.advance(HOUR);
    expect(await waitForRuns(server, hourly.triggerId, 2)).toBe(2);
    expect(await waitForRuns(server, once.triggerId, 1)).toBe(1);
    await scheduler.tick();
    expect(await nextRunOf(server, once.triggerId)).toBeNull();
    await server.server.ctx.queue.drain();

    server.clock.advance(HOUR);
    expect(await waitForRuns(server, hourly.triggerId, 3)).toBe(3);
    await scheduler.tick();
    expect(await countRuns(server, hourly.triggerId)).toBe(3);
    expect(await countRuns(server, once.triggerId)).toBe(1);

    // each run is a skill job that ran with the trigger's input
    await server.server.ctx.queue.drain();
    const rows = await server.server.ctx.db
      .select()
      .from(actionResults)
      .where(sql`${actionResults.runOptions}->>'triggerId' = ${hourly.triggerId}`);
    expect(rows.map((r) => [r.status, r.errors, r.input.query])).toEqual(
      rows.map(() => ['finish', [], 'What time is it?']),
    );
  });

  it('a disabled timer does not fire; enabled again it starts at its next occurrence', async ({
    server,
    fake,
  }) => {
    // a user of this test: the file's users' access tokens expired when an earlier test moved the clock
    const alice = await buildUserWithModel(server, fake);
    const first = server.clock.now() + HOUR;
    const t = await hourlyTrigger(alice, first);
    expectData(await alice.post('/v1/skill/trigger/update', { triggerId: t.triggerId, enabled: false }));
    server.clock.advance(HOUR + 1_000);
    await server.server.services.triggers.tick();
    expect(await countRuns(server, t.triggerId)).toBe(0);
    // the access token has expired on the moved clock: sign in again
    const again = await loginAs(server, alice.email, alice.password);
    const on = expectData(
      await again.post<SkillTrigger>('/v1/skill/trigger/update', { triggerId: t.triggerId, enabled: true }),
    );
    expect(Date.parse(on.nextRunAt!)).toBe(first + HOUR);
  });

  it('a run refused (no chat model) is a failed job of the skill with the reason, not retried', async ({
    server,
    fake,
  }) => {
    const owner = await buildUser(server);
    const first = server.clock.now() + HOUR;
    const t = await hourlyTrigger(owner, first);
    server.clock.advance(HOUR + 1_000);
    expect(await waitForRuns(server, t.triggerId, 1)).toBe(1);
    // more polls in the period: the refusal is recorded once and not retried
    await server.server.services.triggers.tick();
    await server.server.services.triggers.tick();
    expect(await countRuns(server, t.triggerId)).toBe(1);
    const [row] = await server.server.ctx.db
      .select()
      .from(skillTriggerRuns)
      .where(eq(skillTriggerRuns.triggerId, t.triggerId));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.error).toMatch(/^E0014: /);

    // the owner sees it among the skill's jobs, failed with the code; another user does not
    const again = await loginAs(server, owner.email, owner.password);
    const jobs = expectData(
      await again.get<ActionResult[]>('/v1/action/list', { skillId: t.skillId, pageSize: '50' }),
    );
    expect(jobs.map((j) => [j.status, j.errors, j.title])).toEqual([
      ['failed', ['E0014'], 'What time is it?'],
    ]);
    expect(jobs[0]!.actionMeta).toMatchObject({ name: 'commonQnA', displayName: 'Clock' });
    const job = expectData(
      await again.get<ActionResult>('/v1/action/result', { resultId: jobs[0]!.resultId }),
    );
    expect(job.status).toBe('failed');
    const other = await buildUserWithModel(server, fake);
    expect(expectData(await other.get<ActionResult[]>('/v1/action/list', { skillId: t.skillId }))).toEqual(
      [],
    );
    expectFailure(await other.get('/v1/action/result', { resultId: jobs[0]!.resultId }), 'E1011');
  });

  it('runs missed while the server was down run once on start, then the next run is after now', async ({
    fake,
  }) => {
    let server = await startTestServer({ ...POLL, SKILL_IDLE_TIMEOUT: '1500ms', SKILL_MODEL_RETRIES: '0' });
    try {
      const user = await buildUserWithModel(server, fake);
      const first = server.clock.now() + HOUR;
      const t = await hourlyTrigger(user, first);
      server.clock.advance(HOUR + 1_000);
      expect(await waitForRuns(server, t.triggerId, 1)).toBe(1);
      await server.server.ctx.queue.drain();

      // down for three periods and a bit
      server = await server.restart(3 * HOUR + 10 * 60_000);
      expect(await waitForRuns(server, t.triggerId, 2)).toBe(2);
      await server.server.services.triggers.tick();
      await server.server.services.triggers.tick();
      expect(await countRuns(server, t.triggerId)).toBe(2);
      const next = await nextRunOf(server, t.triggerId);
      expect(next).toBe(first + 4 * HOUR);
      expect(next!).toBeGreaterThan(server.clock.now());
      await server.server.ctx.queue.drain();

      // the scheduler itself stopped and started (a worker restart within the process)
      await server.server.services.triggers.stop();
      server.clock.advance(3 * HOUR);
      expect(await countRuns(server, t.triggerId)).toBe(2);
      server.server.services.triggers.start();
      expect(await waitForRuns(server, t.triggerId, 3)).toBe(3);
      await server.server.services.triggers.tick();
      expect(await countRuns(server, t.triggerId)).toBe(3);
      await server.server.ctx.queue.drain();
    } finally {
      await server.close();
    }
  });
});
