/**
 * Fetching web pages for links, scraping and skills, through the outbound module
 * (src/lib/outbound): http/https only, a deadline for the whole exchange, a cap on the
 * (decompressed) body, at most MAX_REDIRECTS redirects re-checked hop by hop, and every connection
 * made only to an address the policy allowed (FETCH_ALLOW_PRIVATE decides for pages).
 */
import {
  OutboundFailedError,
  OutboundRefusedError,
  outboundFetch,
  type OutboundPolicy,
} from '../lib/outbound/index.js';

export const MAX_REDIRECTS = 5;
const USER_AGENT = 'Mozilla/5.0 (compatible; AtelierBot/0.6; +https://github.com/atelier)';

/** The page was not fetched because of the address policy or its scheme. */
export { OutboundRefusedError as FetchRefusedError };
/** The page could not be fetched (timeout, size, redirects, network, HTTP error). */
export { OutboundFailedError as FetchFailedError };

export interface FetchPageOptions extends OutboundPolicy {
  timeoutMs: number;
  maxBytes: number;
}

export interface FetchedPage {
  /** The final URL after redirects. */
  url: string;
  status: number;
  /** Media type without parameters, lower-cased ('' when absent). */
  contentType: string;
  charset: string | null;
  body: Buffer;
}

export async function fetchPage(rawUrl: string, opts: FetchPageOptions): Promise<FetchedPage> {
  const res = await outboundFetch(
    rawUrl,
    {
      headers: {
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5',
      },
    },
    { ...opts, maxRedirects: MAX_REDIRECTS },
  );
  if (res.status >= 400) {
    await res.body?.cancel().catch(() => undefined);
    throw new OutboundFailedError('network', `The server answered HTTP ${res.status}`);
  }
  let body: Buffer;
  try {
    body = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (err instanceof OutboundFailedError) throw err;
    throw new OutboundFailedError('network', `Could not read the page: ${(err as Error).message}`);
  }
  const [type = '', ...params] = (res.headers.get('content-type') ?? '').split(';');
  const charset = params.map((p) => /charset=["']?([\w-]+)/i.exec(p)?.[1]).find(Boolean) ?? null;
  return {
    url: res.url,
    status: res.status,
    contentType: type.trim().toLowerCase(),
    charset,
    body,
  };
}
