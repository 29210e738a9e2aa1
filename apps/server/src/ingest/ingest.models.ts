/**
 * The library's calls to model and parsing providers, over plain HTTP: OpenAI-compatible
 * `POST /embeddings`, Jina/Cohere-style `POST /rerank`, an OpenAI-compatible chat completion with
 * an `image_url` part (image descriptions), a Jina reader-style URL parser (`GET <base>/<url>`)
 * and a PDF parsing service (`POST <base>/parse`, multipart `file`). Failures map to E3001 (the
 * provider failed), E3002 (429) and E3003 (timeout); messages name the endpoint's origin and the
 * HTTP status, never a key or a response body. Every call goes through the safe outbound fetch
 * (lib/providers/providers.http.ts → lib/outbound) under PROVIDER_ALLOW_PRIVATE_NETWORK; global
 * providers are exempt.
 */
import { AppError } from '../lib/errors.js';
import { readProviderJson, sendProviderRequest } from '../lib/providers/providers.http.js';
import type { ResolvedModel, ResolvedToolProvider } from '../lib/providers/providers.types.js';

/** Deadline of one embedding, vision or parsing call. */
export const MODEL_CALL_TIMEOUT_MS = 60_000;
/** Texts per embedding request when the model's config has no batchSize. */
export const DEFAULT_EMBED_BATCH = 64;

