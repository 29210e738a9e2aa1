// What the agent skill adds to one MCP tool call (goal: ≤ 15 ms p50 added), against the real
// @modelcontextprotocol/server-everything (streamable HTTP on 127.0.0.1) and its `echo` tool:
// 1. direct: the MCP SDK's own client, connected once, calling echo;
// 2. agent tool: the agent's tool for echo (built by the skill, as a run builds it: pooled
//    connection through the safe outbound fetch, deadline, result cap), executed directly;
// 3. agent run: whole /v1/skill/streamInvoke runs where the fake model calls echo in R rounds
//    before answering, minus a run that answers at once, per round; minus the direct call and one
//    model request through the AI SDK (measured alone) what is left is the agent's own part (the
//    engine's events, the stored log lines, the loop).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { jsonSchema, streamText, tool } from 'ai';
import { loadConfig } from '../apps/server/src/config.js';
import { languageModelFor } from '../apps/server/src/modules/provider/provider.models.js';
import { resolveModel } from '../apps/server/src/modules/provider/provider.resolve.js';
import { startServer } from '../apps/server/src/server.js';
import { agentSkill } from '../apps/server/src/skills/skill.agent.js';
import type { SkillRunEnv } from '../apps/server/src/skills/skill.types.js';
import { startFakeModelServer } from '../apps/server/test/helpers/fake-model-server.js';
import { startEverything } from '../apps/server/test/helpers/mcp-servers.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-agent-'));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const at = performance.now();
  await fn();
  return performance.now() - at;
}

