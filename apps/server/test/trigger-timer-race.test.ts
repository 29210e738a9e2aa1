/**
 * Timer triggers on PostgreSQL: two server processes' schedulers racing over the same due timers
 * make each run exactly once (the `FOR UPDATE SKIP LOCKED` lease). PostgreSQL only (PGlite allows
 * one process per data directory): vitest.config.ts runs this file in the PostgreSQL project.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SkillTrigger } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { loadConfig } from '../src/config.js';
import { TestClock } from '../src/lib/clock.js';
import { startServer } from '../src/server.js';
import { testDbKind } from './helpers/db.js';
import { skillTest } from './helpers/fixtures.js';
import { buildUserWithModel, resetFake } from './helpers/skill-run.js';
import { countRuns, HOUR, hourlyTrigger, POLL, waitForRuns } from './helpers/triggers.js';

const it = skillTest(POLL);
it.beforeEach(({ fake }) => resetFake(fake));

describe.skipIf(testDbKind() !== 'postgres')('timer triggers on two server processes', () => {
  it('two server processes racing over the same due timers make each run exactly once', async ({
    server,
    fake,
  }) => {
    // a second server on the same PostgreSQL database, its clock in step with the first's
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-race-'));
    const clock = new TestClock();
    clock.advance(Math.max(0, server.clock.now() - clock.now()));
    const other = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        OLLAMA_DETECT: 'false',
        BUILTIN_TEMPLATES: 'false',
        TRUST_PROXY: 'true',
        DATABASE_URL: server.server.ctx.config.DATABASE_URL!,
        ...POLL,
      }),
      { clock },
    );
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
      await Promise.all([server.server.ctx.queue.drain(), other.ctx.queue.drain()]);
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
