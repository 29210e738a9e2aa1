/**
 * Triggers on PostgreSQL without Redis (each process its in-process queue): two server processes'
 * schedulers racing over the same due timers make each run exactly once (the
 * `FOR UPDATE SKIP LOCKED` lease), and racing over the ready transitions that neither saw (both
 * down when the resources became ready) run each 'on resource ready' trigger once per resource
 * (the run key, unique per trigger). PostgreSQL only (PGlite allows one process per data
 * directory): vitest.config.ts runs this file in the PostgreSQL project. With Redis:
 * trigger-race-redis.test.ts.
 */
import { describe } from 'vitest';
import { testDbKind } from './helpers/db.js';
import { skillTest } from './helpers/fixtures.js';
import { resetFake } from './helpers/skill-run.js';
import { POLL, raceReady, raceTimers } from './helpers/triggers.js';

const it = skillTest(POLL);
it.beforeEach(({ fake }) => resetFake(fake));

describe.skipIf(testDbKind() !== 'postgres')('triggers on two server processes', () => {
  it('two server processes racing over the same due timers make each run exactly once', async ({
    server,
    fake,
  }) => {
    await raceTimers(server, fake);
  });

  it('two server processes starting after resources became ready run each trigger once per resource', async ({
    server,
    fake,
  }) => {
    await raceReady(server, fake);
  });
});
