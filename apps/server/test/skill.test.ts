/**
 * Skill runs over real HTTP against the fake provider: the SSE event sequence of a streamed answer
 * with reasoning, citations and usage; what is persisted; reruns as versions; a dropped client;
 * provider failures (E3001), rate limits (E3002) and stalls (E3003); no model (E0014); bad input.
 */
import type { ActionResult } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { documents, resources } from '../src/db/schema/index.js';
import { buildUser } from './helpers/factories.js';
import type { FakeModelServer } from './helpers/fake-model-server.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { contentOf, reasoningOf, resetFake, streamSkill, waitForResult } from './helpers/skill-run.js';

const it = skillTest();
it.beforeEach(({ fake }) => resetFake(fake));

const lastChatRequest = (fake: FakeModelServer) =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
const systemOf = (req: ReturnType<typeof lastChatRequest>) =>
  String(
    (req.body?.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'system')
      ?.content,
  );

describe('skill streamInvoke', () => {
  it('streams start, log, reasoning, content, token usage, sources and end, and persists them', async ({
    fake,
    alice: a,
  }) => {
    fake.reasoning = 'Let me think about France';
    fake.reply = 'Paris is the capital [1]. Nothing more 【2】.';
    expectData(await a.post('/v1/canvas/create', { canvasId: 'c-anything' }));
    const run = await streamSkill(a.client, {
      input: { query: 'What is the capital of France?' },
      context: {
        contentList: [{ content: 'Paris is the capital of France.', metadata: { title: 'My note' } }],
      },
      target: { entityType: 'canvas', entityId: 'c-anything' },
    });
    expect(run.status).toBe(200);
    expect(run.contentType).toMatch(/^text\/event-stream/);
    const kinds = run.events.map((e) =>
      e.event === 'stream' ? (e.reasoningContent ? 'reasoning' : 'content') : e.event,
    );
    const compact = kinds.filter((k, i) => k !== kinds[i - 1]);
    expect(compact).toEqual([
      'start',
      'log',
      'reasoning',
      'content',
      'token_usage',
      'structured_data',
      'end',
    ]);
    const { resultId, version } = run.events[0]!;
    expect(resultId).toMatch(/^ar-/);
    expect(version).toBe(0);
    expect(run.events.every((e) => e.resultId === resultId && e.version === 0)).toBe(true);
    expect(run.events[0]!.skillMeta?.name).toBe('commonQnA');
    expect(reasoningOf(run.events)).toBe('Let me think about France');
    // no marker arrives, even when the model splits them across chunks: the citations come
    // beside the text, as offsets in it
    expect(contentOf(run.events)).toBe('Paris is the capital. Nothing more.');
    expect(run.events.flatMap((e) => e.citations ?? [])).toEqual([
      { index: 1, at: 'Paris is the capital'.length },
      { index: 2, at: 'Paris is the capital. Nothing more'.length },
    ]);
    const usage = run.events.find((e) => e.event === 'token_usage')!.tokenUsage!;
    expect(usage).toMatchObject({
      modelName: 'fake-chat',
      modelProvider: 'openai-compatible',
      inputTokens: 7,
      tier: 't2',
    });
    expect(usage.outputTokens).toBeGreaterThan(0);
    // only source 1 exists, so only it is linked
    const data = run.events.find((e) => e.event === 'structured_data')!.structuredData!;
    expect(data.sources).toEqual([{ index: 1, kind: 'content', title: 'My note' }]);
    expect(systemOf(lastChatRequest(fake))).toContain('[1] My note\nParis is the capital of France.');

    const result = expectData(await a.get<ActionResult>('/v1/action/result', { resultId }));
    expect(result).toMatchObject({
      resultId,
      version: 0,
      status: 'finish',
      type: 'skill',
      title: 'What is the capital of France?',
      tier: 't2',
      targetType: 'canvas',
      targetId: 'c-anything',
      actionMeta: { type: 'skill', name: 'commonQnA' },
      modelInfo: { name: 'fake-chat', providerItemId: a.itemId, contextLimit: 8000 },
      errors: [],
    });
    expect(result.steps).toHaveLength(1);
    expect(result.steps![0]).toMatchObject({
      name: 'answerQuestion',
      content: contentOf(run.events),
      reasoningContent: 'Let me think about France',
      tokenUsage: [usage],
      structuredData: data,
    });
    expect(result.steps![0]!.logs![0]!.key).toBe('buildContext');
  });

  it('reruns a result as a new version and keeps the old one', async ({ fake, alice: a }) => {
    fake.reply = 'First answer';
    const first = await streamSkill(a.client, { input: { query: 'Again?' } });
    const resultId = first.events[0]!.resultId;
    fake.reply = 'Second answer';
    const second = await streamSkill(a.client, { input: { query: 'Again?' }, resultId });
    expect(second.events[0]).toMatchObject({ event: 'start', resultId, version: 1 });
    expect(second.events.at(-1)!.event).toBe('end');
    const latest = expectData(await a.get<ActionResult>('/v1/action/result', { resultId }));
    expect(latest.version).toBe(1);
    expect(latest.steps![0]!.content).toBe('Second answer');
    const old = expectData(await a.get<ActionResult>('/v1/action/result', { resultId, version: 0 }));
    expect(old.steps![0]!.content).toBe('First answer');
  });

  it('keeps running and persisting after the client hangs up', async ({ fake, alice: a }) => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`);
    fake.reply = words.join(' ');
    fake.chunkDelayMs = 30;
    const run = await streamSkill(
      a.client,
      { input: { query: 'Long answer please' } },
      (events) => events.filter((e) => e.event === 'stream').length >= 3,
    );
    expect(run.events.at(-1)!.event).toBe('stream');
    const resultId = run.events[0]!.resultId;
    const done = await waitForResult<ActionResult>(a.client, resultId);
    expect(done.status).toBe('finish');
    expect(done.steps![0]!.content).toBe(fake.reply);
  });

  it('answers E3001 for a provider error, with the result failed', async ({ fake, alice: a }) => {
    fake.chatError = { status: 500, message: 'the model is on fire' };
    const run = await streamSkill(a.client, { input: { query: 'Hi' } });
    expect(run.events.map((e) => e.event)).toEqual(['start', 'log', 'error', 'end']);
    expect(run.events[2]).toMatchObject({ error: 'E3001' });
    expect(run.events[2]!.originError).toContain('the model is on fire');
    const result = expectData(
      await a.get<ActionResult>('/v1/action/result', { resultId: run.events[0]!.resultId }),
    );
    expect(result).toMatchObject({ status: 'failed', errors: ['E3001'] });
  });

  it('answers E3002 when the provider rate-limits', async ({ fake, alice: a }) => {
    fake.chatError = { status: 429, message: 'slow down' };
    const run = await streamSkill(a.client, { input: { query: 'Hi' } });
    expect(run.events.find((e) => e.event === 'error')).toMatchObject({ error: 'E3002' });
    expect(run.events.at(-1)!.event).toBe('end');
  });

  // the idle timeout (1.5 s) ends the run: well inside the 5 s this test may take
  it(
    'answers E3003 when the model stalls, keeping what was streamed',
    { timeout: 5_000 },
    async ({ fake, alice: a }) => {
      fake.reply = 'one two three four five';
      fake.stallAfterChunks = 2;
      const run = await streamSkill(a.client, { input: { query: 'Hi' } });
      expect(run.events.map((e) => e.event).slice(-2)).toEqual(['error', 'end']);
      expect(run.events.at(-2)).toMatchObject({ error: 'E3003' });
      expect(contentOf(run.events)).toBe('one two');
      const result = expectData(
        await a.get<ActionResult>('/v1/action/result', { resultId: run.events[0]!.resultId }),
      );
      expect(result).toMatchObject({ status: 'failed', errors: ['E3003'] });
      expect(result.steps![0]!.content).toBe('one two');
    },
  );

  it('puts owned documents and project instructions into the prompt, refusing others', async ({
    server,
    fake,
    alice: a,
    bob: b,
  }) => {
    const db = server.server.ctx.db;
    await db.insert(documents).values([
      { docId: 'd-skillmine', uid: a.uid, title: 'Mine', content: '# Secret plan\nBuild a boat.' },
      { docId: 'd-skilltheirs', uid: b.uid, title: 'Theirs', content: 'Not for A' },
    ]);
    await db.insert(resources).values({
      resourceId: 'r-skillmine',
      uid: a.uid,
      resourceType: 'text',
      title: 'Clipping',
      content: 'Boats float on water.',
    });
    const project = await a.post<{ projectId: string }>('/v1/project/create', {
      name: 'Boats',
      customInstructions: 'Always mention sails.',
    });
    const projectId = project.body.success ? project.body.data!.projectId : undefined;
    // Someone else's document is refused like a missing one, and nothing runs.
    const before = fake.requests.length;
    expectFailure(
      await a.post('/v1/skill/invoke', {
        input: { query: 'Summarise' },
        context: { documents: [{ docId: 'd-skillmine' }, { docId: 'd-skilltheirs' }] },
      }),
      'E1003',
    );
    expect(fake.requests.length).toBe(before);
    const run = await streamSkill(a.client, {
      input: { query: 'Summarise' },
      context: {
        documents: [{ docId: 'd-skillmine' }],
        resources: [{ resourceId: 'r-skillmine' }],
      },
      locale: 'fr',
      ...(projectId ? { projectId } : {}),
    });
    expect(run.events.at(-1)!.event).toBe('end');
    const system = systemOf(lastChatRequest(fake));
    expect(system).toContain('[1] Mine\n# Secret plan\nBuild a boat.');
    expect(system).toContain('[2] Clipping\nBoats float on water.');
    expect(system).not.toContain('Not for A');
    expect(system).toContain('"fr"');
    if (projectId) expect(system).toContain('Always mention sails.');
    const log = run.events.find((e) => e.event === 'log')!.log!;
    expect(log.titleArgs).toEqual({ sources: 2, skipped: 0 });
  });
});

describe('built-in skills', () => {
  it('lists the built-ins with their config forms', async ({ alice: a }) => {
    const list = expectData(
      await a.get<Array<{ name: string; configSchema: { items: Array<{ key: string }> } }>>('/v1/skill/list'),
    );
    expect(list.map((s) => s.name)).toEqual([
      'commonQnA',
      'customPrompt',
      'generateDoc',
      'editDoc',
      'rewriteDoc',
      'codeArtifacts',
      'webSearch',
      'librarySearch',
      'recommendQuestions',
      'imageGeneration',
      'agent',
    ]);
    expect(list[1]!.configSchema.items[0]!.key).toBe('customSystemPrompt');
  });

  it('customPrompt uses the system prompt from tplConfig', async ({ fake, alice: a }) => {
    await streamSkill(a.client, {
      input: { query: 'Hi' },
      skillName: 'customPrompt',
      tplConfig: { customSystemPrompt: { value: 'You are a pirate.' } },
    });
    expect(systemOf(lastChatRequest(fake))).toMatch(/^You are a pirate\./);
  });

  it('recommendQuestions sends the questions as structured data', async ({ fake, alice: a }) => {
    fake.reply = '["Why is the sky blue?", "What is light?"]';
    const run = await streamSkill(a.client, {
      input: { query: 'Sky colour' },
      skillName: 'recommendQuestions',
    });
    expect(run.events.find((e) => e.event === 'structured_data')!.structuredData).toEqual({
      questions: ['Why is the sky blue?', 'What is light?'],
    });
  });
});

describe('refusals before a run starts', () => {
  it('answers E0014 without a chat model', async ({ server }) => {
    const c = await buildUser(server);
    const run = await streamSkill(c.client, { input: { query: 'Hi' } });
    expect(run.status).toBe(200);
    expect(run.refusal).toMatchObject({ success: false, errCode: 'E0014' });
    expectFailure(await c.post('/v1/skill/invoke', { input: { query: 'Hi' } }), 'E0014');
  });

  it('answers E0003 / E2004 / E2005 / E1006 / E2003 for bad input, never 500', async ({ alice: a }) => {
    const post = (body: unknown) => a.post('/v1/skill/streamInvoke', body);
    expectFailure(await post({}), 'E0003');
    expectFailure(await post({ input: { query: 'x' }, skillName: 'nope' }), 'E0003');
    expectFailure(await post({ input: { query: 'x' }, context: { urls: [{ url: 'ftp://x' }] } }), 'E0003');
    expectFailure(await post('{"input": '), 'E0003');
    expectFailure(await post({ input: { query: 'x'.repeat(100_001) } }), 'E2004');
    const big = Array.from({ length: 40 }, () => ({ content: 'y'.repeat(3_000) }));
    const res = await post({ input: { query: 'x' }, context: { contentList: big } });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errCode).toBe('E2005');
    // the agent needs a model with function calling; this one has no capabilities
    expectFailure(await post({ input: { query: 'x' }, skillName: 'agent' }), 'E2003');
    expectFailure(await post({ input: { query: 'x' }, modelItemId: 'pi-doesnotexist' }), 'E2003');
  });
});
