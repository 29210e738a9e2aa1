/**
 * The agent skill against the real `@modelcontextprotocol/server-everything` (streamable HTTP on
 * 127.0.0.1) and an SDK server with a large result, driven by the fake model's tool calls: tool
 * calls and results streamed as log events with server, input, output and duration, stored in the
 * result's step, the answer streamed after them; the step limit (AGENT_MAX_STEPS); a tool over
 * its deadline, an oversized result, garbage arguments and a server gone since validation become
 * tool errors or logs the model and the user see, never a hung run; the canvas tools; a model
 * without function calling refused (E2003); someone else's server (E1017), a disabled one (E0003).
 */
import { nodeBoxes, overlaps, type PlacedNode } from '@atelier/canvas';
import type { ActionLog, SkillEvent } from '@atelier/contract';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { skillTest } from './helpers/fixtures.js';
import type { ModelUser } from './helpers/skill-run.js';
import {
  buildUserWithModel,
  contentOf,
  streamSkill,
  waitForResult,
  withFunctionCalling,
} from './helpers/skill-run.js';
import { expectData, expectFailure } from './helpers/items.js';
import { startBigResultServer, startEverything, type RunningServer } from './helpers/mcp-servers.js';

let everything: RunningServer;
let big: RunningServer;

beforeAll(async () => {
  [everything, big] = await Promise.all([startEverything('streamableHttp'), startBigResultServer(200_000)]);
});
afterAll(async () => {
  await Promise.all([everything, big].map((s) => s?.close()));
});

const it = skillTest({
  MCP_ALLOW_PRIVATE_NETWORK: 'true',
  // generous for a busy machine; the slow tool below runs far longer than the tool deadline
  MCP_CONNECT_TIMEOUT: '30s',
  MCP_TOOL_TIMEOUT: '4s',
  MCP_TOOL_RESULT_MAX_BYTES: '4096',
  AGENT_MAX_STEPS: '3',
  SKILL_IDLE_TIMEOUT: '10s',
});

interface StoredResult {
  status: string;
  errors?: string[];
  steps: Array<{ name: string; content: string; logs?: ActionLog[] }>;
}

/** Creates and validates (so enables) an MCP server of `user`. */
async function addServer(user: ModelUser, name: string, url: string): Promise<void> {
  expectData(await user.post('/v1/mcp-server/create', { name, type: 'streamable', url }));
  const check = expectData(
    await user.post<{ valid: boolean; error?: string }>('/v1/mcp-server/validate', {
      name,
      type: 'streamable',
      url,
    }),
  );
  expect(check.valid, check.error).toBe(true);
}

const logsOf = (events: SkillEvent[]) => events.filter((e) => e.event === 'log').map((e) => e.log!);
const toolLogs = (logs: ActionLog[]) =>
  logs.filter((l) => ['toolCall', 'toolResult', 'toolError'].includes(l.key));

let ready = false;
async function setUp(alice: ModelUser): Promise<void> {
  if (ready) return;
  await withFunctionCalling(alice);
  await addServer(alice, 'everything', everything.url);
  await addServer(alice, 'big', big.url);
  ready = true;
}

