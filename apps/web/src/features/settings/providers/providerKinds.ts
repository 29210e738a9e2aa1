/**
 * The provider types the server knows (apps/server/src/modules/provider/provider.catalog.ts):
 * the categories each offers, its default endpoint and whether it needs a key. The server checks
 * all of this again; the form uses it to ask only for what the type needs.
 */
import type { ProviderCategory } from '@atelier/contract';

export interface ProviderKindInfo {
  key: string;
  label: string;
  categories: readonly ProviderCategory[];
  defaultBaseUrl: string | null;
  requiresApiKey: boolean;
}

export const PROVIDER_KINDS: readonly ProviderKindInfo[] = [
  {
    key: 'openai-compatible',
    label: 'OpenAI-compatible (vLLM, LM Studio, LiteLLM…)',
    categories: ['llm', 'embedding', 'reranker'],
    defaultBaseUrl: null,
    requiresApiKey: false,
  },
  {
    key: 'openai',
    label: 'OpenAI',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'https://api.openai.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'anthropic',
    label: 'Anthropic',
    categories: ['llm'],
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'ollama',
    label: 'Ollama',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'http://127.0.0.1:11434',
    requiresApiKey: false,
  },
  {
    key: 'openrouter',
    label: 'OpenRouter',
    categories: ['llm', 'embedding'],
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    requiresApiKey: true,
  },
  {
    key: 'deepseek',
    label: 'DeepSeek',
    categories: ['llm'],
    defaultBaseUrl: 'https://api.deepseek.com/v1',
    requiresApiKey: true,
  },
  {
    key: 'jina',
    label: 'Jina AI',
    categories: ['embedding', 'reranker', 'urlParsing'],
    defaultBaseUrl: 'https://api.jina.ai/v1',
    requiresApiKey: true,
  },
  {
    key: 'searxng',
    label: 'SearXNG',
    categories: ['webSearch'],
    defaultBaseUrl: null,
    requiresApiKey: false,
  },
  {
    key: 'serper',
    label: 'Serper (Google search)',
    categories: ['webSearch'],
    defaultBaseUrl: 'https://google.serper.dev',
    requiresApiKey: true,
  },
  {
    key: 'tavily',
    label: 'Tavily',
    categories: ['webSearch', 'urlParsing'],
    defaultBaseUrl: 'https://api.tavily.com',
    requiresApiKey: true,
  },
  {
    key: 'brave',
    label: 'Brave Search',
    categories: ['webSearch'],
    defaultBaseUrl: 'https://api.search.brave.com/res/v1',
    requiresApiKey: true,
  },
  {
    key: 'firecrawl',
    label: 'Firecrawl',
    categories: ['urlParsing'],
    defaultBaseUrl: 'https://api.firecrawl.dev/v1',
    requiresApiKey: false,
  },
  {
    key: 'llamaparse',
    label: 'LlamaParse',
    categories: ['pdfParsing'],
    defaultBaseUrl: 'https://api.cloud.llamaindex.ai/api/v1',
    requiresApiKey: true,
  },
];

export function providerKindInfo(key: string): ProviderKindInfo | undefined {
  return PROVIDER_KINDS.find((k) => k.key === key);
}

/**
 * The web-search provider types, named as the provider form lists them, for the messages that
 * name them: "SearXNG, Serper, Tavily or Brave Search" (in Chinese "SearXNG、Serper、Tavily 或 Brave Search").
 */
export function webSearchProviderNames(language = 'en'): string {
  const names = PROVIDER_KINDS.filter((k) => k.categories.includes('webSearch')).map((k) =>
    k.label.replace(/ \(.*\)$/, ''),
  );
  const zh = language.startsWith('zh');
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(zh ? '、' : ', ')}${zh ? ' 或 ' : ' or '}${names.at(-1)}`;
}
