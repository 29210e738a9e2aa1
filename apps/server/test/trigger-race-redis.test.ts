/**
 * Triggers on PostgreSQL with Redis (REDIS_URL, as CI sets it): the same races as
 * trigger-timer-race.test.ts, with both processes on one BullMQ queue, so a run recorded by one
 * process may be taken by the other's worker. Each due timer runs exactly once per period, each
 * missed ready transition once per trigger. The processes share a Redis key prefix of their own
 * (REDIS_PREFIX) so parallel test files on the same Redis do not take each other's jobs; the
 * prefix's keys are removed at the end. PostgreSQL only (vitest.config.ts).
 */
import { describe, expect } from 'vitest';
import { testDbKind } from './helpers/db.js';
import { skillTest } from './helpers/fixtures.js';
import { resetFake } from './helpers/skill-run.js';
import { dropRedisKeys, testRedisPrefix } from './helpers/redis.js';
import { POLL, raceReady, raceTimers } from './helpers/triggers.js';

const REDIS_URL = process.env.REDIS_URL;
const PREFIX = testRedisPrefix();

const it = skillTest(() => ({ ...POLL, REDIS_URL: REDIS_URL!, REDIS_PREFIX: PREFIX }), {
  setup: async () => () => dropRedisKeys(REDIS_URL!, PREFIX),
});
it.beforeEach(({ fake }) => resetFake(fake));

describe.skipIf(!REDIS_URL || testDbKind() !== 'postgres')(
  'triggers on two server processes with Redis',
  () => {
    it('both processes queue on BullMQ under the test prefix', async ({ server }) => {
      expect(server.server.ctx.queue.driver).toBe('bullmq');
      expect(server.server.ctx.config.REDIS_PREFIX).toBe(PREFIX);
    });

    it('two processes racing over the same due timers make each run exactly once', async ({
      server,
      fake,
    }) => {
      await raceTimers(server, fake);
    });

    it('two processes starting after resources became ready run each trigger once per resource', async ({
      server,
      fake,
    }) => {
      await raceReady(server, fake);
    });
  },
);