const [fake, everything] = await Promise.all([startFakeModelServer(), startEverything('streamableHttp')]);
const server = await startServer(
  loadConfig({
    NODE_ENV: 'production',
    // the fake model servers listen on 127.0.0.1
    PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ACCESS_TOKEN_TTL: '1h',
    RATE_LIMIT_PER_IP: '100000000',
    MCP_ALLOW_PRIVATE_NETWORK: 'true',
    AGENT_MAX_STEPS: String(ROUNDS + 1),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  }),
);
const direct = new Client({ name: 'bench', version: '1.0.0' });
try {
  // a user through the real sign-up flow, a model with function calling, the MCP server validated
  const email = `bench-${Date.now()}@example.com`;
  let cookie = '';
  const post = async <T>(path: string, body: unknown): Promise<{ data: T; res: Response }> => {
    const res = await fetch(`${server.url}/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const json = (await res.clone().json()) as { success: boolean; data: T };
    if (!json.success) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return { data: json.data, res };
  };
  const signup = await post<{ sessionId: string }>('/auth/email/signup', {
    email,
    password: 'bench-password',
  });
  const mail = readFileSync(join(dataDir, 'mail-outbox.jsonl'), 'utf8').trim().split('\n').pop()!;
  const { code } = JSON.parse(mail) as { code: string };
  const check = await post('/auth/verification/check', { sessionId: signup.data.sessionId, code });
  cookie = check.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const provider = await post<{ providerId: string }>('/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Fake',
    categories: ['llm'],
    baseUrl: `${fake.url}/v1`,
  });
  await post('/provider/item/create', {
    providerId: provider.data.providerId,
    name: 'fake-chat',
    category: 'llm',
    config: { modelId: 'fake-chat', modelName: 'Fake Chat', capabilities: { functionCall: true } },
  });
  const mcp = { name: 'everything', type: 'streamable', url: everything.url };
  await post('/mcp-server/create', mcp);
  const valid = await post<{ valid: boolean }>('/mcp-server/validate', mcp);
  if (!valid.data.valid) throw new Error('server-everything did not validate');
  const settings = (await (
    await fetch(`${server.url}/v1/user/settings`, { headers: { cookie } })
  ).json()) as {
    data: { uid: string };
  };

  // 1. direct SDK client
  await direct.connect(new StreamableHTTPClientTransport(new URL(everything.url)));
  const args = { message: 'hello from the bench' };
  const directTimes: number[] = [];
  for (let i = 0; i < 20; i++) await direct.callTool({ name: 'echo', arguments: args });
  for (let i = 0; i < CALLS; i++)
    directTimes.push(await time(() => direct.callTool({ name: 'echo', arguments: args })));

  // the fake model's part of a tool round: one streamed chat completion that calls a tool
  fake.toolCalls = [{ name: 'everything__echo', arguments: JSON.stringify(args) }];
  fake.toolRounds = 1;
  const modelCall = () =>
    fetch(`${fake.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'fake-chat',
        stream: true,
        messages: [{ role: 'user', content: 'bench' }],
        tools: [{ type: 'function', function: { name: 'everything__echo', parameters: { type: 'object' } } }],
      }),
    }).then((r) => r.text());
  for (let i = 0; i < 20; i++) await modelCall();
  const modelTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) modelTimes.push(await time(modelCall));

  // the same request through the AI SDK and the user's provider (what each round of a run makes)
  const resolved = (await resolveModel(server.ctx, settings.data.uid, 'chat'))!;
  const sdkCall = async () => {
    const result = streamText({
      model: languageModelFor(resolved),
      messages: [{ role: 'user', content: 'bench' }],
      tools: { everything__echo: tool({ inputSchema: jsonSchema({ type: 'object' }) }) },
    });
    for await (const part of result.fullStream) void part;
  };
  for (let i = 0; i < 20; i++) await sdkCall();
  const sdkTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) sdkTimes.push(await time(sdkCall));

  // 2. the agent's tool, built as a run builds it
  const controller = new AbortController();
  const env = {
    ctx: server.ctx,
    collab: server.services.collab,
    files: server.services.uploads,
    uid: settings.data.uid,
    resultId: 'ar-bench',
    version: 0,
    input: { query: 'bench' },
    tplConfig: {},
    target: { type: null, id: null },
    projectId: null,
    locale: null,
    model: null,
    signal: controller.signal,
    step: { name: 'agent' },
    emit: () => undefined,
    log: () => Promise.resolve(),
    artifact: () => Promise.resolve(),
    state: {},
  } satisfies SkillRunEnv;
  const tools = await agentSkill.tools!({
    uid: env.uid,
    resultId: env.resultId,
    selectedMcpServers: ['everything'],
    env,
  });
  const echo = tools['everything__echo']!;
  const call = (i: number) =>
    echo.execute!(args, { toolCallId: `bench-${i}`, messages: [], abortSignal: controller.signal });
  for (let i = 0; i < 20; i++) await call(i);
  const toolTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) toolTimes.push(await time(() => call(i)));
  await agentSkill.cleanup!(env);

  // 3. whole runs: R rounds of one echo call each, and a run without tools
  const run = async (rounds: number) => {
    fake.toolCalls = rounds ? [{ name: 'everything__echo', arguments: JSON.stringify(args) }] : null;
    fake.toolRounds = rounds;
    return time(async () => {
      const res = await fetch(`${server.url}/v1/skill/streamInvoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          input: { query: 'bench' },
          skillName: 'agent',
          selectedMcpServers: ['everything'],
        }),
      });
      const text = await res.text();
      if (!text.includes('"event":"end"') || text.includes('"event":"error"'))
        throw new Error(text.slice(-500));
      if (rounds && (text.match(/"key":"toolResult"/g) ?? []).length !== rounds)
        throw new Error(`expected ${rounds} tool results`);
    });
  };
  await run(ROUNDS);
  await run(0);
  const withTools: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    withTools.push(await run(ROUNDS));
    without.push(await run(0));
  }
  const perRound = (pct(withTools, 50) - pct(without, 50)) / ROUNDS;

  const d50 = pct(directTimes, 50);
  console.log(`direct SDK client, echo: p50 ${ms(d50)}, p95 ${ms(pct(directTimes, 95))} (${CALLS} calls)`);
  console.log(
    `agent tool, echo: p50 ${ms(pct(toolTimes, 50))}, p95 ${ms(pct(toolTimes, 95))}; added p50 ${ms(pct(toolTimes, 50) - d50)} (goal ≤ 15 ms)`,
  );
  const m50 = pct(modelTimes, 50);
  const s50 = pct(sdkTimes, 50);
  console.log(
    `model request with a tool call: raw fetch p50 ${ms(m50)}; through the AI SDK and the provider p50 ${ms(s50)}`,
  );
  console.log(
    `agent run: ${ROUNDS} tool rounds p50 ${ms(pct(withTools, 50))}, no tools p50 ${ms(pct(without, 50))} (${RUNS} runs each); ` +
      `per tool round ${ms(perRound)} = direct call ${ms(d50)} + model request through the AI SDK ${ms(s50)} + agent ${ms(perRound - d50 - s50)} ` +
      `(goal ≤ 15 ms); database ${server.ctx.dbKind}`,
  );
} finally {
  await direct.close().catch(() => undefined);
  await server.close();
  await Promise.all([fake.close(), everything.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
