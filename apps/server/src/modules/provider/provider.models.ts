/**
 * AI SDK models for a resolved provider item: OpenAI (`@ai-sdk/openai`), Anthropic
 * (`@ai-sdk/anthropic`) and every OpenAI-compatible endpoint — Ollama, vLLM, LM Studio,
 * OpenRouter, DeepSeek, Jina embeddings — through `@ai-sdk/openai-compatible`. Keys are passed
 * explicitly, so the SDKs never read the process environment. Every SDK gets the safe outbound
 * fetch (providerFetch), so its requests obey the private-network policy hop by hop.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { wrapEmbeddingModel } from 'ai';
import { AppError } from '../../lib/errors.js';
import { providerKind, type ProviderKind } from './provider.catalog.js';
import { providerFetch } from '../../lib/providers/providers.http.js';
import { ollamaRoot } from './provider.options.js';
import type { ResolvedModel } from './provider.types.js';

const OFFICIAL_OPENAI_HOST = 'api.openai.com';
type FetchFn = ReturnType<typeof providerFetch>;

function unsupported(resolved: ResolvedModel, what: string): AppError {
  return new AppError(
    'E2003',
    `"${resolved.item.name}" of ${resolved.provider.name} cannot be used as ${what}`,
  );
}

function modelIdOf(resolved: ResolvedModel): string {
  return resolved.config.modelId ?? resolved.item.name;
}

function setup(resolved: ResolvedModel): { kind: ProviderKind; baseURL: string; fetch: FetchFn } {
  const kind = providerKind(resolved.provider.providerKey);
  const baseURL = resolved.provider.baseUrl;
  if (!kind || !baseURL) throw unsupported(resolved, 'a model');
  return { kind, baseURL, fetch: providerFetch({ allowPrivateNetwork: resolved.allowPrivateNetwork }) };
}

/** An OpenAI-compatible client (Ollama is addressed through its /v1 API). */
function compatible(resolved: ResolvedModel, kind: ProviderKind, baseURL: string, fetch: FetchFn) {
  return createOpenAICompatible({
    name: kind.key,
    baseURL: kind.protocol === 'ollama' ? `${ollamaRoot(baseURL)}/v1` : baseURL,
    ...(resolved.apiKey ? { apiKey: resolved.apiKey } : {}),
    // token usage in streams, for metering
    includeUsage: true,
    fetch,
  });
}

/**
 * Chat models already made, by everything that shapes one (protocol, address, key, model id,
 * network policy): building one compiles the SDK's response schemas (~1 ms), and a model holds no
 * state between calls, so every run of the same item shares it. The oldest goes past MODEL_CACHE.
 */
const MODEL_CACHE = 64;
const languageModels = new Map<string, LanguageModelV3>();

/** A chat model for `streamText` / `generateText`. E2003 for items that are not chat models. */
export function languageModelFor(resolved: ResolvedModel): LanguageModelV3 {
  if (resolved.item.category !== 'llm') throw unsupported(resolved, 'a chat model');
  const key = JSON.stringify([
    resolved.provider.providerKey,
    resolved.provider.baseUrl,
    resolved.apiKey ?? null,
    modelIdOf(resolved),
    resolved.allowPrivateNetwork,
  ]);
  const cached = languageModels.get(key);
  if (cached) return cached;
  const model = makeLanguageModel(resolved);
  if (languageModels.size >= MODEL_CACHE) languageModels.delete(languageModels.keys().next().value!);
  languageModels.set(key, model);
  return model;
}

function makeLanguageModel(resolved: ResolvedModel): LanguageModelV3 {
  const { kind, baseURL, fetch } = setup(resolved);
  const modelId = modelIdOf(resolved);
  switch (kind.protocol) {
    case 'openai': {
      const openai = createOpenAI({ apiKey: resolved.apiKey ?? '', baseURL, fetch });
      // The Responses API on OpenAI itself; Chat Completions on proxies that speak only that.
      return new URL(baseURL).hostname === OFFICIAL_OPENAI_HOST
        ? openai.responses(modelId)
        : openai.chat(modelId);
    }
    case 'anthropic':
      return createAnthropic({ apiKey: resolved.apiKey ?? '', baseURL, fetch })(modelId);
    case 'ollama':
    case 'openai-compatible':
      return compatible(resolved, kind, baseURL, fetch).chatModel(modelId);
    default:
      throw unsupported(resolved, 'a chat model');
  }
}

/** Protocols whose embeddings endpoint is OpenAI's `/embeddings`. */
const EMBEDDING_SERVICES = new Set(['jina']);

/**
 * An embedding model for `embed` / `embedMany`. `batchSize` caps the values per request;
 * `dimensions` is sent to OpenAI itself (shortened embeddings) and is descriptive elsewhere.
 */
export function embeddingModelFor(resolved: ResolvedModel): EmbeddingModelV3 {
  if (resolved.item.category !== 'embedding') throw unsupported(resolved, 'an embedding model');
  const { kind, baseURL, fetch } = setup(resolved);
  const modelId = modelIdOf(resolved);
  const config = resolved.config as { dimensions?: number; batchSize?: number };
  let model: EmbeddingModelV3;
  let dimensionsKey: string | null = null;
  if (kind.protocol === 'openai') {
    model = createOpenAI({ apiKey: resolved.apiKey ?? '', baseURL, fetch }).embedding(modelId);
    dimensionsKey = 'openai';
  } else if (
    kind.protocol === 'ollama' ||
    kind.protocol === 'openai-compatible' ||
    EMBEDDING_SERVICES.has(kind.key)
  ) {
    model = compatible(resolved, kind, baseURL, fetch).embeddingModel(modelId);
  } else {
    throw unsupported(resolved, 'an embedding model');
  }
  const dimensions = config.dimensions;
  const batchSize = config.batchSize;
  if (!batchSize && !(dimensionsKey && dimensions)) return model;
  return wrapEmbeddingModel({
    model,
    middleware: {
      specificationVersion: 'v3',
      ...(batchSize ? { overrideMaxEmbeddingsPerCall: () => batchSize } : {}),
      ...(dimensionsKey && dimensions
        ? {
            transformParams: async ({ params }) => ({
              ...params,
              providerOptions: {
                ...params.providerOptions,
                [dimensionsKey]: { ...params.providerOptions?.[dimensionsKey], dimensions },
              },
            }),
          }
        : {}),
    },
  });
}
