/**
 * The built-in skills beyond question answering, over real HTTP against the fake model and fake
 * web services: web search (POST /search with SearXNG, Serper, Tavily, Brave), the webSearch and
 * librarySearch skills with citations, generateDoc writing into a live document a collab client
 * watches, editDoc / rewriteDoc on a selection, codeArtifacts, imageGeneration with its progress
 * and errors, multilingual search, /skill/list, /canvas/autoName, and keys kept out of answers.
 */
import type { ActionResult, SkillEvent } from '@atelier/contract';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openCollab, waitUntil } from './helpers/collab-client.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import type { FakeModelServer } from './helpers/fake-model-server.js';
import { skillTest } from './helpers/fixtures.js';
import { createCanvas, createDocument, expectData, expectFailure } from './helpers/items.js';
import { contentOf, resetFake, streamSkill, waitForResult } from './helpers/skill-run.js';

let web: FakeWebServer;
/** Every raw answer body this file received, to check that no key leaks. */
const answers: string[] = [];

const compactKinds = (events: SkillEvent[]) => {
  const kinds = events.map((e) =>
    e.event === 'stream' ? (e.reasoningContent ? 'reasoning' : 'content') : e.event,
  );
  return kinds.filter((k, i) => k !== kinds[i - 1]);
};

async function addWebProvider(
  user: BuiltUser,
  providerKey: string,
  path: string,
  apiKey?: string,
): Promise<string> {
  const res = await user.post<{ providerId: string }>('/v1/provider/create', {
    providerKey,
    name: providerKey,
    categories: ['webSearch'],
    baseUrl: `${web.url}${path}`,
    ...(apiKey ? { apiKey } : {}),
  });
  answers.push(JSON.stringify(res.body));
  return expectData(res).providerId;
}

async function api<T>(user: BuiltUser, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = method === 'GET' ? await user.get<T>(path) : await user.post<T>(path, body);
  answers.push(JSON.stringify(res.body));
  return res;
}

async function result(user: BuiltUser, resultId: string): Promise<ActionResult> {
  return expectData(await api<ActionResult>(user, 'GET', `/v1/action/result?resultId=${resultId}`));
}

beforeAll(async () => {
  web = await startFakeWebServer();
});
afterAll(async () => {
  await web?.close();
});

const it = skillTest(
  { IMAGE_GENERATION_POLL: '30ms', IMAGE_GENERATION_TIMEOUT: '1500ms' },
  {
    setup: async ({ alice }) => {
      await addWebProvider(alice, 'searxng', '/searxng');
    },
  },
);

it.beforeEach(({ fake }) => {
  resetFake(fake);
  web.searchStatus = null;
  web.image = {};
});

const lastChat = (fake: FakeModelServer) =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
const systemOf = (fake: FakeModelServer) =>
  String(
    (lastChat(fake).body?.messages as Array<{ role: string; content: string }>).find(
      (m) => m.role === 'system',
    )?.content,
  );

