/**
 * Trigger test helpers shared by trigger-timer.test.ts, trigger-ready.test.ts and
 * trigger-timer-race.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SkillInstance, SkillTrigger } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { actionResults, skillTriggers } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/lib/clock.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { BuiltUser } from './factories.js';
import type { FakeModelServer } from './fake-model-server.js';
import { expectData } from './items.js';
import { createResource, settled } from './resources.js';
import type { TestServer } from './server.js';
import { buildUserWithModel } from './skill-run.js';

export const POLL = { TRIGGER_POLL_INTERVAL: '100ms' };
export const HOUR = 3_600_000;

/** A commonQnA instance of `u` named `instanceName`, with one trigger made of `trigger`. */
async function triggerOnNewInstance(
  u: BuiltUser,
  instanceName: string,
  trigger: Record<string, unknown>,
): Promise<SkillTrigger> {
  const skillId = expectData(
    await u.post<SkillInstance>('/v1/skill/instance/new', {
      tplName: 'commonQnA',
      displayName: instanceName,
    }),
  ).skillId;
  return expectData(await u.post<SkillTrigger>('/v1/skill/trigger/new', { skillId, ...trigger }));
}

export const hourlyTrigger = (u: BuiltUser, firstAt: number, repeat: string | null = 'hour') =>
  triggerOnNewInstance(u, 'Clock', {
    displayName: 'Every hour',
    triggerType: 'timer',
    timerConfig: {
      datetime: new Date(firstAt).toISOString(),
      ...(repeat ? { repeatInterval: repeat } : {}),
    },
    input: { query: 'What time is it?' },
  });

/** A skill instance of `u` with an 'on resource ready' trigger (enabled unless told). */
export const readyTrigger = (u: BuiltUser, enabled = true) =>
  triggerOnNewInstance(u, 'Reader', {
    displayName: 'On ready',
    triggerType: 'simpleEvent',
    simpleEventName: 'onResourceReady',
    input: { query: 'Summarise it' },
    enabled,
  });

/** The resource ids the trigger's runs took as context, sorted. */
export const runResources = async (server: Pick<TestServer, 'server'>, triggerId: string) =>
  (
    await server.server.ctx.db
      .select({ context: actionResults.context })
      .from(actionResults)
      .where(sql`${actionResults.runOptions}->>'triggerId' = ${triggerId}`)
  )
    .flatMap((r) => r.context?.resources?.map((x) => x.resourceId) ?? [])
    .sort();

export const countRuns = async (server: Pick<TestServer, 'server'>, triggerId: string) =>
  (
    await server.server.ctx.db
      .select({ resultId: actionResults.resultId })
      .from(actionResults)
      .where(sql`${actionResults.runOptions}->>'triggerId' = ${triggerId}`)
  ).length;

export const waitForRuns = (server: Pick<TestServer, 'server'>, triggerId: string, n: number) =>
  vi.waitFor(
    async () => {
      const count = await countRuns(server, triggerId);
      if (count < n) throw new Error(`${count} of ${n} runs`);
      return count;
    },
    { timeout: 15_000, interval: 50 },
  );

export const nextRunOf = async (server: Pick<TestServer, 'server'>, triggerId: string) => {
  const [row] = await server.server.ctx.db
    .select()
    .from(skillTriggers)
    .where(eq(skillTriggers.triggerId, triggerId));
  return row!.nextRunAt?.getTime() ?? null;
};

/**
 * A second server process on the fixture server's PostgreSQL database (and its Redis, when it has
 * one), its clock in step with the first's; `close` stops it and removes its data directory.
 */
export async function secondProcess(
  server: TestServer,
  env: Record<string, string> = {},
): Promise<{ other: RunningServer; clock: TestClock; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-race-'));
  const clock = new TestClock();
  clock.advance(Math.max(0, server.clock.now() - clock.now()));
  const config = server.server.ctx.config;
  const other = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      OLLAMA_DETECT: 'false',
      PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
      BUILTIN_TEMPLATES: 'false',
      TRUST_PROXY: 'true',
      DATABASE_URL: config.DATABASE_URL!,
      ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL, REDIS_PREFIX: config.REDIS_PREFIX } : {}),
      ...POLL,
      ...env,
    }),
    { clock },
  );
  return {
    other,
    clock,
    close: async () => {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two server processes' schedulers racing over the same due timers, three periods: each timer
 * runs exactly once per period.
 */
export async function raceTimers(server: TestServer, fake: FakeModelServer): Promise<void> {
  const { other, clock, close } = await secondProcess(server);
  try {
    const user = await buildUserWithModel(server, fake);
    const first = server.clock.now() + HOUR;
    const triggers: SkillTrigger[] = [];
    for (let i = 0; i < 20; i++) triggers.push(await hourlyTrigger(user, first));
    const schedulers = [server.server.services.triggers, other.services.triggers];

    for (let period = 1; period <= 3; period++) {
      const step = period === 1 ? HOUR + 1_000 : HOUR;
      server.clock.advance(step);
      clock.advance(step);
      // both processes' pollers fire on the advance; race more polls on top of them
      const started = await Promise.all([...schedulers, ...schedulers, ...schedulers].map((s) => s.tick()));
      expect(started.every((n) => n >= 0)).toBe(true);
      for (const t of triggers) expect(await waitForRuns(server, t.triggerId, period)).toBe(period);
      await Promise.all(schedulers.map((s) => s.tick()));
      const counts = await Promise.all(triggers.map((t) => countRuns(server, t.triggerId)));
      expect(counts).toEqual(triggers.map(() => period));
      await Promise.all([server.server.ctx.queue.drain(), other.ctx.queue.drain()]);
    }
  } finally {
    await close();
  }
}

/**
 * Resources that became ready while neither process's scheduler ran (no listener for the ready
 * event): the two schedulers racing over them when they start run each trigger once per resource.
 */
export async function raceReady(server: TestServer, fake: FakeModelServer): Promise<void> {
  const { other, close } = await secondProcess(server);
  const schedulers = [server.server.services.triggers, other.services.triggers];
  try {
    const user = await buildUserWithModel(server, fake);
    const triggers = [await readyTrigger(user), await readyTrigger(user)];
    await Promise.all(schedulers.map((s) => s.stop()));
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await createResource(user.client, {
        title: `Ready ${i}`,
        resourceType: 'text',
        content: `n${i}`,
      });
      made.push(r.resourceId);
    }
    for (const id of made) expect((await settled(server, user.client, id)).indexStatus).toBe('finish');
    for (const t of triggers) expect(await countRuns(server, t.triggerId)).toBe(0);

    for (const s of schedulers) s.start();
    await Promise.all([...schedulers, ...schedulers, ...schedulers].map((s) => s.tick()));
    for (const t of triggers) expect(await waitForRuns(server, t.triggerId, made.length)).toBe(made.length);
    await Promise.all(schedulers.map((s) => s.tick()));
    await Promise.all([server.server.ctx.queue.drain(), other.ctx.queue.drain()]);
    for (const t of triggers) expect(await runResources(server, t.triggerId)).toEqual([...made].sort());
  } finally {
    // the fixture server's scheduler runs for the file's next tests
    if (!server.server.services.triggers.isRunning) server.server.services.triggers.start();
    await close();
  }
}
