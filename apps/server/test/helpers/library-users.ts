/**
 * Users whose library models live on the fake model service (fake-library-models.ts): a provider
 * pointing at it, an embedding item of a given dimension, optionally a reranker.
 */
import { buildUser, type BuiltUser } from './factories.js';
import { expectData } from './items.js';
import type { TestServer } from './server.js';

export async function addProvider(user: BuiltUser, body: Record<string, unknown>): Promise<string> {
  return expectData(await user.post<{ providerId: string }>('/v1/provider/create', body)).providerId;
}

export async function addItem(user: BuiltUser, body: Record<string, unknown>): Promise<string> {
  return expectData(await user.post<{ itemId: string }>('/v1/provider/item/create', body)).itemId;
}

/** A user whose embedding model (and reranker when asked) is served at `modelsUrl`. */
export async function userWithModels(
  server: TestServer,
  modelsUrl: string,
  opts: { dimensions?: number; reranker?: Record<string, unknown> } = {},
) {
  const user = await buildUser(server);
  const providerId = await addProvider(user, {
    providerKey: 'openai-compatible',
    name: 'Fake models',
    categories: ['llm', 'embedding', 'reranker'],
    baseUrl: `${modelsUrl}/v1`,
  });
  const embeddingItem = await addItem(user, {
    providerId,
    name: 'fake-embed',
    category: 'embedding',
    config: {
      modelId: 'fake-embed',
      modelName: 'Fake embed',
      dimensions: opts.dimensions ?? 16,
      batchSize: 2,
    },
  });
  if (opts.reranker) {
    await addItem(user, {
      providerId,
      name: 'fake-rerank',
      category: 'reranker',
      config: { modelId: 'fake-rerank', modelName: 'Fake rerank', ...opts.reranker },
    });
  }
  return { ...user, providerId, embeddingItem };
}
