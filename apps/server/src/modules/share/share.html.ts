/**
 * The share URL as real HTML (`GET /share/{shareId}`): the web app's lean viewer page (share.html) with the share's
 * title, description and OpenGraph / Twitter tags (image: the canvas minimap or page cover, an
 * absolute URL), and for documents, answers, artifacts, resources and pages the text itself as
 * semantic, escaped HTML inside the app's root element, readable without JavaScript (the app
 * replaces it when it mounts the viewer). Unknown, revoked, expired or 'off' links answer 404 with
 * the spec's message ('off' links render for their owner only: the session cookie comes with the
 * navigation). Rendered pages are cached by (shareId, publishedAt, updatedAt), bounded; the share
 * rows themselves come from the share service's cache of rows (embedded PGlite only).
 *
 * `GET /share/{shareId}/files/{name}` serves a file copied into the share (images on a canvas,
 * a resource's upload, the cover) while the share may be opened; 404 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SharedData } from '@atelier/contract';
import { markdownToDoc, type DocJSON } from '@atelier/editor';
import { AppError } from '../../http/errors.js';
import type { Authenticate } from '../../http/register.js';
import type { ShareRow, ShareService } from './share.service.js';

export const SHARE_NOT_FOUND_MESSAGE = 'This share link may have expired or does not exist';

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

function bodyOf(data: SharedData): string {
  const title = `<h1>${escapeHtml(data.title)}</h1>`;
  switch (data.kind) {
    case 'document':
      return `<article>${title}${markdownHtml(data.content)}</article>`;
    case 'skillResponse': {
      const sources = data.sources.length
        ? `<section><h2>Sources</h2><ol>${data.sources
            .map((s) => {
              const label = escapeHtml(s.title ?? s.url ?? '');
              return `<li>${s.url && SAFE_HREF.test(s.url) ? `<a href="${escapeHtml(s.url)}" rel="nofollow noopener">${label}</a>` : label}</li>`;
            })
            .join('')}</ol></section>`
        : '';
      return `<article>${title}<p><strong>${escapeHtml(data.query)}</strong></p>${markdownHtml(data.content)}${sources}</article>`;
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

/** The shell with a title, meta tags and the root element's pre-rendered content. */
export function renderShell(shell: string, meta: Meta | null, body: string, title: string): string {
  let html = shell.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(title)}</title>`);
  // Head tags of the shell that would contradict ours (a generic description) give way.
  html = html.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  if (meta) html = html.replace(/<\/head>/i, `  ${metaTags(meta)}\n  </head>`);
  return html.replace(/(<div id="root"[^>]*>)[\s\S]*?(<\/div>\s*(?:<script|<\/body>))/i, `$1${body}$2`);
}

const readShell = (dir: string, name: string) => readFile(join(dir, name), 'utf8');

export interface SharePagesOptions {
  shares: ShareService;
  authenticate: Authenticate;
  webDistDir: string | null;
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

  async function notFound(reply: FastifyReply) {
    const html = renderShell(
      await loadShell(),
      null,
      `<main><h1>${escapeHtml(SHARE_NOT_FOUND_MESSAGE)}</h1></main>`,
      `${SHARE_NOT_FOUND_MESSAGE} · Atelier`,
    );
    return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  async function page(row: ShareRow): Promise<string> {
    // a republish moves publishedAt, a changed title or setting updatedAt
    const key = `${row.shareId}@${row.publishedAt.getTime()}:${row.updatedAt.getTime()}`;
    const hit = rendered.get(key);
    if (hit) return hit;
    const data = await shares.snapshot(row);
    const image =
      data.kind === 'canvas'
        ? (data.minimapUrl ?? null)
        : data.kind === 'page'
          ? (data.coverUrl ?? null)
          : null;
    const title = row.title || data.title;
    const html = renderShell(
      await loadShell(),
      {
        title,
        description: describe(data),
        url: shares.url(row.shareId),
        image: image ?? shares.coverUrl(row),
      },
      bodyOf({ ...data, title } as SharedData),
      `${title} · Atelier`,
    );
    rendered.set(key, html);
    while (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
    return html;
  }

  app.get<{ Params: { shareId: string } }>('/share/:shareId', async (req, reply) => {
    try {
      const user = await opts.authenticate(req).catch(() => null);
      const { row } = await shares.open(req.params.shareId, user?.uid ?? null);
      const html = await page(row);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    } catch (err) {
      if (err instanceof AppError) return notFound(reply);
      throw err;
    }
  });

  app.get<{ Params: { shareId: string; name: string } }>(
    '/share/:shareId/files/:name',
    async (req, reply) => {
      try {
        const user = await opts.authenticate(req).catch(() => null);
        const file = await shares.file(req.params.shareId, req.params.name, user?.uid ?? null);
        return (
          reply
            .header('cache-control', 'private, no-cache')
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', 'inline')
            // A shared file is shown, never run on this origin.
            .header(
              'content-security-policy',
              "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
            )
            .type(file.contentType)
            .send(file.stream)
        );
      } catch (err) {
        if (err instanceof AppError) return notFound(reply);
        throw err;
      }
    },
  );
}