describe('POST /search (web)', () => {
  it('searches SearXNG through its JSON API with the default limit of 10', async ({ alice: a }) => {
    const hits = expectData(
      await api<Array<{ name: string; url: string; snippet: string }>>(a, 'POST', '/v1/search', {
        source: 'web',
        q: 'capital of France',
        hl: 'en',
      }),
    );
    expect(hits).toHaveLength(3);
    expect(hits[0]).toMatchObject({
      name: 'Paris - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Paris',
      snippet: 'Paris is the capital of France.',
    });
    const req = web.requests.filter((r) => r.path === '/searxng/search').at(-1)!;
    expect(req.query).toMatchObject({ q: 'capital of France', format: 'json', language: 'en' });
    const two = expectData(
      await api<unknown[]>(a, 'POST', '/v1/search', { source: 'web', q: 'paris', limit: 2 }),
    );
    expect(two).toHaveLength(2);
  });

  it('speaks the hosted APIs: Serper, Tavily and Brave', async ({ server }) => {
    const serperUser = await buildUser(server);
    await addWebProvider(serperUser, 'serper', '/serper', 'serper-key');
    const s = expectData(
      await api<Array<{ url: string }>>(serperUser, 'POST', '/v1/search', {
        source: 'web',
        q: 'paris',
        hl: 'fr',
        gl: 'fr',
        location: 'Paris, France',
      }),
    );
    expect(s.map((h) => h.url)).toContain('https://www.parisinfo.com/');
    expect(web.requests.filter((r) => r.path === '/serper/search').at(-1)!.body).toEqual({
      q: 'paris',
      num: 10,
      hl: 'fr',
      gl: 'fr',
      location: 'Paris, France',
    });

    const tavilyUser = await buildUser(server);
    await addWebProvider(tavilyUser, 'tavily', '/tavily', 'tvly-key');
    expect(
      expectData(
        await api<unknown[]>(tavilyUser, 'POST', '/v1/search', { source: 'web', q: 'lyon', limit: 5 }),
      ),
    ).toHaveLength(3);
    expect(web.requests.filter((r) => r.path === '/tavily/search').at(-1)!.body).toMatchObject({
      query: 'lyon',
      max_results: 5,
    });

    const braveUser = await buildUser(server);
    await addWebProvider(braveUser, 'brave', '/brave', 'brave-key');
    const b = expectData(
      await api<Array<{ snippet: string }>>(braveUser, 'POST', '/v1/search', {
        source: 'web',
        q: 'lyon',
        gl: 'fr',
      }),
    );
    expect(b[0]!.snippet).toBe('Paris is the capital of France.');
    expect(web.requests.filter((r) => r.path === '/brave/web/search').at(-1)!.query).toMatchObject({
      q: 'lyon',
      count: '10',
      country: 'FR',
    });
  });

  it('answers E1015 without a provider, E3001 / E3002 when the provider fails', async ({
    server,
    alice: a,
  }) => {
    const nobody = await buildUser(server);
    expectFailure(await api(nobody, 'POST', '/v1/search', { source: 'web', q: 'x' }), 'E1015');
    web.searchStatus = 500;
    expectFailure(await api(a, 'POST', '/v1/search', { source: 'web', q: 'x' }), 'E3001');
    web.searchStatus = 429;
    expectFailure(await api(a, 'POST', '/v1/search', { source: 'web', q: 'x' }), 'E3002');
    web.searchStatus = null;
    expectFailure(await api(a, 'POST', '/v1/search', { source: 'web', q: '' }), 'E0003');
  });
});

describe('webSearch and librarySearch skills', () => {
  it('webSearch searches, logs the results and cites the pages', async ({ fake, alice: a }) => {
    fake.reply = 'Paris is the capital [1]. The guide helps [2].';
    const run = await streamSkill(a.client, {
      skillName: 'webSearch',
      input: { query: 'capital of France' },
    });
    expect(compactKinds(run.events)).toEqual([
      'start',
      'log',
      'content',
      'token_usage',
      'structured_data',
      'end',
    ]);
    const logs = run.events.filter((e) => e.event === 'log').map((e) => e.log!.key);
    expect(logs).toEqual(['webSearchCompleted', 'buildContext']);
    expect(systemOf(fake)).toContain('Paris is the capital of France.');
    const sources = run.events.find((e) => e.event === 'structured_data')!.structuredData!.sources as Array<{
      url: string;
      index: number;
    }>;
    expect(sources.map((s) => s.url)).toEqual([
      'https://en.wikipedia.org/wiki/Paris',
      'https://www.parisinfo.com/',
    ]);
    expect(contentOf(run.events)).toBe('Paris is the capital. The guide helps.');
    expect(run.events.flatMap((e) => e.citations ?? []).map((c) => c.index)).toEqual([1, 2]);
    const stored = await result(a, run.events[0]!.resultId);
    expect(stored.steps![0]!.logs!.map((l) => l.key)).toEqual(['webSearchCompleted', 'buildContext']);
  });

  it('librarySearch answers from the library with citations to its items', async ({
    fake,
    alice: a,
    bob: b,
  }) => {
    const doc = expectData(
      await api<{ docId: string }>(a, 'POST', '/v1/knowledge/document/create', {
        title: 'Boat notes',
        initialContent: 'Quantum boats float on probability waves.',
      }),
    );
    fake.reply = 'They float on waves [1].';
    const run = await streamSkill(a.client, {
      skillName: 'librarySearch',
      input: { query: 'quantum boats' },
    });
    expect(run.events.at(-1)!.event).toBe('end');
    expect(run.events.some((e) => e.event === 'error')).toBe(false);
    expect(systemOf(fake)).toContain('Quantum boats float');
    const sources = run.events.find((e) => e.event === 'structured_data')!.structuredData!.sources as Array<{
      entityId: string;
      kind: string;
    }>;
    expect(sources[0]).toMatchObject({ kind: 'document', entityId: doc.docId });
    // another user's library is not searched
    const theirs = await streamSkill(b.client, {
      skillName: 'librarySearch',
      input: { query: 'quantum boats' },
    });
    expect(theirs.events.find((e) => e.event === 'log')!.log).toMatchObject({
      key: 'librarySearchCompleted',
      titleArgs: { count: 0 },
    });
  });
});

