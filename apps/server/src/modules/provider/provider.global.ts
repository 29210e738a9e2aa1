/**
 * Global providers: built from the environment at start (OPENAI_*, ANTHROPIC_*, OLLAMA_BASE_URL,
 * SEARXNG_URL) plus a local Ollama found by one probe, held in memory with fixed ids, listed to
 * every user and read-only for them. Their keys never touch the database.
 */
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { getProviderJson } from '../../lib/providers/providers.http.js';
import {
  GLOBAL_PROVIDER_IDS,
  type GlobalProviderList,
  type ProviderRecord,
} from '../../lib/providers/providers.types.js';

export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434';
/** The probe is meant to cost nothing when no Ollama runs. */
const OLLAMA_PROBE_TIMEOUT_MS = 1500;

type GlobalConfig = Pick<
  Config,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'OLLAMA_BASE_URL'
  | 'OLLAMA_DETECT'
  | 'SEARXNG_URL'
>;

function globalRecord(
  fields: Omit<ProviderRecord, 'uid' | 'isGlobal' | 'enabled' | 'apiKeyEncrypted'>,
): ProviderRecord {
  return { ...fields, uid: null, isGlobal: true, enabled: true, apiKeyEncrypted: null };
}

function ollamaProvider(baseUrl: string): ProviderRecord {
  return globalRecord({
    providerId: GLOBAL_PROVIDER_IDS.ollama,
    providerKey: 'ollama',
    name: 'Ollama',
    categories: ['llm', 'embedding'],
    baseUrl,
    envApiKey: null,
  });
}

/** The providers the environment configures (without the Ollama probe). */
export function configuredGlobalProviders(config: GlobalConfig): ProviderRecord[] {
  const list: ProviderRecord[] = [];
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) {
    const official = !config.OPENAI_BASE_URL || new URL(config.OPENAI_BASE_URL).hostname === 'api.openai.com';
    list.push(
      globalRecord({
        providerId: GLOBAL_PROVIDER_IDS.openai,
        providerKey: official ? 'openai' : 'openai-compatible',
        name: official ? 'OpenAI' : 'OpenAI-compatible',
        categories: ['llm', 'embedding'],
        baseUrl: config.OPENAI_BASE_URL ?? null,
        envApiKey: config.OPENAI_API_KEY ?? null,
      }),
    );
  }
  if (config.ANTHROPIC_API_KEY) {
    list.push(
      globalRecord({
        providerId: GLOBAL_PROVIDER_IDS.anthropic,
        providerKey: 'anthropic',
        name: 'Anthropic',
        categories: ['llm'],
        baseUrl: config.ANTHROPIC_BASE_URL ?? null,
        envApiKey: config.ANTHROPIC_API_KEY,
      }),
    );
  }
  if (config.OLLAMA_BASE_URL) list.push(ollamaProvider(config.OLLAMA_BASE_URL));
  if (config.SEARXNG_URL) {
    list.push(
      globalRecord({
        providerId: GLOBAL_PROVIDER_IDS.searxng,
        providerKey: 'searxng',
        name: 'SearXNG',
        categories: ['webSearch'],
        baseUrl: config.SEARXNG_URL,
        envApiKey: null,
      }),
    );
  }
  return list;
}

/** True when an Ollama answers `GET {baseUrl}/api/tags` within the timeout. */
export async function detectOllama(baseUrl: string, timeoutMs = OLLAMA_PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    const body = await getProviderJson(`${baseUrl}/api/tags`, {}, { timeoutMs, allowPrivateNetwork: true });
    return typeof body === 'object' && body !== null && Array.isArray((body as { models?: unknown }).models);
  } catch {
    return false;
  }
}

export class GlobalProviders implements GlobalProviderList {
  private readonly providers: ProviderRecord[];
  /** Settles once the Ollama probe is done (at once when there is none). */
  readonly ready: Promise<void>;

  constructor(config: GlobalConfig, log?: Pick<AppContext['log'], 'info'>, probe = detectOllama) {
    this.providers = configuredGlobalProviders(config);
    this.ready =
      config.OLLAMA_BASE_URL || !config.OLLAMA_DETECT
        ? Promise.resolve()
        : probe(OLLAMA_DEFAULT_URL).then((found) => {
            if (!found) return;
            log?.info(
              { baseUrl: OLLAMA_DEFAULT_URL },
              'found a local Ollama; offering it as a global provider',
            );
            this.providers.push(ollamaProvider(OLLAMA_DEFAULT_URL));
          });
  }

  async list(): Promise<ProviderRecord[]> {
    await this.ready;
    return [...this.providers];
  }

  async get(providerId: string): Promise<ProviderRecord | undefined> {
    await this.ready;
    return this.providers.find((p) => p.providerId === providerId);
  }
}