describe('agent skill', () => {
  afterEach(({ fake }: { fake: { toolCalls: unknown; toolRounds: number; reply: string } }) => {
    fake.toolCalls = null;
    fake.toolRounds = 1;
    fake.reply = 'Hello from the fake model';
  });

  it('calls server-everything tools, streams and stores each call and result, then answers', async ({
    alice,
    fake,
  }) => {
    await setUp(alice);
    fake.toolCalls = [
      { name: 'everything__echo', arguments: '{"message":"hello from atelier"}' },
      { name: 'everything__get-sum', arguments: '{"a":2,"b":3}' },
    ];
    fake.reply = 'The echo said hello and the sum is 5.';
    const before = fake.requests.length;
    const run = await streamSkill(alice.client, {
      input: { query: 'Echo hello and add 2 and 3' },
      skillName: 'agent',
      selectedMcpServers: ['everything'],
    });
    expect(run.refusal).toBeNull();
    expect(run.events.some((e) => e.event === 'error')).toBe(false);
    expect(run.events.at(-1)!.event).toBe('end');
    expect(contentOf(run.events)).toBe('The echo said hello and the sum is 5.');

    const tools = toolLogs(logsOf(run.events));
    // both calls start before either answers, but a quick answer may arrive before the second call's line
    expect(tools.map((l) => l.key).sort()).toEqual(['toolCall', 'toolCall', 'toolResult', 'toolResult']);
    expect(tools[0]!.key).toBe('toolCall');
    const echo = tools.find((l) => l.key === 'toolResult' && l.titleArgs?.tool === 'echo')!;
    expect(echo.titleArgs).toMatchObject({ server: 'everything', toolCallId: 'call_fake_1_1' });
    expect(typeof echo.titleArgs?.durationMs).toBe('number');
    expect(String(echo.descriptionArgs?.output)).toContain('hello from atelier');
    const sum = tools.find((l) => l.key === 'toolResult' && l.titleArgs?.tool === 'get-sum')!;
    expect(String(sum.descriptionArgs?.output)).toContain('5');
    const call = tools.find((l) => l.key === 'toolCall' && l.titleArgs?.tool === 'get-sum')!;
    expect(call.descriptionArgs?.input).toBe('{"a":2,"b":3}');

    // the model saw the MCP tools with their schemas, and their results
    const chats = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    const offered = (chats[0]!.body!.tools as Array<{ function: { name: string; parameters: unknown } }>).map(
      (t) => t.function,
    );
    expect(offered.map((t) => t.name)).toEqual(
      expect.arrayContaining(['library_search', 'everything__echo', 'everything__get-sum']),
    );
    expect(offered.find((t) => t.name === 'everything__get-sum')!.parameters).toMatchObject({
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    expect(JSON.stringify(chats[1]!.body!.messages)).toContain('hello from atelier');

    // stored: a reload shows the same tool rows and the answer
    const resultId = run.events[0]!.resultId;
    const stored = await waitForResult<StoredResult>(alice.client, resultId);
    expect(stored.status).toBe('finish');
    expect(stored.steps[0]!.content).toBe('The echo said hello and the sum is 5.');
    expect(toolLogs(stored.steps[0]!.logs ?? [])).toEqual(tools);

    // a rerun (next version) keeps the run's servers and stores its own tool rows
    const again = await streamSkill(alice.client, {
      resultId,
      input: { query: 'Echo hello and add 2 and 3' },
      skillName: 'agent',
    });
    expect(again.events[0]).toMatchObject({ resultId, version: 1 });
    expect(toolLogs(logsOf(again.events)).filter((l) => l.key === 'toolResult')).toHaveLength(2);
  });

  it('a follow-up of an agent answer keeps its MCP servers; its own list or another user’s thread does not', async ({
    server,
    alice,
    fake,
  }) => {
    await setUp(alice);
    const offeredTo = (from: number) =>
      fake.requests
        .slice(from)
        .filter((r) => r.path === '/v1/chat/completions')
        .flatMap((r) =>
          ((r.body?.tools ?? []) as Array<{ function: { name: string } }>).map((t) => t.function.name),
        );
    const first = await streamSkill(alice.client, {
      input: { query: 'Echo something' },
      skillName: 'agent',
      selectedMcpServers: ['everything'],
    });
    const resultId = first.events[0]!.resultId;
    const stored = await waitForResult<{ status: string; selectedMcpServers?: string[] }>(
      alice.client,
      resultId,
    );
    expect(stored.selectedMcpServers).toEqual(['everything']);
    const thread = [{ resultId, title: 'Echo something', steps: [{ name: 'answer', content: 'Done.' }] }];

    // a follow-up that names no servers: the model is offered the servers of the answer it follows
    fake.toolCalls = [{ name: 'everything__echo', arguments: '{"message":"follow-up"}' }];
    let before = fake.requests.length;
    const follow = await streamSkill(alice.client, {
      input: { query: 'And once more' },
      skillName: 'agent',
      resultHistory: thread,
    });
    expect(follow.events.some((e) => e.event === 'error')).toBe(false);
    expect(offeredTo(before)).toContain('everything__echo');
    const called = toolLogs(logsOf(follow.events)).find((l) => l.key === 'toolResult')!;
    expect(String(called.descriptionArgs?.output)).toContain('follow-up');
    const followId = follow.events[0]!.resultId;
    expect(followId).not.toBe(resultId);
    expect(
      (await waitForResult<{ status: string; selectedMcpServers?: string[] }>(alice.client, followId))
        .selectedMcpServers,
    ).toEqual(['everything']);

    // its rerun keeps them too
    fake.toolCalls = null;
    before = fake.requests.length;
    await streamSkill(alice.client, {
      resultId: followId,
      input: { query: 'And once more' },
      skillName: 'agent',
    });
    expect(offeredTo(before)).toContain('everything__echo');

    // a follow-up with its own (empty) list runs without them
    before = fake.requests.length;
    const own = await streamSkill(alice.client, {
      input: { query: 'No tools now' },
      skillName: 'agent',
      selectedMcpServers: [],
      resultHistory: thread,
    });
    expect(own.events.some((e) => e.event === 'error')).toBe(false);
    expect(offeredTo(before).some((n) => n.startsWith('everything__'))).toBe(false);

    // another user naming alice’s answer in a thread gets none of her servers
    const bob = await buildUserWithModel(server, fake);
    await withFunctionCalling(bob);
    before = fake.requests.length;
    const theirs = await streamSkill(bob.client, {
      input: { query: 'Borrow her tools' },
      skillName: 'agent',
      resultHistory: thread,
    });
    expect(theirs.refusal).toBeNull();
    expect(theirs.events.some((e) => e.event === 'error')).toBe(false);
    expect(offeredTo(before).some((n) => n.startsWith('everything__'))).toBe(false);
    expect(
      (
        await waitForResult<{ status: string; selectedMcpServers?: string[] }>(
          bob.client,
          theirs.events[0]!.resultId,
        )
      ).selectedMcpServers,
    ).toBeUndefined();
  });

  it('stops at AGENT_MAX_STEPS model calls and says so', async ({ alice, fake }) => {
    await setUp(alice);
    fake.toolCalls = [{ name: 'everything__echo', arguments: '{"message":"again"}' }];
    fake.toolRounds = 50;
    const before = fake.requests.length;
    const run = await streamSkill(alice.client, {
      input: { query: 'Loop' },
      skillName: 'agent',
      selectedMcpServers: ['everything'],
    });
    const chats = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(3);
    const logs = logsOf(run.events);
    expect(logs.filter((l) => l.key === 'toolResult')).toHaveLength(3);
    expect(logs.find((l) => l.key === 'toolStepLimit')?.titleArgs).toEqual({ steps: 3 });
    const stored = await waitForResult<StoredResult>(alice.client, run.events[0]!.resultId);
    expect(stored.status).toBe('finish');
  });

  it('a tool over its deadline, a cut result and garbage arguments are tool errors the model sees', async ({
    alice,
    fake,
  }) => {
    await setUp(alice);
    fake.toolCalls = [
      { name: 'everything__trigger-long-running-operation', arguments: '{"duration":20,"steps":1}' },
      { name: 'big__big', arguments: '{}' },
      { name: 'everything__get-sum', arguments: '{not json' },
    ];
    fake.reply = 'Done despite the errors.';
    const before = fake.requests.length;
    const run = await streamSkill(alice.client, {
      input: { query: 'Try the tools' },
      skillName: 'agent',
      selectedMcpServers: ['everything', 'big'],
    });
    expect(run.events.at(-1)!.event).toBe('end');
    expect(contentOf(run.events)).toBe('Done despite the errors.');
    const tools = toolLogs(logsOf(run.events));
    const slow = tools.find(
      (l) => l.titleArgs?.tool === 'trigger-long-running-operation' && l.key !== 'toolCall',
    );
    expect(slow?.key).toBe('toolError');
    expect(String(slow?.descriptionArgs?.error)).toMatch(/did not answer within 4 s/);
    const cut = tools.find((l) => l.titleArgs?.tool === 'big' && l.key !== 'toolCall');
    expect(cut?.key).toBe('toolResult');
    expect(String(cut?.descriptionArgs?.output)).toContain('more characters]');
    expect(tools.some((l) => l.key === 'toolError' && l.titleArgs?.tool === 'get-sum')).toBe(true);

    // the model got the errors and the cut result (with its marker) back
    const last = fake.requests
      .slice(before)
      .filter((r) => r.path === '/v1/chat/completions')
      .at(-1)!;
    const sent = JSON.stringify(last.body!.messages);
    expect(sent).toContain('[cut: the result was 200000 bytes; the first 4096 are kept]');
    expect(sent).toContain('did not answer within');
    const stored = await waitForResult<StoredResult>(alice.client, run.events[0]!.resultId);
    expect(stored.status).toBe('finish');
  });

  it('adds a memo to the target canvas and reads it back', async ({ alice, fake }) => {
    await setUp(alice);
    const canvas = expectData(
      await alice.post<{ canvasId: string }>('/v1/canvas/create', { title: 'Agent' }),
    );
    fake.toolCalls = [
      { name: 'add_canvas_node', arguments: '{"type":"memo","title":"Note","content":"Buy oat milk"}' },
    ];
    fake.reply = 'Added.';
    const run = await streamSkill(alice.client, {
      input: { query: 'Note: buy oat milk' },
      skillName: 'agent',
      target: { entityType: 'canvas', entityId: canvas.canvasId },
    });
    const added = toolLogs(logsOf(run.events)).find((l) => l.key === 'toolResult')!;
    const nodeId = (JSON.parse(String(added.descriptionArgs?.output)) as { nodeId: string }).nodeId;
    const data = expectData(
      await alice.get<{ nodes: Array<{ id: string; type: string; data: { contentPreview?: string } }> }>(
        '/v1/canvas/data',
        { canvasId: canvas.canvasId },
      ),
    );
    expect(data.nodes.find((n) => n.id === nodeId)).toMatchObject({
      type: 'memo',
      data: { contentPreview: 'Buy oat milk' },
    });

    fake.toolCalls = [{ name: 'read_canvas_item', arguments: JSON.stringify({ id: nodeId }) }];
    const read = await streamSkill(alice.client, {
      input: { query: 'What does the note say?' },
      skillName: 'agent',
      target: { entityType: 'canvas', entityId: canvas.canvasId },
    });
    const got = toolLogs(logsOf(read.events)).find((l) => l.key === 'toolResult')!;
    expect(String(got.descriptionArgs?.output)).toContain('Buy oat milk');
  });

  it('puts its notes where no node is, on a crowded canvas (the placement rule the web app uses)', async ({
    alice,
    fake,
  }) => {
    await setUp(alice);
    // a packed block, and right of it at the top an answer card (drawn 380 px wide); the model
    // calls the tool twice in one step, so the two notes are placed at the same time
    const nodes = [
      ...Array.from({ length: 9 }, (_, i) => ({
        id: `n${i}`,
        type: 'memo',
        position: { x: (i % 3) * 270, y: Math.floor(i / 3) * 170 },
        data: { title: '', contentPreview: `card ${i}` },
      })),
      { id: 'answer', type: 'skillResponse', position: { x: 900, y: -200 }, data: { title: 'answer' } },
    ];
    const file = { format: 'atelier-canvas', version: 2, title: 'Crowded', nodes, edges: [] };
    const fd = new FormData();
    fd.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'c.json');
    const res = await alice.client.fetch('/v1/canvas/import', { method: 'POST', body: fd });
    const { canvasId } = ((await res.json()) as { data: { canvasId: string } }).data;
    fake.toolCalls = [
      { name: 'add_canvas_node', arguments: '{"type":"memo","title":"One","content":"First note"}' },
      { name: 'add_canvas_node', arguments: '{"type":"memo","title":"Two","content":"Second note"}' },
    ];
    fake.reply = 'Added.';
    await streamSkill(alice.client, {
      input: { query: 'Two notes, please' },
      skillName: 'agent',
      target: { entityType: 'canvas', entityId: canvasId },
    });
    const data = expectData(await alice.get<{ nodes: PlacedNode[] }>('/v1/canvas/data', { canvasId }));
    expect(data.nodes).toHaveLength(nodes.length + 2);
    const boxes = nodeBoxes(data.nodes);
    for (const node of data.nodes.filter((n) => !nodes.some((given) => given.id === n.id)))
      for (const other of data.nodes)
        if (other.id !== node.id) expect(overlaps(boxes.get(node.id)!, boxes.get(other.id)!)).toBe(false);
  });

  it('a server gone since validation is logged and the run still answers', async ({
    alice,
    fake,
    server,
  }) => {
    await setUp(alice);
    const gone = await startBigResultServer(10);
    await addServer(alice, 'gone', gone.url);
    await gone.close();
    fake.reply = 'Answered without it.';
    const run = await streamSkill(alice.client, {
      input: { query: 'Hi' },
      skillName: 'agent',
      selectedMcpServers: ['gone'],
    });
    expect(contentOf(run.events)).toBe('Answered without it.');
    expect(logsOf(run.events).find((l) => l.key === 'mcpServerFailed')?.titleArgs).toEqual({
      server: 'gone',
    });
    expect(server).toBeDefined();
  });

  it('refuses a model without function calling, unknown, foreign and disabled servers', async ({
    alice,
    bob,
    server,
  }) => {
    await setUp(alice);
    // bob's model has no function calling
    const noTools = await streamSkill(bob.client, { input: { query: 'x' }, skillName: 'agent' });
    expect(noTools.refusal).toMatchObject({ success: false, errCode: 'E2003' });
    expect(JSON.stringify(noTools.refusal)).toContain('function calling');

    await withFunctionCalling(bob);
    const foreign = await streamSkill(bob.client, {
      input: { query: 'x' },
      skillName: 'agent',
      selectedMcpServers: ['everything'],
    });
    expect(foreign.refusal).toMatchObject({ success: false, errCode: 'E1017' });
    expectFailure(
      await bob.post('/v1/skill/invoke', {
        input: { query: 'x' },
        skillName: 'agent',
        selectedMcpServers: ['everything'],
      }),
      'E1017',
    );
    expectFailure(
      await alice.post('/v1/skill/invoke', {
        input: { query: 'x' },
        skillName: 'agent',
        selectedMcpServers: ['nope'],
      }),
      'E1017',
    );
    expectFailure(
      await alice.post('/v1/skill/invoke', {
        input: { query: 'x' },
        skillName: 'agent',
        selectedMcpServers: [''],
      }),
      'E0003',
    );
    expectData(await alice.post('/v1/mcp-server/create', { name: 'off', type: 'streamable', url: big.url }));
    expectFailure(
      await alice.post('/v1/skill/invoke', {
        input: { query: 'x' },
        skillName: 'agent',
        selectedMcpServers: ['off'],
      }),
      'E0003',
    );
    const anonymous = server.client();
    const res = await anonymous.post('/v1/skill/invoke', {
      input: { query: 'x' },
      skillName: 'agent',
      selectedMcpServers: ['everything'],
    });
    expect(res.status).toBe(401);
  });
});