describe('document skills', () => {
  it('reads a document open for editing from its live state, so text typed a moment ago is in the context', async ({
    fake,
    alice: a,
  }) => {
    const docId = await createDocument(a, 'Live notes');
    const editor = await openCollab(a.client, `doc:${docId}`);
    try {
      markdownToYDoc('The harbour code is sealion42.', editor.doc);
      await editor.acknowledged();
      fake.reply = 'Noted.';
      const run = await streamSkill(a.client, {
        input: { query: 'What is the harbour code?' },
        context: { documents: [{ docId }] },
      });
      expect(run.events.at(-1)!.event).toBe('end');
      expect(systemOf(fake)).toContain('sealion42');
    } finally {
      editor.destroy();
    }
  });

  it('generateDoc creates a document and a collab client sees the text arrive while it streams', async ({
    server,
    fake,
    alice: a,
  }) => {
    const words = ['# Boat plan\n\n', ...Array.from({ length: 24 }, (_, i) => `step${i} `)];
    fake.reply = words.join(' ');
    fake.chunkDelayMs = 40;
    let docId: string | null = null;
    const canvasId = await createCanvas(a);
    const running = streamSkill(
      a.client,
      {
        skillName: 'generateDoc',
        input: { query: 'Write a boat plan' },
        target: { entityType: 'canvas', entityId: canvasId },
      },
      (events) => {
        docId ??= events.find((e) => e.event === 'create_node')?.node?.data.entityId ?? null;
        return false;
      },
    );
    await waitUntil(() => docId !== null, 10_000, 'create_node');
    const watcher = await openCollab(a.client, `doc:${docId}`);
    let seenWhileStreaming = '';
    let ended = false;
    void running.then(() => (ended = true));
    try {
      await waitUntil(() => yDocToMarkdown(watcher.doc).includes('step3'), 10_000, 'live text');
      seenWhileStreaming = yDocToMarkdown(watcher.doc);
      expect(ended).toBe(false);
      const run = await running;
      expect(seenWhileStreaming).toContain('Boat plan');
      expect(seenWhileStreaming).not.toContain('step23');
      await waitUntil(() => yDocToMarkdown(watcher.doc).includes('step23'), 5_000, 'final text');

      const kinds = compactKinds(run.events);
      expect(kinds).toEqual([
        'start',
        'log',
        'artifact',
        'create_node',
        'content',
        'token_usage',
        'artifact',
        'structured_data',
        'end',
      ]);
      const node = run.events.find((e) => e.event === 'create_node')!.node!;
      expect(node.type).toBe('document');
      const artifacts = run.events.filter((e) => e.event === 'artifact').map((e) => e.artifact!.status);
      expect(artifacts).toEqual(['generating', 'finish']);
      expect(run.events.find((e) => e.event === 'structured_data')!.structuredData).toMatchObject({ docId });

      // the stored snapshot and title follow at once
      const detail = expectData(
        await api<{ title: string; content: string }>(
          a,
          'GET',
          `/v1/knowledge/document/detail?docId=${docId}`,
        ),
      );
      expect(detail.title).toBe('Boat plan');
      expect(detail.content).toContain('step23');
      const stored = await result(a, run.events[0]!.resultId);
      expect(stored.steps![0]!.artifacts).toEqual([
        expect.objectContaining({ type: 'document', entityId: docId, status: 'finish', title: 'Boat plan' }),
      ]);
      // user B cannot open it
      const b = await buildUser(server);
      expectFailure(await api(b, 'GET', `/v1/knowledge/document/detail?docId=${docId}`), 'E1003');
    } finally {
      watcher.destroy();
    }
  });

  it('generateDoc keeps writing after the client hangs up, and an abort keeps what was written', async ({
    fake,
    alice: a,
  }) => {
    fake.reply = Array.from({ length: 30 }, (_, i) => `part${i}`).join(' ');
    fake.chunkDelayMs = 20;
    const dropped = await streamSkill(
      a.client,
      { skillName: 'generateDoc', input: { query: 'Long document' } },
      (events) => events.filter((e) => e.event === 'stream').length >= 3,
    );
    const docId = dropped.events.find((e) => e.event === 'create_node')!.node!.data.entityId;
    const resultId = dropped.events[0]!.resultId;
    const finished = await waitForResult<ActionResult>(a.client, resultId);
    answers.push(JSON.stringify(finished));
    expect(finished.status).toBe('finish');
    const doc = expectData(
      await api<{ content: string }>(a, 'GET', `/v1/knowledge/document/detail?docId=${docId}`),
    );
    expect(doc.content).toContain('part29');

    fake.reply = Array.from({ length: 80 }, (_, i) => `bit${i}`).join(' ');
    fake.chunkDelayMs = 25;
    const aborts: Array<Promise<unknown>> = [];
    const run = await streamSkill(
      a.client,
      { skillName: 'generateDoc', input: { query: 'Stop me' } },
      (events) => {
        if (!aborts.length && events.filter((e) => e.event === 'stream').length >= 5)
          aborts.push(a.post('/v1/action/abort', { resultId: events[0]!.resultId }));
        return false;
      },
    );
    await Promise.all(aborts);
    fake.chunkDelayMs = 0;
    expect(run.events.at(-1)!.event).toBe('end');
    const sent = contentOf(run.events);
    const abortedId = run.events.find((e) => e.event === 'create_node')!.node!.data.entityId;
    const artifacts = run.events.filter((e) => e.event === 'artifact').map((e) => e.artifact!.status);
    expect(artifacts).toEqual(['generating', 'failed']);
    const kept = expectData(
      await api<{ content: string }>(a, 'GET', `/v1/knowledge/document/detail?docId=${abortedId}`),
    );
    const lastWord = sent.trim().split(' ').at(-1)!;
    expect(kept.content).toContain(lastWord);
    expect(kept.content).not.toContain('bit79');
  });

  it('rewriteDoc replaces the selection and editDoc appends, live', async ({ fake, alice: a }) => {
    const doc = expectData(
      await api<{ docId: string }>(a, 'POST', '/v1/knowledge/document/create', {
        title: 'Plan',
        initialContent: '# Plan\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.',
      }),
    );
    const watcher = await openCollab(a.client, `doc:${doc.docId}`);
    try {
      fake.reply = 'A much better second paragraph.';
      const run = await streamSkill(a.client, {
        skillName: 'rewriteDoc',
        input: { query: 'Make it better', selection: { docId: doc.docId, text: 'Second paragraph.' } },
      });
      expect(compactKinds(run.events)).toEqual([
        'start',
        'log',
        'artifact',
        'content',
        'token_usage',
        'artifact',
        'structured_data',
        'end',
      ]);
      expect(systemOf(fake)).toContain('Selected part:\n<<<\nSecond paragraph.\n>>>');
      await waitUntil(() => yDocToMarkdown(watcher.doc).includes('much better'), 5_000, 'rewrite');
      const md = yDocToMarkdown(watcher.doc);
      expect(md).toContain('First paragraph.');
      expect(md).toContain('Third paragraph.');
      expect(md).not.toContain('Second paragraph.');

      fake.reply = 'A closing paragraph.';
      await streamSkill(a.client, {
        skillName: 'editDoc',
        input: { query: 'Add a closing paragraph', selection: { docId: doc.docId } },
      });
      await waitUntil(() => yDocToMarkdown(watcher.doc).includes('closing'), 5_000, 'edit');
      expect(yDocToMarkdown(watcher.doc).trim().endsWith('A closing paragraph.')).toBe(true);
      const detail = expectData(
        await api<{ content: string }>(a, 'GET', `/v1/knowledge/document/detail?docId=${doc.docId}`),
      );
      expect(detail.content).toContain('A closing paragraph.');
    } finally {
      watcher.destroy();
    }
  });

  it('with suggest, rewriteDoc and editDoc stream the answer back and leave the document alone', async ({
    alice: a,
    fake,
  }) => {
    const doc = expectData(
      await api<{ docId: string }>(a, 'POST', '/v1/knowledge/document/create', {
        title: 'Draft',
        initialContent: 'The harbour is calm today. Boats rest by the pier.',
      }),
    );
    fake.reply = 'The harbour is calm.';
    const run = await streamSkill(a.client, {
      skillName: 'rewriteDoc',
      input: {
        query: 'Make it shorter',
        selection: { docId: doc.docId, text: 'The harbour is calm today.', suggest: true },
      },
    });
    // no document artifact: nothing is written, the answer is the suggestion
    expect(compactKinds(run.events)).toEqual(['start', 'log', 'content', 'token_usage', 'end']);
    const answer = run.events
      .filter((e) => e.event === 'stream')
      .map((e) => e.content ?? '')
      .join('');
    expect(answer).toBe('The harbour is calm.');
    expect(systemOf(fake)).toContain('Selected part:\n<<<\nThe harbour is calm today.\n>>>');

    fake.reply = 'Gulls circle overhead.';
    const more = await streamSkill(a.client, {
      skillName: 'editDoc',
      input: { query: 'Continue writing', selection: { docId: doc.docId, suggest: true } },
    });
    expect(more.events.some((e) => e.event === 'artifact')).toBe(false);
    expect(more.events.at(-1)?.event).toBe('end');
    const detail = expectData(
      await api<{ content: string }>(a, 'GET', `/v1/knowledge/document/detail?docId=${doc.docId}`),
    );
    expect(detail.content.trim()).toBe('The harbour is calm today. Boats rest by the pier.');
    // the run is recorded like any other
    const stored = expectData(
      await api<{ status: string; steps: Array<{ content: string }> }>(
        a,
        'GET',
        `/v1/action/result?resultId=${run.events[0]!.resultId}`,
      ),
    );
    expect(stored.status).toBe('finish');
    expect(stored.steps[0]!.content).toBe('The harbour is calm.');
  });

  it('refuses a missing selection (E0003), and another user’s document with E1003 like a missing one', async ({
    alice: a,
    bob: b,
  }) => {
    const refused = await streamSkill(a.client, {
      skillName: 'rewriteDoc',
      input: { query: 'x', selection: { docId: 'd-whatever' } },
    });
    expect(refused.refusal?.errCode).toBe('E0003');
    const noSel = await streamSkill(a.client, { skillName: 'editDoc', input: { query: 'x' } });
    expect(noSel.refusal?.errCode).toBe('E0003');
    const theirs = expectData(
      await api<{ docId: string }>(b, 'POST', '/v1/knowledge/document/create', {
        title: 'B',
        initialContent: 'B text.',
      }),
    );
    const run = await streamSkill(a.client, {
      skillName: 'editDoc',
      input: { query: 'x', selection: { docId: theirs.docId, text: 'B text.' } },
    });
    // refused before the run starts, exactly as a document that does not exist
    expect(run.events).toEqual([]);
    expect(run.refusal?.errCode).toBe('E1003');
    const notThere = await streamSkill(a.client, {
      skillName: 'rewriteDoc',
      input: { query: 'x', selection: { docId: theirs.docId.replace(/.$/, 'z'), text: 'nope' } },
    });
    expect(notThere.events).toEqual([]);
    expect(notThere.refusal?.errCode).toBe('E1003');
  });
});

