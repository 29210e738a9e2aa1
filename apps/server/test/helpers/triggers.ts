/** Timer-trigger test helpers shared by trigger-timer.test.ts and trigger-timer-race.test.ts. */
import type { SkillInstance, SkillTrigger } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { actionResults, skillTriggers } from '../../src/db/schema/index.js';
import type { BuiltUser } from './factories.js';
import { expectData } from './items.js';
import type { TestServer } from './server.js';

export const POLL = { TRIGGER_POLL_INTERVAL: '100ms' };
export const HOUR = 3_600_000;

export async function hourlyTrigger(
  u: BuiltUser,
  firstAt: number,
  repeat: string | null = 'hour',
): Promise<SkillTrigger> {
  const skillId = expectData(
    await u.post<SkillInstance>('/v1/skill/instance/new', { tplName: 'commonQnA', displayName: 'Clock' }),
  ).skillId;
  return expectData(
    await u.post<SkillTrigger>('/v1/skill/trigger/new', {
      skillId,
      displayName: 'Every hour',
      triggerType: 'timer',
      timerConfig: {
        datetime: new Date(firstAt).toISOString(),
        ...(repeat ? { repeatInterval: repeat } : {}),
      },
      input: { query: 'What time is it?' },
    }),
  );
}

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
