/**
 * Skill-run fixtures: a test server whose users have a chat model on the fake provider, and an
 * SSE reader for /skill/streamInvoke that collects events (optionally hanging up part-way).
 */
import type { SkillEvent } from '@atelier/contract';
import { buildUser, type BuiltUser } from './factories.js';
import { startFakeModelServer, type FakeModelServer } from './fake-model-server.js';
import type { TestClient } from './http.js';
import { call, expectData } from './items.js';
import { startTestServer, type TestServer } from './server.js';

export interface SkillFixture {
  server: TestServer;
  fake: FakeModelServer;
  close(): Promise<void>;
}

export async function startSkillFixture(env: Record<string, string> = {}): Promise<SkillFixture> {
  const fake = await startFakeModelServer();
  const server = await startTestServer({
    SKILL_IDLE_TIMEOUT: '1500ms',
    SKILL_MODEL_RETRIES: '0',
    SKILL_ABORT_POLL: '100ms',
    ...env,
  });
  return {
    server,
    fake,
    close: async () => {
      await server.close();
      await fake.close();
    },
  };
}

/** A user with one enabled chat model (`fake-chat`, tier t2) on the fake provider; answers its item id. */
export async function buildUserWithModel(fx: SkillFixture): Promise<BuiltUser & { itemId: string }> {
  const user = await buildUser(fx.server);
  const provider = expectData(
    await call<{ providerId: string }>(user.client, 'POST', '/v1/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm'],
      baseUrl: `${fx.fake.url}/v1`,
    }),
  );
  const item = expectData(
    await call<{ itemId: string }>(user.client, 'POST', '/v1/provider/item/create', {
      providerId: provider.providerId,
      name: 'fake-chat',
      category: 'llm',
      tier: 't2',
      config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
    }),
  );
  return { ...user, itemId: item.itemId };
}

export interface StreamResult {
  status: number;
  contentType: string;
  events: SkillEvent[];
  /** The JSON wrapper when the call was refused before streaming. */
  refusal: { success: boolean; errCode?: string } | null;
}

/**
 * POSTs to /skill/streamInvoke and reads the events. `hangUpWhen` closes the connection as soon
 * as it answers true for the events so far.
 */
export async function streamSkill(
  client: TestClient,
  body: unknown,
  hangUpWhen?: (events: SkillEvent[]) => boolean,
): Promise<StreamResult> {
  const controller = new AbortController();
  const res = await client.fetch('/v1/skill/streamInvoke', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) {
    return {
      status: res.status,
      contentType,
      events: [],
      refusal: (await res.json()) as StreamResult['refusal'],
    };
  }
  const events: SkillEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (frame.startsWith('data: ')) events.push(JSON.parse(frame.slice(6)) as SkillEvent);
      }
      if (hangUpWhen?.(events)) {
        controller.abort();
        break;
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  return { status: res.status, contentType, events, refusal: null };
}

export const contentOf = (events: SkillEvent[]) => events.map((e) => e.content ?? '').join('');
export const reasoningOf = (events: SkillEvent[]) => events.map((e) => e.reasoningContent ?? '').join('');

/** Polls /action/result until `done` answers true (or throws after `ms`). */
export async function waitForResult<T extends { status: string }>(
  client: TestClient,
  resultId: string,
  done: (r: T) => boolean = (r) => r.status === 'finish' || r.status === 'failed',
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const r = expectData(await call<T>(client, 'GET', `/v1/action/result?resultId=${resultId}`));
    if (done(r)) return r;
    if (Date.now() > until) throw new Error(`result ${resultId} still ${r.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