interface Endpoint {
  baseUrl: string | null;
  apiKey: string | null;
  allowPrivateNetwork: boolean;
  timeoutMs?: number;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the provider';
  }
};

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** One request to a provider; answers the response when it is 2xx, else throws the mapped error. */
async function send(ep: Endpoint, path: string, init: RequestInit): Promise<Response> {
  if (!ep.baseUrl) throw new AppError('E3001', 'The provider has no endpoint (baseUrl) configured');
  const url = path ? join(ep.baseUrl, path) : ep.baseUrl;
  const timeoutMs = ep.timeoutMs ?? MODEL_CALL_TIMEOUT_MS;
  const res = await sendProviderRequest(
    url,
    {
      ...init,
      headers: {
        ...(ep.apiKey ? { authorization: `Bearer ${ep.apiKey}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    },
    { allowPrivateNetwork: ep.allowPrivateNetwork, timeoutMs },
  );
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 429) throw new AppError('E3002', `${originOf(url)} answered HTTP 429`);
    if (res.status === 401 || res.status === 403)
      throw new AppError('E3001', `${originOf(url)} rejected the API key (HTTP ${res.status})`);
    throw new AppError('E3001', `${originOf(url)} answered HTTP ${res.status}`);
  }
  return res;
}

async function postJson(ep: Endpoint, path: string, body: unknown): Promise<unknown> {
  const res = await send(ep, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return readProviderJson(res, res.url);
}

const modelEndpoint = (m: ResolvedModel, timeoutMs?: number): Endpoint => ({
  baseUrl: m.provider.baseUrl,
  apiKey: m.apiKey,
  allowPrivateNetwork: m.allowPrivateNetwork,
  ...(timeoutMs ? { timeoutMs } : {}),
});

const modelIdOf = (m: ResolvedModel) => m.config.modelId ?? m.item.name;

// ---- embeddings ----

export interface EmbeddingModelInfo {
  itemId: string;
  providerId: string;
  modelId: string;
  /** From the item's config; null: whatever the model answers. */
  dimensions: number | null;
  batchSize: number;
}

export function embeddingInfo(m: ResolvedModel): EmbeddingModelInfo {
  const cfg = m.config as { dimensions?: number; batchSize?: number };
  return {
    itemId: m.item.itemId,
    providerId: m.provider.providerId,
    modelId: modelIdOf(m),
    dimensions: cfg.dimensions ?? null,
    batchSize: cfg.batchSize ?? DEFAULT_EMBED_BATCH,
  };
}

/** Embeds texts in batches of the model's batchSize; every vector has the same dimension. */
export async function embedTexts(m: ResolvedModel, texts: readonly string[]): Promise<number[][]> {
  const info = embeddingInfo(m);
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += info.batchSize) {
    const batch = texts.slice(i, i + info.batchSize);
    const answer = (await postJson(modelEndpoint(m), 'embeddings', {
      model: info.modelId,
      input: batch,
      ...(info.dimensions ? { dimensions: info.dimensions } : {}),
      encoding_format: 'float',
    })) as { data?: Array<{ embedding?: unknown; index?: number }> };
    const data = Array.isArray(answer?.data) ? answer.data : null;
    if (!data || data.length !== batch.length)
      throw new AppError(
        'E3001',
        `The embedding model answered ${data?.length ?? 0} vectors for ${batch.length} texts`,
      );
    const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    for (const d of sorted) {
      const v = d.embedding;
      if (!Array.isArray(v) || !v.length || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new AppError('E3001', 'The embedding model answered a vector that is not a list of numbers');
      out.push(v as number[]);
    }
  }
  const dims = out[0]?.length;
  if (out.some((v) => v.length !== dims))
    throw new AppError('E3001', 'The embedding model answered vectors of different dimensions');
  if (info.dimensions && dims !== undefined && dims !== info.dimensions)
    throw new AppError(
      'E3001',
      `The embedding model answered ${dims} dimensions, configured ${info.dimensions}`,
    );
  return out;
}

/** pgvector's text form. */
export const toVectorLiteral = (v: readonly number[]) => `[${v.join(',')}]`;

// ---- reranking ----

export interface RerankOptions {
  topN: number;
  relevanceThreshold: number;
}

export function rerankOptions(m: ResolvedModel, fallbackTopN: number): RerankOptions {
  const cfg = m.config as { topN?: number; relevanceThreshold?: number };
  return { topN: cfg.topN ?? fallbackTopN, relevanceThreshold: cfg.relevanceThreshold ?? 0 };
}

/**
 * Reorders documents by relevance to the query (Jina/Cohere `/rerank`): answers the indices of the
 * kept documents, best first, at most topN, none below relevanceThreshold.
 */
export async function rerank(
  m: ResolvedModel,
  query: string,
  documents: readonly string[],
  opts: RerankOptions,
  timeoutMs?: number,
): Promise<Array<{ index: number; score: number }>> {
  if (!documents.length) return [];
  const answer = (await postJson(modelEndpoint(m, timeoutMs), 'rerank', {
    model: modelIdOf(m),
    query,
    documents,
    top_n: Math.min(opts.topN, documents.length),
  })) as { results?: Array<{ index?: unknown; relevance_score?: unknown }> };
  if (!Array.isArray(answer?.results)) throw new AppError('E3001', 'The reranker answered no results');
  return answer.results
    .filter(
      (r): r is { index: number; relevance_score: number } =>
        typeof r.index === 'number' &&
        Number.isInteger(r.index) &&
        r.index >= 0 &&
        r.index < documents.length &&
        typeof r.relevance_score === 'number',
    )
    .map((r) => ({ index: r.index, score: r.relevance_score }))
    .filter((r) => r.score >= opts.relevanceThreshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, opts.topN);
}

// ---- image descriptions ----

const DESCRIBE_PROMPT =
  'Describe this image for a search index: what it shows, any visible text (verbatim), and notable ' +
  'details. Answer in Markdown, at most 200 words, without a preamble.';

/** Asks a vision-capable chat model to describe an image; answers Markdown. */
export async function describeImage(m: ResolvedModel, image: Buffer, contentType: string): Promise<string> {
  const answer = (await postJson(modelEndpoint(m), 'chat/completions', {
    model: modelIdOf(m),
    stream: false,
    max_tokens: 600,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: DESCRIBE_PROMPT },
          { type: 'image_url', image_url: { url: `data:${contentType};base64,${image.toString('base64')}` } },
        ],
      },
    ],
  })) as { choices?: Array<{ message?: { content?: unknown } }> };
  const text = answer?.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || !text.trim())
    throw new AppError('E3001', 'The vision model answered nothing');
  return text.trim();
}

// ---- external parsers ----

const toolEndpoint = (
  t: ResolvedToolProvider,
  allowPrivateNetwork: boolean,
  baseUrl = t.provider.baseUrl,
): Endpoint => ({
  baseUrl,
  apiKey: t.apiKey,
  allowPrivateNetwork: t.provider.isGlobal || allowPrivateNetwork,
});

/** URL-parsing provider types with a protocol here; others fall back to the local parsers. */
export const URL_PARSERS = ['jina', 'firecrawl'] as const;
/** PDF-parsing provider types with a protocol here. */
export const PDF_PARSERS = ['llamaparse'] as const;

/**
 * Parses a web page with the user's URL-parsing provider: Jina Reader (`GET <reader>/<url>`,
 * Markdown; the reader lives at r.jina.ai when the provider keeps Jina's API endpoint) or Firecrawl
 * (`POST <base>/scrape`). Answers the page's title and Markdown.
 */
export async function parseUrlExternally(
  t: ResolvedToolProvider,
  url: string,
  allowPrivateNetwork: boolean,
): Promise<{ title?: string; content: string }> {
  if (t.provider.providerKey === 'firecrawl') {
    const answer = (await postJson(toolEndpoint(t, allowPrivateNetwork), 'scrape', {
      url,
      formats: ['markdown'],
    })) as { data?: { markdown?: unknown; metadata?: { title?: unknown } } };
    const content = answer?.data?.markdown;
    if (typeof content !== 'string') throw new AppError('E3001', 'The URL parser answered no content');
    const title = answer.data?.metadata?.title;
    return { content, ...(typeof title === 'string' && title ? { title } : {}) };
  }
  const base =
    !t.provider.baseUrl || /^https:\/\/api\.jina\.ai(\/|$)/.test(t.provider.baseUrl)
      ? 'https://r.jina.ai'
      : t.provider.baseUrl;
  const res = await send(toolEndpoint(t, allowPrivateNetwork, base), url, {
    method: 'GET',
    headers: { accept: 'application/json', 'x-return-format': 'markdown' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await res.json().catch(() => null)) as {
      data?: { title?: unknown; content?: unknown };
    } | null;
    const content = body?.data?.content;
    if (typeof content !== 'string') throw new AppError('E3001', 'The URL parser answered no content');
    const title = body?.data?.title;
    return { content, ...(typeof title === 'string' && title ? { title } : {}) };
  }
  const text = await res.text();
  const titleLine = /^Title:\s*(.+)$/m.exec(text.slice(0, 2000));
  const marker = text.indexOf('Markdown Content:');
  const content = marker >= 0 ? text.slice(marker + 'Markdown Content:'.length).trim() : text.trim();
  return { content, ...(titleLine?.[1] ? { title: titleLine[1].trim() } : {}) };
}

/** Pause between polls of a PDF parsing job. */
export const PDF_POLL_MS = 1000;

/**
 * Parses a PDF with a LlamaParse-style service: `POST <base>/parsing/upload` (multipart `file`)
 * answers a job id, `GET <base>/parsing/job/<id>` its status, and
 * `GET <base>/parsing/job/<id>/result/markdown` the Markdown with the page count.
 */
export async function parsePdfExternally(
  t: ResolvedToolProvider,
  body: Buffer,
  filename: string,
  allowPrivateNetwork: boolean,
  opts: { pollMs?: number; deadlineMs?: number } = {},
): Promise<{ content: string; pages: number | null }> {
  const ep = toolEndpoint(t, allowPrivateNetwork);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), filename || 'file.pdf');
  const uploaded = (await (
    await send(ep, 'parsing/upload', { method: 'POST', headers: { accept: 'application/json' }, body: form })
  )
    .json()
    .catch(() => null)) as { id?: unknown } | null;
  const id = uploaded?.id;
  if (typeof id !== 'string' || !id) throw new AppError('E3001', 'The PDF parser answered no job id');
  // bounds a real wait on the parser while polling it: monotonic time, not the app's clock
  const deadline = performance.now() + (opts.deadlineMs ?? 5 * MODEL_CALL_TIMEOUT_MS);
  for (;;) {
    const job = (await (
      await send(ep, `parsing/job/${encodeURIComponent(id)}`, { method: 'GET' })
    )
      .json()
      .catch(() => null)) as { status?: unknown } | null;
    const status = typeof job?.status === 'string' ? job.status.toUpperCase() : '';
    if (status === 'SUCCESS') break;
    if (status === 'ERROR' || status === 'CANCELED' || status === 'CANCELLED')
      throw new AppError('E3001', `The PDF parser could not parse the file (${status.toLowerCase()})`);
    if (performance.now() > deadline) throw new AppError('E3003', 'The PDF parser did not finish in time');
    await new Promise((r) => setTimeout(r, opts.pollMs ?? PDF_POLL_MS));
  }
  const result = (await (
    await send(ep, `parsing/job/${encodeURIComponent(id)}/result/markdown`, { method: 'GET' })
  )
    .json()
    .catch(() => null)) as { markdown?: unknown; job_metadata?: { job_pages?: unknown } } | null;
  if (typeof result?.markdown !== 'string') throw new AppError('E3001', 'The PDF parser answered no content');
  const pages = result.job_metadata?.job_pages;
  return {
    content: result.markdown,
    pages: typeof pages === 'number' && pages >= 0 ? Math.floor(pages) : null,
  };
}
