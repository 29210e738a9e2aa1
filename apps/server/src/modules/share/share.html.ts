/**
 * The share URL as real HTML (`GET /share/{shareId}`): the web app's lean viewer page (share.html) with the share's
 * title, description and OpenGraph / Twitter tags (image: the canvas minimap or page cover, an
 * absolute URL), and for documents, answers, artifacts, resources and pages the text itself as
 * semantic, escaped HTML inside the app's root element, readable without JavaScript (the app
 * replaces it when it mounts the viewer). Unknown, revoked, expired or 'off' links answer 404 with
 * the spec's message ('off' links render for their owner only: the session cookie comes with the
 * navigation). Link tags are built on PUBLIC_URL, else on the address the request came to.
 * Rendered pages are cached by (shareId, publishedAt, updatedAt, origin, title), bounded; the share
 * rows themselves come from the share service's cache of rows (embedded PGlite only).
 *
 * `GET /share/{shareId}/files/{name}` serves a file copied into the share (images on a canvas,
 * a resource's upload, the cover) while the share may be opened; 404 otherwise.
 * `GET /share/{shareId}/live/{storageKey}` serves, for a live share, one of its owner's files that
 * the live canvas or document shows now (ShareService.liveFile); 404 otherwise. Active types
 * (scripts, HTML, SVG, XML, unknown) are served as an application/octet-stream attachment, as
 * `/v1/misc/static` serves them (upload.types.ts), so a shared file never runs on our origin.
 *
 * User text goes into the page through function replacers only (a replacement string would read
 * `$&`, `` $` `` and `$'` in a title as patterns that copy the page into itself), and the text
 * rendered is bounded (MAX_TEXT_CHARS per text, MAX_BODY_CHARS for the whole body). A path holding
 * a NUL answers the not-found page (input-check.ts); these routes count in a per-IP window of
 * SHARE_RATE_LIMIT_PER_IP a minute (HTTP 429, plain text).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { placeCitations, type CitationAnchor, type SharedData } from '@atelier/contract';
import { markdownToDoc, type DocJSON } from '@atelier/editor';
import type {} from '@fastify/rate-limit';
import { AppError } from '../../lib/errors.js';
import { findNul } from '../../http/input-check.js';
import type { Authenticate } from '../../http/register.js';
import { contentDisposition, isInlineType, servedContentType } from '../upload/upload.types.js';
import type { ShareRow, ShareService } from './share.service.js';

export const SHARE_NOT_FOUND_MESSAGE = 'This share link may have expired or does not exist';

/** Most characters of one text (content, description, query) rendered into the page. */
const MAX_TEXT_CHARS = 100_000;
/** Most items of a list (canvas nodes, slides, sources) rendered into the page. */
const MAX_ITEMS = 500;
/** The rendered body's bound; a larger one (escaping grows text) falls back to a plain excerpt. */
const MAX_BODY_CHARS = 1_000_000;
/** Most characters of a title (page title, meta tags, heading). */
const MAX_TITLE_CHARS = 512;

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Atelier</title></head><body><div id="root"></div></body></html>';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const SAFE_HREF = /^(https?:|mailto:)/i;

function inline(node: DocJSON): string {
  if (node.type === 'hardBreak') return '<br>';
  if (node.type === 'image') return '';
  if (node.type !== 'text') return (node.content ?? []).map(inline).join('');
  let out = escapeHtml(node.text ?? '');
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = `<strong>${out}</strong>`;
    else if (mark.type === 'italic') out = `<em>${out}</em>`;
    else if (mark.type === 'code') out = `<code>${out}</code>`;
    else if (mark.type === 'strike') out = `<s>${out}</s>`;
    else if (mark.type === 'link') {
      const href = mark.attrs?.href;
      if (typeof href === 'string' && SAFE_HREF.test(href))
        out = `<a href="${escapeHtml(href)}" rel="nofollow noopener">${out}</a>`;
    }
  }
  return out;
}

