/**
 * 'On resource ready' triggers are durable: a resource's ready transition is recorded with its
 * state (`ready_at`, `finish_count`), and the scheduler runs every transition that has no run yet,
 * on start and on every poll, not only on the in-process ready event. A resource that became ready
 * while no scheduler ran runs the trigger once when the server starts again; a transition whose
 * event was lost (the process stopped between the state change and the run) runs on the next
 * poll; more polls add nothing. A trigger enabled again runs for what becomes ready from then on,
 * not for what became ready while it was off. Two processes racing: trigger-timer-race.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { actionResults, resources, skillTriggerRuns } from '../src/db/schema/index.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import { createResource, settled } from './helpers/resources.js';
import { buildUserWithModel, resetFake } from './helpers/skill-run.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { countRuns, POLL, readyTrigger, runResources, waitForRuns } from './helpers/triggers.js';

const it = skillTest(POLL);
it.beforeEach(({ fake }) => resetFake(fake));

/** The resource's next ready transition written as the ingest job writes it, without its event. */
async function readyAgainWithoutEvent(server: TestServer, resourceId: string): Promise<void> {
  await server.server.ctx.db
    .update(resources)
    .set({ finishCount: sql`${resources.finishCount} + 1`, readyAt: server.clock.date() })
    .where(eq(resources.resourceId, resourceId));
}

const runKeysOf = async (server: TestServer, triggerId: string) =>
  (
    await server.server.ctx.db
      .select({ runKey: skillTriggerRuns.runKey })
      .from(skillTriggerRuns)
      .where(eq(skillTriggerRuns.triggerId, triggerId))
  )
    .map((r) => r.runKey)
    .sort();

describe("'on resource ready' across downtime", () => {
  it('a resource that became ready while no scheduler ran runs the trigger once when the server starts again', async ({
    fake,
  }) => {
    let server = await startTestServer({ ...POLL, SKILL_IDLE_TIMEOUT: '1500ms', SKILL_MODEL_RETRIES: '0' });
    try {
      const user = await buildUserWithModel(server, fake);
      const t = await readyTrigger(user);
      // the scheduler is down: the ready event finds no listener
      await server.server.services.triggers.stop();
      const r = await createResource(user.client, {
        title: 'Offline',
        resourceType: 'text',
        content: 'Quiet.',
      });
      expect((await settled(server, user.client, r.resourceId)).indexStatus).toBe('finish');
      expect(await countRuns(server, t.triggerId)).toBe(0);

      server = await server.restart();
      expect(await waitForRuns(server, t.triggerId, 1)).toBe(1);
      await server.server.services.triggers.tick();
      await server.server.services.triggers.tick();
      expect(await countRuns(server, t.triggerId)).toBe(1);
      expect(await runResources(server, t.triggerId)).toEqual([r.resourceId]);
      expect(await runKeysOf(server, t.triggerId)).toEqual([`resource:${r.resourceId}:1`]);
      await server.server.ctx.queue.drain();
      const [done] = await server.server.ctx.db
        .select({ status: actionResults.status, query: sql<string>`${actionResults.input}->>'query'` })
        .from(actionResults)
        .where(sql`${actionResults.runOptions}->>'triggerId' = ${t.triggerId}`);
      expect(done).toEqual({ status: 'finish', query: 'Summarise it' });

      // another restart runs nothing more
      server = await server.restart();
      await server.server.services.triggers.tick();
      expect(await countRuns(server, t.triggerId)).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a transition whose event was lost runs on the next poll, once', async ({ server, alice }) => {
    const t = await readyTrigger(alice);
    const r = await createResource(alice.client, { title: 'Live', resourceType: 'text', content: 'Once.' });
    await settled(server, alice.client, r.resourceId);
    expect(await waitForRuns(server, t.triggerId, 1)).toBe(1);

    await readyAgainWithoutEvent(server, r.resourceId);
    // the scheduler's own poll finds it (no tick from the test)
    expect(await waitForRuns(server, t.triggerId, 2)).toBe(2);
    await server.server.services.triggers.tick();
    await server.server.services.triggers.tick();
    await server.server.ctx.queue.drain();
    expect(await countRuns(server, t.triggerId)).toBe(2);
    expect(await runKeysOf(server, t.triggerId)).toEqual([
      `resource:${r.resourceId}:1`,
      `resource:${r.resourceId}:2`,
    ]);
  });

  it('a trigger enabled again runs for what becomes ready from then on, not for what became ready while off', async ({
    server,
    alice,
  }) => {
    const t = await readyTrigger(alice, false);
    const r = await createResource(alice.client, {
      title: 'While off',
      resourceType: 'text',
      content: 'Off.',
    });
    await settled(server, alice.client, r.resourceId);
    await server.server.services.triggers.tick();
    expect(await countRuns(server, t.triggerId)).toBe(0);

    server.clock.advance(1_000);
    expectData(await alice.post('/v1/skill/trigger/update', { triggerId: t.triggerId, enabled: true }));
    await server.server.services.triggers.tick();
    await server.server.services.triggers.tick();
    expect(await countRuns(server, t.triggerId)).toBe(0);

    server.clock.advance(1_000);
    await readyAgainWithoutEvent(server, r.resourceId);
    expect(await waitForRuns(server, t.triggerId, 1)).toBe(1);
    await server.server.services.triggers.tick();
    await server.server.ctx.queue.drain();
    expect(await runKeysOf(server, t.triggerId)).toEqual([`resource:${r.resourceId}:2`]);
  });
});
