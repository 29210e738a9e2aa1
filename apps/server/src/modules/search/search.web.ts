/**
 * Web search through the caller's webSearch provider (providers API, category webSearch): SearXNG
 * (its JSON API), Serper, Tavily and Brave, with their real request shapes. Answers E1015 (provider
 * not found) when no web-search provider is configured, with a message naming the fix; provider
 * failures map to E3001 / E3002 / E3003.
 */
import type { WebSearchRequest, WebSearchResult } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import {
  privateNetworkAllowed,
  requestProviderJson,
  type ProviderHttpOptions,
} from '../../lib/providers/providers.http.js';
import { PROVIDER_KINDS } from '../provider/provider.catalog.js';
import { resolveToolProvider } from '../provider/provider.resolve.js';
import type { ResolvedToolProvider } from '../provider/provider.types.js';

type Req = Pick<WebSearchRequest, 'q' | 'hl' | 'gl' | 'location' | 'limit'>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/** Results with a usable http(s) URL, at most `limit`, one per URL. */
function clean(items: WebSearchResult[], limit: number, locale?: string): WebSearchResult[] {
  const seen = new Set<string>();
  const out: WebSearchResult[] = [];
  for (const item of items) {
    if (!/^https?:\/\//i.test(item.url) || seen.has(item.url)) continue;
    seen.add(item.url);
    out.push({ ...item, name: item.name || item.url, ...(locale ? { locale } : {}) });
    if (out.length >= limit) break;
  }
  return out;
}

function requireKey(tool: ResolvedToolProvider): string {
  if (!tool.apiKey)
    throw new AppError('E0003', `The web-search provider "${tool.provider.name}" has no API key`);
  return tool.apiKey;
}

export async function searchWith(
  tool: ResolvedToolProvider,
  req: Req,
  http: ProviderHttpOptions,
  signal?: AbortSignal,
): Promise<WebSearchResult[]> {
  const base = (tool.provider.baseUrl ?? '').replace(/\/+$/, '');
  if (!base) throw new AppError('E0003', `The web-search provider "${tool.provider.name}" has no endpoint`);
  const extra = signal ? { signal } : {};
  switch (tool.provider.providerKey) {
    case 'searxng': {
      const params = new URLSearchParams({ q: req.q, format: 'json', pageno: '1' });
      if (req.hl) params.set('language', req.hl);
      const headers: Record<string, string> = tool.apiKey ? { authorization: `Bearer ${tool.apiKey}` } : {};
      const body = (await requestProviderJson(`${base}/search?${params}`, { headers, ...extra }, http)) as {
        results?: unknown;
      };
      return clean(
        list(body?.results).map((r) => ({ name: str(r.title), url: str(r.url), snippet: str(r.content) })),
        req.limit,
        req.hl,
      );
    }
    case 'serper': {
      const body = (await requestProviderJson(
        `${base}/search`,
        {
          method: 'POST',
          headers: { 'X-API-KEY': requireKey(tool) },
          body: {
            q: req.q,
            num: req.limit,
            ...(req.hl ? { hl: req.hl } : {}),
            ...(req.gl ? { gl: req.gl } : {}),
            ...(req.location ? { location: req.location } : {}),
          },
          ...extra,
        },
        http,
      )) as { organic?: unknown };
      return clean(
        list(body?.organic).map((r) => ({ name: str(r.title), url: str(r.link), snippet: str(r.snippet) })),
        req.limit,
        req.hl,
      );
    }
    case 'tavily': {
      const body = (await requestProviderJson(
        `${base}/search`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${requireKey(tool)}` },
          body: {
            query: req.q,
            max_results: Math.min(req.limit, 20),
            search_depth: 'basic',
            topic: 'general',
          },
          ...extra,
        },
        http,
      )) as { results?: unknown };
      return clean(
        list(body?.results).map((r) => ({ name: str(r.title), url: str(r.url), snippet: str(r.content) })),
        req.limit,
        req.hl,
      );
    }
    case 'brave': {
      const params = new URLSearchParams({ q: req.q, count: String(Math.min(req.limit, 20)) });
      if (req.gl) params.set('country', req.gl.toUpperCase());
      if (req.hl) params.set('search_lang', req.hl.split('-')[0]!.toLowerCase());
      const body = (await requestProviderJson(
        `${base}/web/search?${params}`,
        { headers: { 'X-Subscription-Token': requireKey(tool) }, ...extra },
        http,
      )) as { web?: { results?: unknown } };
      return clean(
        list(body?.web?.results).map((r) => ({
          name: str(r.title),
          url: str(r.url),
          snippet: str(r.description).replace(/<\/?strong>/g, ''),
        })),
        req.limit,
        req.hl,
      );
    }
    default:
      throw new AppError('E0003', `"${tool.provider.providerKey}" is not a web-search provider`);
  }
}

/** The web-search provider types as the provider form names them, e.g. "SearXNG, Serper, Tavily or Brave Search". */
function webSearchKindNames(): string {
  const names = [...PROVIDER_KINDS.values()]
    .filter((k) => k.categories.includes('webSearch'))
    .map((k) => k.label.replace(/ \(.*\)$/, ''));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** What the user is told when no web-search provider is configured (the fix, not a parameter error). */
export const WEB_SEARCH_NOT_CONFIGURED = `Web search is not configured: add a ${webSearchKindNames()} provider in Settings > Providers (the setup guide checks it)`;

/** The caller's web-search provider, or E1015 saying how to get one. */
export async function webSearchProvider(ctx: AppContext, uid: string): Promise<ResolvedToolProvider> {
  const tool = await resolveToolProvider(ctx, uid, 'webSearch');
  if (!tool) throw new AppError('E1015', WEB_SEARCH_NOT_CONFIGURED);
  return tool;
}

export function webHttpOptions(ctx: AppContext, tool: ResolvedToolProvider): ProviderHttpOptions {
  return {
    timeoutMs: ctx.config.PROVIDER_REQUEST_TIMEOUT,
    allowPrivateNetwork: tool.provider.isGlobal || privateNetworkAllowed(ctx.config, tool.provider.baseUrl),
  };
}

/** POST /search with `source: 'web'`, and the web step of the skills. */
export async function searchWeb(
  ctx: AppContext,
  uid: string,
  req: Req,
  signal?: AbortSignal,
): Promise<WebSearchResult[]> {
  const tool = await webSearchProvider(ctx, uid);
  return searchWith(tool, req, webHttpOptions(ctx, tool), signal);
}