const BLOCK_TAGS: Record<string, string> = {
  paragraph: 'p',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  taskList: 'ul',
  taskItem: 'li',
  blockquote: 'blockquote',
  table: 'table',
  tableRow: 'tr',
  tableCell: 'td',
  tableHeader: 'th',
};

function block(node: DocJSON): string {
  const children = () => (node.content ?? []).map(block).join('');
  switch (node.type) {
    case 'doc':
      return children();
    case 'heading': {
      const level = Math.min(6, Math.max(2, Number(node.attrs?.level ?? 2) + 1));
      return `<h${level}>${inline(node)}</h${level}>`;
    }
    case 'paragraph':
      return `<p>${inline(node)}</p>`;
    case 'codeBlock':
      return `<pre><code>${escapeHtml((node.content ?? []).map((c) => c.text ?? '').join(''))}</code></pre>`;
    case 'horizontalRule':
      return '<hr>';
    case 'text':
    case 'hardBreak':
      return inline(node);
    default: {
      const tag = BLOCK_TAGS[node.type ?? ''];
      return tag ? `<${tag}>${children()}</${tag}>` : children();
    }
  }
}

/** Markdown as escaped semantic HTML (headings start at h2: the page's h1 is the title). */
export function markdownHtml(markdown: string): string {
  try {
    return block(markdownToDoc(markdown));
  } catch {
    return markdown
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('');
  }
}

const CITE = /\uE000(\d{1,3})\uE001/g;

/** An answer's Markdown as HTML with its citations as `[n]` links to the sources list. */
function citedHtml(markdown: string, citations: CitationAnchor[]): string {
  const marked = placeCitations(
    markdown.replace(/[\uE000\uE001]/g, ''),
    citations,
    (c) => `\uE000${c.index}\uE001`,
  );
  return markdownHtml(marked).replace(
    CITE,
    (_m, n: string) => `<sup class="citation"><a href="#source-${n}">[${n}]</a></sup>`,
  );
}

