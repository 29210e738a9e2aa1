// Skill relay overhead: the fake OpenAI-compatible model (the test helper, on loopback) is read
// directly and through the server's /v1/skill/streamInvoke, which records the run, persists the
// step while streaming and relays each chunk as a Server-Sent Event. We measure
//  - time to first token: request until the first content chunk / `stream` event (p50 over
//    BENCH_RUNS runs; goal: the relay adds ≤ 10 ms at p50);
//  - tokens per second of a long answer (BENCH_TOKENS words; goal ≥ 95 % of direct);
//  - BENCH_STREAMS (200) concurrent streams: every event arrives (0 lost) and ends with `end`.
// The server runs as its own process (from source, through tsx), the fake model in this one.
import { startFakeModelServer } from '../apps/server/test/helpers/fake-model-server.js';
import { startBenchServer } from './bench-server.js';
import { percentile } from './lib.mjs';

const fmt = (n: number, digits = 1) => n.toFixed(digits);

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 2000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const fake = await startFakeModelServer();
const server = await startBenchServer('relay', { OLLAMA_DETECT: 'false' });
const { base, api } = server;

interface Timing {
  /** Until the first frame of any kind (the relay's `start`). */
  firstFrame: number;
  firstToken: number;
  total: number;
  tokens: number;
  events: string[];
}

/** Reads an SSE body: `data: <json>` frames; `kind` answers the token count of one frame. */
async function readSse(
  res: Response,
  t0: number,
  onFrame: (data: string) => { token: boolean; label?: string },
): Promise<Timing> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const timing: Timing = { firstFrame: NaN, firstToken: NaN, total: NaN, tokens: 0, events: [] };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      if (!frame.startsWith('data: ')) continue;
      if (Number.isNaN(timing.firstFrame)) timing.firstFrame = performance.now() - t0;
      const { token, label } = onFrame(frame.slice(6));
      if (label) timing.events.push(label);
      if (token) {
        if (!timing.tokens) timing.firstToken = performance.now() - t0;
        timing.tokens += 1;
      }
    }
  }
  timing.total = performance.now() - t0;
  return timing;
}

async function direct(): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake-chat', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  return readSse(res, t0, (data) => {
    if (data === '[DONE]') return { token: false };
    const chunk = JSON.parse(data) as { choices: Array<{ delta?: { content?: string } }> };
    return { token: Boolean(chunk.choices[0]?.delta?.content) };
  });
}

async function relayed(itemId: string): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(`${base}/v1/skill/streamInvoke`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ input: { query: 'Hi' }, modelItemId: itemId }),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`refused: ${await res.text()}`);
  return readSse(res, t0, (data) => {
    const event = JSON.parse(data) as { event: string; content?: string };
    return { token: event.event === 'stream' && Boolean(event.content), label: event.event };
  });
}

let ok = true;
try {
  await server.signUp();
  const provider = await api<{ providerId: string }>('POST', '/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Fake',
    categories: ['llm'],
    baseUrl: `${fake.url}/v1`,
  });
  const item = await api<{ itemId: string }>('POST', '/provider/item/create', {
    providerId: provider.providerId,
    name: 'fake-chat',
    category: 'llm',
    tier: 't2',
    config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 128_000, maxOutput: 8_000 },
  });

  // 1. time to first token, short answers
  fake.reply = 'Hello from the fake model';
  for (let i = 0; i < 5; i++) await Promise.all([direct(), relayed(item.itemId)]); // warm-up
  const d: number[] = [];
  const r: number[] = [];
  const started: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    d.push((await direct()).firstToken);
    const relay = await relayed(item.itemId);
    r.push(relay.firstToken);
    started.push(relay.firstFrame);
    const t = performance.now();
    await api('GET', '/skill/list');
    plain.push(performance.now() - t);
  }
  const added = percentile(r, 50) - percentile(d, 50);
  console.log(
    `time to first token (${RUNS} runs): direct p50 ${fmt(percentile(d, 50))} ms, relayed p50 ${fmt(percentile(r, 50))} ms, p95 ${fmt(percentile(r, 95))} ms; added p50 ${fmt(added)} ms (goal ≤ 10 ms: ${added <= 10 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  of which: an authenticated GET /skill/list p50 ${fmt(percentile(plain, 50))} ms; the relay's start event p50 ${fmt(percentile(started, 50))} ms (run recorded), first token ${fmt(percentile(r, 50) - percentile(started, 50))} ms after it`,
  );
  ok = added <= 10 && ok;

  // 2. tokens per second, a long answer paced like a fast model (1 ms between chunks)
  fake.reply = Array.from({ length: TOKENS }, (_, i) => `t${i}`).join(' ');
  fake.chunkDelayMs = 1;
  const rate = (t: Timing) => t.tokens / ((t.total - t.firstToken) / 1000);
  const directRates: number[] = [];
  const relayRates: number[] = [];
  for (let i = 0; i < 3; i++) {
    directRates.push(rate(await direct()));
    const relay = await relayed(item.itemId);
    if (relay.tokens !== TOKENS) throw new Error(`relay lost tokens: ${relay.tokens} of ${TOKENS}`);
    relayRates.push(rate(relay));
  }
  const share = percentile(relayRates, 50) / percentile(directRates, 50);
  console.log(
    `tokens per second (${TOKENS} tokens, 1 ms pacing): direct ${fmt(percentile(directRates, 50), 0)}, relayed ${fmt(percentile(relayRates, 50), 0)} (${fmt(share * 100)} % of direct; goal ≥ 95 %: ${share >= 0.95 ? 'met' : 'NOT met'})`,
  );
  ok = share >= 0.95 && ok;

  // 3. concurrent streams: every event arrives
  const words = 50;
  fake.reply = Array.from({ length: words }, (_, i) => `c${i}`).join(' ');
  fake.chunkDelayMs = 5;
  const t0 = performance.now();
  const all = await Promise.all(Array.from({ length: STREAMS }, () => relayed(item.itemId)));
  const elapsed = performance.now() - t0;
  let lost = 0;
  let unended = 0;
  for (const t of all) {
    lost += words - t.tokens;
    if (t.events.at(-1) !== 'end' || t.events.includes('error')) unended += 1;
  }
  console.log(
    `${STREAMS} concurrent streams of ${words} tokens: ${fmt(elapsed / 1000, 2)} s, ${lost} events lost, ${unended} streams without a clean end (goal 0 lost: ${lost === 0 && unended === 0 ? 'met' : 'NOT met'})`,
  );
  ok = lost === 0 && unended === 0 && ok;
} finally {
  await server.stop();
  await fake.close();
}
process.exit(ok ? 0 : 1);
