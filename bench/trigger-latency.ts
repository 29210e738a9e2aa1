// Timer trigger latency: how long after its time a timer trigger fires. The server runs as its
// own process (real clock, TRIGGER_POLL_INTERVAL as given, default 1s); the benchmark makes
// BENCH_TRIGGERS one-off timer triggers due a few seconds ahead, spread over a few seconds, then
// reads each trigger's lastRunAt (the moment the scheduler took it and recorded its run; the skill
// job is made and queued right after) and reports lastRunAt − datetime. Goal: within 2 s.
import { startBenchServer } from './bench-server.js';
import { fmt, maxOf, percentile } from './lib.mjs';

const COUNT = Number(process.env.BENCH_TRIGGERS ?? 40);
const POLL = process.env.TRIGGER_POLL_INTERVAL ?? '1s';
const SPREAD_MS = 8_000;
const LEAD_MS = 4_000;

interface Trigger {
  triggerId: string;
  timerConfig: { datetime: string } | null;
  lastRunAt?: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startBenchServer('trigger', { TRIGGER_POLL_INTERVAL: POLL });
try {
  await server.signUp();
  const { skillId } = await server.api<{ skillId: string }>('POST', '/skill/instance/new', {
    tplName: 'commonQnA',
    displayName: 'Bench',
  });
  const start = Date.now() + LEAD_MS;
  for (let i = 0; i < COUNT; i++) {
    const at = new Date(start + Math.round((i * SPREAD_MS) / COUNT));
    await server.api('POST', '/skill/trigger/new', {
      skillId,
      displayName: `t${i}`,
      triggerType: 'timer',
      timerConfig: { datetime: at.toISOString() },
      input: { query: 'ping' },
    });
  }
  await sleep(Math.max(0, start + SPREAD_MS - Date.now()) + 5_000);
  const triggers = await server.api<Trigger[]>('GET', `/skill/trigger/list?skillId=${skillId}&pageSize=100`);
  const late = triggers
    .filter((t) => t.lastRunAt && t.timerConfig)
    .map((t) => Date.parse(t.lastRunAt!) - Date.parse(t.timerConfig!.datetime));
  if (late.length !== COUNT) throw new Error(`${COUNT - late.length} of ${COUNT} triggers did not fire`);
  const latest = maxOf(late);
  console.log(
    `timer trigger fired after its time (${COUNT} one-off triggers, TRIGGER_POLL_INTERVAL=${POLL}, ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
      `p50 ${fmt(percentile(late, 50))} ms, p95 ${fmt(percentile(late, 95))} ms, max ${fmt(latest)} ms ` +
      `(goal: within 2,000 ms) ${latest <= 2_000 ? 'met' : 'MISSED'}`,
  );
} finally {
  await server.stop();
}