const plain = (markdown: string) =>
  markdown
    .replace(/[#>*_`~[\]()!|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function describe(data: SharedData): string {
  switch (data.kind) {
    case 'document':
    case 'codeArtifact':
    case 'resource':
      return plain(data.content).slice(0, 200);
    case 'skillResponse':
      return plain(data.query || data.content).slice(0, 200);
    case 'page':
      return (data.description ?? '').slice(0, 200);
    case 'canvas':
      return data.nodes
        .map((n) => n.data.title)
        .filter(Boolean)
        .slice(0, 8)
        .join(' · ')
        .slice(0, 200);
  }
}

/** The share's data with every text and list cut to the page's bounds. */
function bounded(data: SharedData): SharedData {
  const cut = (text: string) => text.slice(0, MAX_TEXT_CHARS);
  const title = data.title.slice(0, MAX_TITLE_CHARS);
  switch (data.kind) {
    case 'document':
    case 'codeArtifact':
    case 'resource':
      return { ...data, title, content: cut(data.content) };
    case 'skillResponse':
      return {
        ...data,
        title,
        query: cut(data.query),
        content: cut(data.content),
        sources: data.sources.slice(0, MAX_ITEMS),
      };
    case 'page':
      return {
        ...data,
        title,
        description: data.description ? cut(data.description) : data.description,
        slides: data.slides.slice(0, MAX_ITEMS),
      };
    case 'canvas':
      return { ...data, title, nodes: data.nodes.slice(0, MAX_ITEMS) };
  }
}

/** The page body of bounded data; never longer than MAX_BODY_CHARS. */
function boundedBody(data: SharedData): string {
  const html = bodyOf(data);
  if (html.length <= MAX_BODY_CHARS) return html;
  const excerpt = describe(data);
  return `<article><h1>${escapeHtml(data.title)}</h1><p>${escapeHtml(excerpt)}</p></article>`;
}

function bodyOf(data: SharedData): string {
  const title = `<h1>${escapeHtml(data.title)}</h1>`;
  switch (data.kind) {
    case 'document':
      return `<article>${title}${markdownHtml(data.content)}</article>`;
    case 'skillResponse': {
      const sources = data.sources.length
        ? `<section><h2>Sources</h2><ol>${data.sources
            .map((s) => {
              const label = escapeHtml(s.title || s.url || '');
              const item =
                s.url && SAFE_HREF.test(s.url)
                  ? `<a href="${escapeHtml(s.url)}" rel="nofollow noopener">${label}</a>`
                  : label;
              return `<li id="source-${s.index}" value="${s.index}">${item}</li>`;
            })
            .join('')}</ol></section>`
        : '';
      return `<article>${title}<p><strong>${escapeHtml(data.query)}</strong></p>${citedHtml(data.content, data.citations ?? [])}${sources}</article>`;
    }
    case 'codeArtifact':
      return `<article>${title}<pre><code>${escapeHtml(data.content)}</code></pre></article>`;
    case 'resource':
      return `<article>${title}${markdownHtml(data.content)}</article>`;
    case 'page':
      return `<article>${title}${data.description ? `<p>${escapeHtml(data.description)}</p>` : ''}${data.slides
        .map((s) => `<section><h2>${escapeHtml(s.title)}</h2></section>`)
        .join('')}</article>`;
    case 'canvas':
      return `<article>${title}<ul>${data.nodes
        .filter((n) => n.data.title)
        .map((n) => `<li>${escapeHtml(n.data.title)}</li>`)
        .join('')}</ul></article>`;
  }
}

interface Meta {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

function metaTags(meta: Meta): string {
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Atelier'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  return tags.map(([k, n, v]) => `<meta ${k}="${n}" content="${escapeHtml(v)}" />`).join('\n    ');
}

/**
 * The shell with a title, meta tags and the root element's pre-rendered content. Every
 * replacement is a function: its answer is inserted as is, `$` patterns in user text included.
 */
export function renderShell(shell: string, meta: Meta | null, body: string, title: string): string {
  let html = shell.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
  // Head tags of the shell that would contradict ours (a generic description) give way.
  html = html.replace(/\s*<meta\s+name="description"[^>]*>/i, () => '');
  if (meta) html = html.replace(/<\/head>/i, () => `  ${metaTags(meta)}\n  </head>`);
  return html.replace(
    /(<div id="root"[^>]*>)[\s\S]*?(<\/div>\s*(?:<script|<\/body>))/i,
    (_match, open: string, close: string) => `${open}${body}${close}`,
  );
}

const readShell = (dir: string, name: string) => readFile(join(dir, name), 'utf8');

export interface SharePagesOptions {
  shares: ShareService;
  authenticate: Authenticate;
  webDistDir: string | null;
  /** Requests per minute per IP to /share/* (SHARE_RATE_LIMIT_PER_IP). */
  ratePerIp: number;
}

/** Registers `/share/{shareId}` (HTML) and `/share/{shareId}/files/{name}` on the app. */
export function registerSharePages(app: FastifyInstance, opts: SharePagesOptions): void {
  const { shares } = opts;
  let shell: Promise<string> | null = null;
  // the web app's lean viewer page (share.html: the viewer without the app's router, session
  // and editors); a build without it gets the app's index.html, which loads the viewer too
  const loadShell = () =>
    (shell ??= opts.webDistDir
      ? readShell(opts.webDistDir, 'share.html')
          .catch(() => readShell(opts.webDistDir!, 'index.html'))
          .catch(() => FALLBACK_SHELL)
      : Promise.resolve(FALLBACK_SHELL));
  const rendered = new Map<string, string>();
  const MAX_RENDERED = 200;
  // the plugin's store (memory on the server clock, or Redis), a window of its own per IP
  const limiter = app.createRateLimit({
    max: opts.ratePerIp,
    timeWindow: 60_000,
    keyGenerator: (req) => `share-ip:${req.ip}`,
    // the app-wide allowList exempts everything outside /v1 and /mcp; this window counts /share/*
    allowList: () => false,
  });
  /** Answers 429 (plain text) when the caller's IP is over its window; true when it did. */
  async function limited(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const result = await limiter(req);
    if (result.isAllowed || !result.isExceeded) return false;
    await reply
      .status(429)
      .header('retry-after', String(result.ttlInSeconds))
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Too many requests, please try again later.');
    return true;
  }
  /** A path or query holding a NUL cannot name a share (nor reach the database). */
  const badInput = (req: FastifyRequest) => findNul(req.params) !== null || findNul(req.query) !== null;

  async function notFound(reply: FastifyReply) {
    const html = renderShell(
      await loadShell(),
      null,
      `<main><h1>${escapeHtml(SHARE_NOT_FOUND_MESSAGE)}</h1></main>`,
      `${SHARE_NOT_FOUND_MESSAGE} · Atelier`,
    );
    return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  async function page(row: ShareRow, origin: string): Promise<string> {
    // a live share's title follows its entity; a snapshot's is the published one
    const shownTitle = row.live
      ? ((await shares.freshness([row], { staleness: false })).get(row.shareId)?.title ?? row.title)
      : row.title;
    // a republish moves publishedAt, a changed setting updatedAt; link tags name the origin
    const key = `${row.shareId}@${row.publishedAt.getTime()}:${row.updatedAt.getTime()}:${origin}:${shownTitle}`;
    const hit = rendered.get(key);
    if (hit) return hit;
    const data = await shares.snapshot(row);
    const image =
      data.kind === 'canvas'
        ? (data.minimapUrl ?? null)
        : data.kind === 'page'
          ? (data.coverUrl ?? null)
          : null;
    const cover = image ?? shares.coverUrl(row);
    const title = (shownTitle || data.title).slice(0, MAX_TITLE_CHARS);
    const html = renderShell(
      await loadShell(),
      {
        title,
        description: describe(bounded(data)),
        url: shares.url(row.shareId, origin),
        // link previews need an absolute address; file URLs are relative unless PUBLIC_URL is set
        image: cover ? new URL(cover, `${origin}/`).href : null,
      },
      boundedBody(bounded({ ...data, title } as SharedData)),
      `${title} · Atelier`,
    );
    rendered.set(key, html);
    while (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
    return html;
  }

  app.get<{ Params: { shareId: string } }>('/share/:shareId', async (req, reply) => {
    if (await limited(req, reply)) return reply;
    if (badInput(req)) return notFound(reply);
    try {
      const user = await opts.authenticate(req).catch(() => null);
      const { row } = await shares.open(req.params.shareId, user?.uid ?? null);
      const html = await page(row, shares.origin(req));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    } catch (err) {
      if (err instanceof AppError) return notFound(reply);
      throw err;
    }
  });

  /** Streams a file of a share: passive types inline, scripts, HTML, SVG… as an octet-stream attachment. */
  function sendFile(reply: FastifyReply, file: { stream: Readable; contentType: string }, name: string) {
    const inline = isInlineType(file.contentType);
    return (
      reply
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
        // A shared file is shown, never run on this origin.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .type(servedContentType(file.contentType))
        .send(file.stream)
    );
  }

  app.get<{ Params: { shareId: string; name: string } }>(
    '/share/:shareId/files/:name',
    async (req, reply) => {
      if (await limited(req, reply)) return reply;
      if (badInput(req)) return notFound(reply);
      try {
        const user = await opts.authenticate(req).catch(() => null);
        const file = await shares.file(req.params.shareId, req.params.name, user?.uid ?? null);
        return sendFile(reply, file, req.params.name);
      } catch (err) {
        if (err instanceof AppError) return notFound(reply);
        throw err;
      }
    },
  );

  // A live share's file: one of the owner's that the live canvas or document shows now.
  app.get<{ Params: { shareId: string; key: string } }>('/share/:shareId/live/:key', async (req, reply) => {
    if (await limited(req, reply)) return reply;
    if (badInput(req)) return notFound(reply);
    try {
      const user = await opts.authenticate(req).catch(() => null);
      const file = await shares.liveFile(req.params.shareId, req.params.key, user?.uid ?? null);
      return sendFile(reply, file, req.params.key);
    } catch (err) {
      if (err instanceof AppError) return notFound(reply);
      throw err;
    }
  });
}
