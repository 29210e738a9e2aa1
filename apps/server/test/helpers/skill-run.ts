/**
 * Skill-run helpers for `skillTest` (fixtures.ts): a user with a chat model on the fake provider,
 * an SSE reader for /skill/streamInvoke that collects events (optionally hanging up part-way), and
 * a wait for a run's stored result.
 */
import type { SkillEvent } from '@atelier/contract';
import { vi } from 'vitest';
import { buildUser, type BuiltUser } from './factories.js';
import type { FakeModelServer } from './fake-model-server.js';
import type { TestClient } from './http.js';
import { expectData } from './items.js';
import type { TestServer } from './server.js';

/** A user with a chat model: `itemId` is the model's provider item. */
export type ModelUser = BuiltUser & { itemId: string };

/** A user of `server` with one enabled chat model (`fake-chat`, of `tier`, t2 unless given) on `fake`. */
export async function buildUserWithModel(
  server: TestServer,
  fake: FakeModelServer,
  tier: 't1' | 't2' = 't2',
): Promise<ModelUser> {
  const user = await buildUser(server);
  const provider = expectData(
    await user.post<{ providerId: string }>('/v1/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
    }),
  );
  const item = expectData(
    await user.post<{ itemId: string }>('/v1/provider/item/create', {
      providerId: provider.providerId,
      name: 'fake-chat',
      category: 'llm',
      tier,
      config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
    }),
  );
  return { ...user, itemId: item.itemId };
}

/** Puts the fake model back to its default answer: no reasoning, error, delay or stall. */
/** Gives the user's model function calling (the agent refuses models without it). */
export async function withFunctionCalling(user: ModelUser): Promise<void> {
  expectData(
    await user.post('/v1/provider/item/update', {
      itemId: user.itemId,
      config: {
        modelId: 'fake-chat',
        modelName: 'Fake Chat',
        contextLimit: 8000,
        maxOutput: 1000,
        capabilities: { functionCall: true },
      },
    }),
  );
}

export function resetFake(fake: FakeModelServer): void {
  Object.assign(fake, {
    reply: 'Hello from the fake model',
    reasoning: '',
    chatError: null,
    chunkDelayMs: 0,
    stallAfterChunks: null,
  });
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

/** Reads /action/result until `done` answers true (vitest's `vi.waitFor`; fails after `ms`). */
export async function waitForResult<T extends { status: string }>(
  client: TestClient,
  resultId: string,
  done: (r: T) => boolean = (r) => r.status === 'finish' || r.status === 'failed',
  ms = 10_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const r = expectData(await client.get<T>('/v1/action/result', { resultId }));
      if (!done(r)) throw new Error(`result ${resultId} still ${r.status}`);
      return r;
    },
    { timeout: ms, interval: 50 },
  );
}