describe('codeArtifacts', () => {
  it('creates an artifact, streams the code into it and settles its type and title', async ({
    fake,
    alice: a,
  }) => {
    fake.reply = 'Title: Counter button\n```html\n<button onclick="n++">Count</button>\n```';
    const run = await streamSkill(a.client, { skillName: 'codeArtifacts', input: { query: 'A counter' } });
    expect(compactKinds(run.events)).toEqual([
      'start',
      'log',
      'artifact',
      'create_node',
      'content',
      'token_usage',
      'artifact',
      'structured_data',
      'end',
    ]);
    const node = run.events.find((e) => e.event === 'create_node')!.node!;
    expect(node.type).toBe('codeArtifact');
    const artifactId = node.data.entityId;
    const artifact = expectData(
      await api<{ type: string; content: string; title: string; language: string }>(
        a,
        'GET',
        `/v1/codeArtifact/detail?artifactId=${artifactId}`,
      ),
    );
    expect(artifact).toMatchObject({
      type: 'html',
      title: 'Counter button',
      language: 'html',
      content: '<button onclick="n++">Count</button>',
    });
    expect(run.events.find((e) => e.event === 'structured_data')!.structuredData).toMatchObject({
      artifactId,
      artifactType: 'html',
    });
  });

  it('uses the type from tplConfig', async ({ fake, alice: a }) => {
    fake.reply = 'Title: Flow\n```\ngraph TD; A-->B\n```';
    const run = await streamSkill(a.client, {
      skillName: 'codeArtifacts',
      input: { query: 'A flow' },
      tplConfig: { artifactType: { value: 'mermaid' } },
    });
    const artifactId = run.events.find((e) => e.event === 'create_node')!.node!.data.entityId;
    const artifact = expectData(
      await api<{ type: string }>(a, 'GET', `/v1/codeArtifact/detail?artifactId=${artifactId}`),
    );
    expect(artifact.type).toBe('mermaid');
  });
});

