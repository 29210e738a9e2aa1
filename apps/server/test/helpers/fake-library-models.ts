/**
 * A fake of the model and parsing services the library calls, on 127.0.0.1, over real HTTP:
 * OpenAI-compatible `POST /v1/embeddings` with deterministic *semantic* vectors (words map onto a
 * few concept axes, so "feline" lands near "cat"), Jina/Cohere-style `POST /v1/rerank` scored by a
 * function the test sets, `POST /v1/chat/completions` that describes an image when it gets an
 * `image_url` part, a Jina reader (`GET /reader/<url>`) and a LlamaParse-style PDF service
 * (`/parse/parsing/upload`, `/parse/parsing/job/<id>`, `…/result/markdown`). Requests are recorded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Concept axes of the fake embedding space; a word outside every list only adds a small hash. */
export const CONCEPTS: string[][] = [
  ['cat', 'cats', 'kitten', 'kittens', 'feline', 'felines', 'purr', 'purrs', 'whiskers', 'pet', 'pets', '猫'],
  ['truck', 'trucks', 'car', 'cars', 'engine', 'engines', 'vehicle', 'vehicles', 'diesel', 'motor', '汽车'],
  ['bread', 'bake', 'baking', 'flour', 'dough', 'oven', 'recipe', 'recipes', 'yeast', 'loaf', '面包'],
  ['rain', 'storm', 'storms', 'cloud', 'clouds', 'weather', 'forecast', 'thunder', 'snow', '天气'],
  ['planet', 'planets', 'orbit', 'comet', 'star', 'stars', 'telescope', 'galaxy', 'astronomy', '星星'],
];

export function semanticEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const w of words) {
    const axis = CONCEPTS.findIndex((c) => c.includes(w));
    if (axis >= 0 && axis < dimensions) v[axis]! += 1;
    let h = 0;
    for (const ch of w) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
    v[CONCEPTS.length + (h % Math.max(1, dimensions - CONCEPTS.length))]! += 0.05;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export interface FakeLibraryModels {
  url: string;
  requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }>;
  /** Dimension of every embedding answered. */
  dimensions: number;
  /** Scores a document for the reranker (default: shared words with the query). */
  rerankScore: (query: string, doc: string) => number;
  /** HTTP status the reranker answers instead of results (simulates an outage). */
  rerankStatus: number | null;
  /** HTTP status embeddings answer instead of vectors (simulates an outage). */
  embeddingStatus: number | null;
  /** Description a vision request answers. */
  imageDescription: string;
  /** Markdown and page count the PDF service answers. */
  pdfMarkdown: string;
  pdfPages: number;
  close(): Promise<void>;
}

const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

export async function startFakeLibraryModels(): Promise<FakeLibraryModels> {
  const jobs = new Map<string, number>();
  const state: Omit<FakeLibraryModels, 'url' | 'close'> = {
    requests: [],
    dimensions: 16,
    rerankScore: (q, d) => {
      const qw = words(q);
      const dw = words(d);
      let n = 0;
      for (const w of qw) if (dw.has(w)) n++;
      return qw.size ? n / qw.size : 0;
    },
    embeddingStatus: null,
    rerankStatus: null,
    imageDescription: 'A small red square on a white background',
    pdfMarkdown: '# Parsed remotely\n\nThe remote parser read this PDF.',
    pdfPages: 1,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const type = req.headers['content-type'] ?? '';
      let body: Record<string, unknown> | null = null;
      if (type.includes('json')) {
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          body = null;
        }
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      state.requests.push({ method: req.method ?? 'GET', path, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && path === '/v1/embeddings') {
        if (state.embeddingStatus) return json(state.embeddingStatus, { error: { message: 'down' } });
        const input = body?.input;
        const texts = Array.isArray(input) ? (input as string[]) : [String(input)];
        const dims = typeof body?.dimensions === 'number' ? body.dimensions : state.dimensions;
        return json(200, {
          object: 'list',
          data: texts.map((t, index) => ({
            object: 'embedding',
            index,
            embedding: semanticEmbedding(t, dims),
          })),
          model: body?.model,
        });
      }
      if (req.method === 'POST' && path === '/v1/rerank') {
        if (state.rerankStatus) return json(state.rerankStatus, { error: { message: 'down' } });
        const docs = (body?.documents as string[]) ?? [];
        const query = String(body?.query ?? '');
        const scored = docs
          .map((d, index) => ({ index, relevance_score: state.rerankScore(query, d) }))
          .sort((a, b) => b.relevance_score - a.relevance_score)
          .slice(0, typeof body?.top_n === 'number' ? body.top_n : docs.length);
        return json(200, { results: scored });
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const messages = (body?.messages ?? []) as Array<{ content: unknown }>;
        const hasImage = JSON.stringify(messages).includes('"image_url"');
        return json(200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: hasImage ? state.imageDescription : 'No image.' },
            },
          ],
        });
      }
      if (req.method === 'GET' && path.startsWith('/reader/')) {
        const target = decodeURIComponent(url.href.slice(url.origin.length + '/reader/'.length));
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(
          `Title: Reader view of ${target}\n\nURL Source: ${target}\n\nMarkdown Content:\nThe reader fetched ${target} remotely.`,
        );
      }
      if (req.method === 'POST' && path === '/parse/parsing/upload') {
        const id = `job-${jobs.size + 1}`;
        jobs.set(id, 0);
        return json(200, { id, status: 'PENDING' });
      }
      const job = /^\/parse\/parsing\/job\/([^/]+)(\/result\/markdown)?$/.exec(path);
      if (req.method === 'GET' && job) {
        const polls = jobs.get(job[1]!);
        if (polls === undefined) return json(404, { detail: 'no such job' });
        if (job[2])
          return json(200, { markdown: state.pdfMarkdown, job_metadata: { job_pages: state.pdfPages } });
        jobs.set(job[1]!, polls + 1);
        return json(200, { id: job[1], status: polls >= 1 ? 'SUCCESS' : 'PENDING' });
      }
      json(404, { error: `no route ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeLibraryModels;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
