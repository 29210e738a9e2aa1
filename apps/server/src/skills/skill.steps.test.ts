/**
 * The step writer's queue: writes run in order, and a held queue (a streaming skill's first
 * writes) waits for the model's first answer, for a write someone awaits, or for FLUSH_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connect.js';
import type { JobLogger } from '../jobs/index.js';
import { StepWriter } from './skill.steps.js';

const writes: string[] = [];

vi.mock('../modules/action/action.repository.js', () => ({
  insertStep: async (_db: unknown, _r: string, _v: number, _i: number, name: string) => {
    writes.push(`insert ${name}`);
  },
  patchStep: async (_db: unknown, _r: string, _v: number, _i: number, patch: Record<string, unknown>) => {
    writes.push(`patch ${Object.keys(patch).join(',')}`);
  },
  appendStep: async (_db: unknown, _r: string, _v: number, _i: number, content: string) => {
    writes.push(`append ${content}`);
  },
  heartbeat: async () => false,
}));

const db = {} as Db;
const log = { warn: () => undefined } as unknown as JobLogger;
const entry = { key: 'buildContext', titleArgs: {} } as never;
/** Lets queued promises and setImmediate callbacks run (5 ms of fake time, under the 100 ms hold). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(1);
};

beforeEach(() => {
  writes.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
});
afterEach(() => vi.useRealTimers());

describe('StepWriter', () => {
  it('writes the step row at once when not held', async () => {
    StepWriter.start(db, log, 'r', 0, 0, 'answer');
    await settle();
    expect(writes).toEqual(['insert answer']);
  });

  it('a held queue waits for begin(), then writes the row and the log line kept for it', async () => {
    const writer = StepWriter.start(db, log, 'r', 0, 0, 'answer', { hold: true });
    void writer.addLog(entry, { keepHold: true });
    await settle();
    expect(writes).toEqual([]);
    writer.begin();
    await settle();
    expect(writes).toEqual(['insert answer', 'patch logs']);
  });

  it('a held queue runs by itself after 100 ms when the model has not answered', async () => {
    StepWriter.start(db, log, 'r', 0, 0, 'answer', { hold: true });
    await vi.advanceTimersByTimeAsync(99);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(writes).toEqual(['insert answer']);
  });

  it('a write someone awaits ends the hold, in order after the step row', async () => {
    const writer = StepWriter.start(db, log, 'r', 0, 0, 'answer', { hold: true });
    const logged = writer.addLog(entry);
    await settle();
    await logged;
    expect(writes).toEqual(['insert answer', 'patch logs']);
    void writer.putArtifact({ type: 'document', entityId: 'd', title: 't', status: 'finish' } as never);
    writer.append('content', 'hello');
    await writer.flush().then(settle);
    expect(writes).toEqual(['insert answer', 'patch logs', 'patch artifacts', 'append hello']);
  });

  it('flush ends the hold (a run that fails before the model answers still stores its step)', async () => {
    const writer = StepWriter.start(db, log, 'r', 0, 0, 'answer', { hold: true });
    const flushed = writer.flush();
    await settle();
    await flushed;
    expect(writes).toEqual(['insert answer']);
  });
});