describe('imageGeneration', () => {
  const config = (extra: Record<string, string> = {}) => ({
    apiUrl: { value: `${web.url}/image` },
    apiKey: { value: 'img-key' },
    imageRatio: { value: '16:9' },
    model: { value: 'gpt-image-1' },
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { value: v }])),
  });

  it('reports queued, generating with percentages and complete, and stores the image', async ({
    alice: a,
  }) => {
    const run = await streamSkill(a.client, {
      skillName: 'imageGeneration',
      input: { query: 'A red boat' },
      tplConfig: config(),
    });
    expect(compactKinds(run.events)).toEqual([
      'start',
      'log',
      'artifact',
      'create_node',
      'structured_data',
      'end',
    ]);
    const progress = run.events.filter((e) => e.event === 'log').map((e) => e.log!.titleArgs);
    expect(progress[0]).toEqual({ status: 'queued' });
    expect(progress.filter((p) => p!.status === 'generating').map((p) => p!.percentage)).toEqual([33, 67]);
    expect(progress.at(-1)).toEqual({ status: 'complete', percentage: 100 });
    const submit = web.requests.filter((r) => r.path === '/image/generations').at(-1)!;
    expect(submit.body).toEqual({ model: 'gpt-image-1', prompt: 'A red boat', aspect_ratio: '16:9' });
    const data = run.events.find((e) => e.event === 'structured_data')!.structuredData as {
      imageUrl: string;
      storageKey: string;
    };
    const image = await a.client.fetch(data.imageUrl.replace(/^https?:\/\/[^/]+/, ''));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const stored = await result(a, run.events[0]!.resultId);
    expect(stored.tplConfig!.apiKey!.value).not.toBe('img-key');
    expect(JSON.stringify(stored)).not.toContain('img-key');
    expect(stored.steps![0]!.artifacts![0]).toMatchObject({
      type: 'image',
      status: 'finish',
      entityId: data.storageKey,
    });
  });

  it('fails with the spec’s messages: API error with status, missing ID, missing URL, timeout', async ({
    alice: a,
  }) => {
    const failure = async () => {
      const run = await streamSkill(a.client, {
        skillName: 'imageGeneration',
        input: { query: 'A boat' },
        tplConfig: config(),
      });
      expect(run.events.at(-1)!.event).toBe('end');
      const err = run.events.find((e) => e.event === 'error')!;
      const last = run.events.filter((e) => e.event === 'log').at(-1)!.log!.titleArgs!.status;
      return { code: err.error, message: err.originError ?? '', last };
    };
    web.image = { submitStatus: 500 };
    expect(await failure()).toMatchObject({
      code: 'E3001',
      message: expect.stringContaining('Image API error: HTTP 500'),
      last: 'error',
    });
    web.image = { noId: true };
    expect(await failure()).toMatchObject({ code: 'E3001', message: expect.stringContaining('missing ID') });
    web.image = { noUrl: true };
    expect(await failure()).toMatchObject({ code: 'E3001', message: expect.stringContaining('missing URL') });
    web.image = { never: true };
    expect(await failure()).toMatchObject({
      code: 'E3003',
      message: expect.stringContaining('timed out'),
      last: 'timeout',
    });
  });

  it('refuses a missing API address or key, or an unknown ratio (E0003), without a chat model too', async ({
    server,
  }) => {
    const noModel = await buildUser(server);
    for (const tplConfig of [
      { apiKey: { value: 'k' } },
      { apiUrl: { value: `${web.url}/image` } },
      config({ imageRatio: '4:3' }),
    ]) {
      const run = await streamSkill(noModel.client, {
        skillName: 'imageGeneration',
        input: { query: 'x' },
        tplConfig,
      });
      expect(run.refusal?.errCode).toBe('E0003');
    }
  });
});

