/**
 * The provider types Atelier knows: which categories each offers, its default endpoint, whether it
 * needs an API key, and how its models are reached (the protocol the AI SDK and the option list use).
 */
import type { ProviderCategory } from '@atelier/contract';

/** How a provider is spoken to. */
export type ProviderProtocol =
  | 'openai'
  | 'openai-compatible'
  | 'anthropic'
  | 'ollama'
  /** A web-search, URL or PDF parsing service: no model list, fixed options. */
  | 'service';

export interface ProviderKind {
  key: string;
  label: string;
  protocol: ProviderProtocol;
  categories: readonly ProviderCategory[];
  /** Used when the provider has no baseUrl of its own; null: the user must give one. */
  defaultBaseUrl: string | null;
  requiresApiKey: boolean;
  /** What option/list offers for a service (or a fixed model list, e.g. Jina). */
  staticOptions?: ReadonlyArray<{
    category: ProviderCategory;
    modelId: string;
    modelName: string;
    extra?: Record<string, unknown>;
  }>;
}

const kinds: ProviderKind[] = [
  {
    key: 'openai',
    label: 'OpenAI',
    protocol: 'openai',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'https://api.openai.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'openai-compatible',
    label: 'OpenAI-compatible (vLLM, LM Studio, LiteLLM…)',
    protocol: 'openai-compatible',
    categories: ['llm', 'embedding', 'reranker'],
    defaultBaseUrl: null,
    requiresApiKey: false,
  },
  {
    key: 'openrouter',
    label: 'OpenRouter',
    protocol: 'openai-compatible',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    requiresApiKey: true,
  },
  {
    key: 'deepseek',
    label: 'DeepSeek',
    protocol: 'openai-compatible',
    categories: ['llm'],
    defaultBaseUrl: 'https://api.deepseek.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'anthropic',
    label: 'Anthropic',
    protocol: 'anthropic',
    categories: ['llm'],
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'ollama',
    label: 'Ollama',
    protocol: 'ollama',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'http://127.0.0.1:11434',
    requiresApiKey: false,
  },
  {
    key: 'jina',
    label: 'Jina AI',
    protocol: 'service',
    categories: ['embedding', 'reranker', 'urlParsing'],
    defaultBaseUrl: 'https://api.jina.ai/v1',
    requiresApiKey: true,
    staticOptions: [
      {
        category: 'embedding',
        modelId: 'jina-embeddings-v3',
        modelName: 'Jina Embeddings v3',
        extra: { dimensions: 1024 },
      },
      {
        category: 'reranker',
        modelId: 'jina-reranker-v2-base-multilingual',
        modelName: 'Jina Reranker v2 (multilingual)',
      },
      { category: 'urlParsing', modelId: 'reader', modelName: 'Jina Reader' },
    ],
  },
  {
    key: 'searxng',
    label: 'SearXNG',
    protocol: 'service',
    categories: ['webSearch'],
    defaultBaseUrl: null,
    requiresApiKey: false,
    staticOptions: [{ category: 'webSearch', modelId: 'searxng', modelName: 'SearXNG' }],
  },
  {
    key: 'serper',
    label: 'Serper (Google search)',
    protocol: 'service',
    categories: ['webSearch'],
    defaultBaseUrl: 'https://google.serper.dev',
    requiresApiKey: true,
    staticOptions: [{ category: 'webSearch', modelId: 'serper', modelName: 'Serper' }],
  },
  {
    key: 'tavily',
    label: 'Tavily',
    protocol: 'service',
    categories: ['webSearch', 'urlParsing'],
    defaultBaseUrl: 'https://api.tavily.com',
    requiresApiKey: true,
    staticOptions: [
      { category: 'webSearch', modelId: 'tavily-search', modelName: 'Tavily Search' },
      { category: 'urlParsing', modelId: 'tavily-extract', modelName: 'Tavily Extract' },
    ],
  },
  {
    key: 'brave',
    label: 'Brave Search',
    protocol: 'service',
    categories: ['webSearch'],
    defaultBaseUrl: 'https://api.search.brave.com/res/v1',
    requiresApiKey: true,
    staticOptions: [{ category: 'webSearch', modelId: 'brave-web-search', modelName: 'Brave Web Search' }],
  },
  {
    key: 'firecrawl',
    label: 'Firecrawl',
    protocol: 'service',
    categories: ['urlParsing'],
    defaultBaseUrl: 'https://api.firecrawl.dev/v1',
    // A self-hosted Firecrawl runs without a key.
    requiresApiKey: false,
    staticOptions: [{ category: 'urlParsing', modelId: 'scrape', modelName: 'Firecrawl Scrape' }],
  },
  {
    key: 'llamaparse',
    label: 'LlamaParse',
    protocol: 'service',
    categories: ['pdfParsing'],
    defaultBaseUrl: 'https://api.cloud.llamaindex.ai/api/v1',
    requiresApiKey: true,
    staticOptions: [{ category: 'pdfParsing', modelId: 'llamaparse', modelName: 'LlamaParse' }],
  },
];

export const PROVIDER_KINDS: ReadonlyMap<string, ProviderKind> = new Map(kinds.map((k) => [k.key, k]));

export function providerKind(key: string): ProviderKind | undefined {
  return PROVIDER_KINDS.get(key);
}

/** The endpoint used for a provider: its own baseUrl, else its type's default. */
export function effectiveBaseUrl(kind: ProviderKind, baseUrl: string | null | undefined): string | null {
  return (baseUrl ?? kind.defaultBaseUrl)?.replace(/\/+$/, '') ?? null;
}
