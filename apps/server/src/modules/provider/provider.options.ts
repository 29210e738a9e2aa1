/**
 * The models a provider offers, read from its own model list (OpenAI-style `GET /models`, Ollama
 * `GET /api/tags`, Anthropic `GET /v1/models`) or the fixed list of a service. Listing is also the
 * connection test: a wrong key or a dead endpoint answers E3001, a slow one E3003.
 */
import type { ProviderCategory } from '@atelier/contract';
import { effectiveBaseUrl, providerKind } from './provider.catalog.js';
import { getProviderJson, type ProviderHttpOptions } from '../../lib/providers/providers.http.js';
import type { ProviderRecord } from './provider.types.js';

export interface ProviderItemOption {
  name: string;
  category: ProviderCategory;
  config: Record<string, unknown>;
}

export const ANTHROPIC_VERSION = '2023-06-01';

/** Ollama's native API lives at the root; its OpenAI-compatible one under /v1. */
export function ollamaRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/(v1|api)$/, '');
}

const NOT_A_MODEL =
  /whisper|tts|dall-e|gpt-image|moderation|transcribe|audio|realtime|sora|^babbage|^davinci|computer-use|search-preview/i;

/** A model id's category, guessed from its name; null for models Atelier does not use (speech, images…). */
export function classifyModel(id: string): ProviderCategory | null {
  if (/rerank/i.test(id)) return 'reranker';
  if (/embed|^bge-|\/bge-|^e5-|^gte-|minilm/i.test(id)) return 'embedding';
  if (NOT_A_MODEL.test(id)) return null;
  return 'llm';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;

function option(
  category: ProviderCategory,
  modelId: string,
  modelName: string,
  extra: Record<string, unknown> = {},
): ProviderItemOption {
  return { name: modelName, category, config: { modelId, modelName, ...extra } };
}

/** OpenAI-style `{ data: [{ id, name?, context_length? }] }` (OpenAI, vLLM, LM Studio, OpenRouter, DeepSeek…). */
function fromOpenAiList(body: unknown): ProviderItemOption[] {
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const out: ProviderItemOption[] = [];
  for (const m of data) {
    if (!isRecord(m) || typeof m.id !== 'string' || !m.id) continue;
    const category = classifyModel(m.id);
    if (!category) continue;
    const name = typeof m.name === 'string' && m.name ? m.name.slice(0, 256) : m.id;
    const contextLimit = category === 'llm' ? positiveInt(m.context_length) : undefined;
    out.push(option(category, m.id.slice(0, 256), name, contextLimit ? { contextLimit } : {}));
  }
  return out;
}

/** Ollama `{ models: [{ name, details: { family, families } }] }`. */
function fromOllamaTags(body: unknown): ProviderItemOption[] {
  const models = isRecord(body) && Array.isArray(body.models) ? body.models : [];
  const out: ProviderItemOption[] = [];
  for (const m of models) {
    if (!isRecord(m) || typeof m.name !== 'string' || !m.name) continue;
    const details = isRecord(m.details) ? m.details : {};
    const families = [details.family, ...(Array.isArray(details.families) ? details.families : [])];
    const bert = families.some((f) => typeof f === 'string' && /bert/i.test(f));
    const category = bert || /embed/i.test(m.name) ? 'embedding' : (classifyModel(m.name) ?? 'llm');
    out.push(option(category, m.name.slice(0, 256), m.name.slice(0, 256)));
  }
  return out;
}

/** Anthropic `{ data: [{ id, display_name }] }`. */
function fromAnthropicList(body: unknown): ProviderItemOption[] {
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const out: ProviderItemOption[] = [];
  for (const m of data) {
    if (!isRecord(m) || typeof m.id !== 'string' || !m.id) continue;
    const name = typeof m.display_name === 'string' && m.display_name ? m.display_name.slice(0, 256) : m.id;
    out.push(option('llm', m.id.slice(0, 256), name));
  }
  return out;
}

async function fetchOptions(
  provider: ProviderRecord,
  apiKey: string | null,
  http: ProviderHttpOptions,
): Promise<ProviderItemOption[]> {
  const kind = providerKind(provider.providerKey);
  if (!kind) return [];
  const base = effectiveBaseUrl(kind, provider.baseUrl);
  if (kind.protocol === 'service' || !base) {
    return (kind.staticOptions ?? []).map((o) => option(o.category, o.modelId, o.modelName, o.extra));
  }
  const bearer: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  switch (kind.protocol) {
    case 'ollama':
      return fromOllamaTags(await getProviderJson(`${ollamaRoot(base)}/api/tags`, bearer, http));
    case 'anthropic':
      return fromAnthropicList(
        await getProviderJson(
          `${base}/models?limit=1000`,
          { ...(apiKey ? { 'x-api-key': apiKey } : {}), 'anthropic-version': ANTHROPIC_VERSION },
          http,
        ),
      );
    default:
      return fromOpenAiList(await getProviderJson(`${base}/models`, bearer, http));
  }
}

/** The options of a provider for its categories (or one of them), sorted by name, without duplicates. */
export async function listProviderOptions(
  provider: ProviderRecord,
  apiKey: string | null,
  http: ProviderHttpOptions,
  category?: ProviderCategory,
): Promise<ProviderItemOption[]> {
  const seen = new Set<string>();
  return (await fetchOptions(provider, apiKey, http))
    .filter(
      (o) => provider.categories.includes(o.category) && (category === undefined || o.category === category),
    )
    .filter((o) => {
      const key = `${o.category}:${String(o.config.modelId)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