describe('multilingual search', () => {
  it('runs the six steps and answers sources with their locales', async ({ fake, alice: a }) => {
    fake.reply = '{"en": "capital of France", "zh-CN": "法国首都"}';
    const res = expectData(
      await api<{
        sources: Array<{ url: string; pageContent: string; metadata: Record<string, unknown> }>;
        searchSteps: Array<{ step: string; duration: number }>;
      }>(a, 'POST', '/v1/search/multilingualSearch', {
        query: 'What is the capital of France?',
        searchLocaleList: ['en', 'zh-CN'],
        displayLocale: 'en',
        rerankLimit: 2,
      }),
    );
    expect(res.searchSteps.map((s) => s.step)).toEqual([
      'rewriteQuery',
      'translateQuery',
      'webSearch',
      'translateResults',
      'rerank',
      'finish',
    ]);
    expect(res.sources).toHaveLength(2);
    expect(res.sources[0]!.metadata).toMatchObject({
      sourceType: 'webSearch',
      originalQuery: 'What is the capital of France?',
    });
    const langs = web.requests
      .filter((r) => r.path === '/searxng/search')
      .slice(-2)
      .map((r) => r.query.language);
    expect(langs.sort()).toEqual(['en', 'zh-CN']);
    expect(web.requests.filter((r) => r.path === '/searxng/search').at(-1)!.query.q).toMatch(
      /capital of France|法国首都/,
    );
  });

  it('answers E0014 without a model', async ({ server }) => {
    const nobody = await buildUser(server);
    expectFailure(await api(nobody, 'POST', '/v1/search/multilingualSearch', { query: 'x' }), 'E0014');
  });
});

