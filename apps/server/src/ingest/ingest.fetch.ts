/**
 * SSRF-safe fetching of web pages for links, scraping and skills: http/https only, a deadline for
 * the whole exchange, a cap on the (decompressed) body, at most MAX_REDIRECTS redirects followed by
 * hand, and every hop's resolved address checked before connecting (the check runs inside the
 * socket's DNS lookup, so the address checked is the address connected to). IP-literal hosts are
 * checked directly, since Node does not resolve them.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { isPrivateAddress } from './ingest.address.js';

export const MAX_REDIRECTS = 5;
const USER_AGENT = 'Mozilla/5.0 (compatible; AtelierBot/0.6; +https://github.com/atelier)';

export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export class FetchFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchFailedError';
  }
}

export interface SafeFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Overrides the address policy (tests); defaults to isPrivateAddress unless allowPrivate. */
  isBlocked?: (address: string) => boolean;
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

function policy(opts: SafeFetchOptions): (address: string) => boolean {
  if (opts.isBlocked) return opts.isBlocked;
  return opts.allowPrivate ? () => false : isPrivateAddress;
}

function checkedLookup(isBlocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (err, found) => {
      const addresses = found as unknown as LookupAddress[];
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isBlocked(a.address));
      if (bad || !addresses.length) {
        const refusal = new FetchRefusedError(
          `Refused to fetch ${hostname}: it resolves to a private or reserved address`,
        );
        return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function decode(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

interface Hop {
  status: number;
  location: string | null;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function fetchOnce(url: URL, opts: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const isBlocked = policy(opts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlocked(host)) {
    return Promise.reject(
      new FetchRefusedError(`Refused to fetch ${url.host}: a private or reserved address`),
    );
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Hop>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: checkedLookup(isBlocked),
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        if (status >= 300 && status < 400 && location) {
          res.resume();
          resolve({ status, location, headers: res.headers, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          res.destroy();
          reject(new FetchFailedError(`The page is larger than ${opts.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = decode(res);
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            stream.destroy();
            res.destroy();
            reject(new FetchFailedError(`The page is larger than ${opts.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', (err) => reject(new FetchFailedError(`Could not read the page: ${err.message}`)));
        stream.on('end', () =>
          resolve({ status, location, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', (err) => {
      if (err instanceof FetchRefusedError) reject(err);
      else if (signal.aborted) reject(new FetchFailedError(`Timed out after ${opts.timeoutMs} ms`));
      else reject(new FetchFailedError(`Could not fetch the page: ${err.message}`));
    });
    req.end();
  });
}

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefusedError(`Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(`Only http and https links can be fetched, not ${url.protocol}`);
  }
  return url;
}

export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let url = parseHttpUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const hop = await fetchOnce(url, opts, controller.signal);
      if (hop.location && hop.status >= 300 && hop.status < 400) {
        if (redirects >= MAX_REDIRECTS) throw new FetchFailedError(`More than ${MAX_REDIRECTS} redirects`);
        url = parseHttpUrl(hop.location, url);
        continue;
      }
      if (hop.status >= 400) throw new FetchFailedError(`The server answered HTTP ${hop.status}`);
      const [type = '', ...params] = String(hop.headers['content-type'] ?? '').split(';');
      const charset = params.map((p) => /charset=["']?([\w-]+)/i.exec(p)?.[1]).find(Boolean) ?? null;
      return {
        url: url.toString(),
        status: hop.status,
        contentType: type.trim().toLowerCase(),
        charset,
        body: hop.body,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}