describe('skill list and canvas names', () => {
  it('/skill/list describes every built-in skill with its config schema', async ({ alice: a }) => {
    const list = expectData(
      await api<Array<{ name: string; configSchema: { items: Array<{ key: string }> } }>>(
        a,
        'GET',
        '/v1/skill/list',
      ),
    );
    expect(list.map((s) => s.name).sort()).toEqual(
      [
        'agent',
        'codeArtifacts',
        'commonQnA',
        'customPrompt',
        'editDoc',
        'generateDoc',
        'imageGeneration',
        'librarySearch',
        'recommendQuestions',
        'rewriteDoc',
        'webSearch',
      ].sort(),
    );
    const image = list.find((s) => s.name === 'imageGeneration')!;
    expect(image.configSchema.items.map((i) => i.key)).toEqual(['apiUrl', 'apiKey', 'imageRatio', 'model']);
  });

  it('/canvas/autoName names a canvas with the title model, E0014 without one', async ({
    server,
    fake,
    alice: a,
  }) => {
    fake.reply = '"Boat Building Plans."';
    const canvas = expectData(
      await api<{ canvasId: string }>(a, 'POST', '/v1/canvas/create', { title: 'boats and rafts' }),
    );
    const named = expectData(
      await api<{ title: string }>(a, 'POST', '/v1/canvas/autoName', {
        canvasId: canvas.canvasId,
        directUpdate: true,
      }),
    );
    expect(named.title).toBe('Boat Building Plans');
    const detail = expectData(
      await api<{ title: string }>(a, 'GET', `/v1/canvas/detail?canvasId=${canvas.canvasId}`),
    );
    expect(detail.title).toBe('Boat Building Plans');
    const nobody = await buildUser(server);
    const theirs = expectData(
      await api<{ canvasId: string }>(nobody, 'POST', '/v1/canvas/create', { title: 'x' }),
    );
    expectFailure(await api(nobody, 'POST', '/v1/canvas/autoName', { canvasId: theirs.canvasId }), 'E0014');
  });
});

describe('secrets', () => {
  it('no answer of this file carried a key', async ({ alice: a }) => {
    answers.push(JSON.stringify((await api(a, 'GET', '/v1/action/list?pageSize=100')).body));
    const all = answers.join('\n');
    for (const key of ['img-key', 'serper-key', 'tvly-key', 'brave-key']) expect(all).not.toContain(key);
  });
});
