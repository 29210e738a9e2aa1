/** The pure parts of a clip: which pages can be read, and the HTML file a clip is sent as. */
import { LIMITS } from '@atelier/contract/limits';

/** Only web pages can be clipped: not the browser's own pages, local files, or PDFs. */
export function isReadableUrl(url: string | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return !/\.pdf$/i.test(parsed.pathname);
}

/** What the in-page script answers (src/entrypoints/extract.ts). */
export type Extracted =
  | { ok: true; title: string; url: string; html: string; textLength: number }
  | { ok: false; error: 'unreadable_page' | 'no_selection' };

const TITLE_MAX = 512;

/** The title a clip is saved under: the one typed, else the page's, else its address. */
export function clipTitle(typed: string | undefined, found: string | undefined, url: string): string {
  const title = (typed?.trim() || found?.trim() || url).replace(/\s+/g, ' ');
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/** E2004 (content too large) for text over the server's content limit. */
export function tooLarge(textLength: number): boolean {
  return textLength > LIMITS.maxContentChars;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The HTML file a page or selection clip uploads: the server parses it like any uploaded HTML
 * (Readability, then Markdown). The source address is in the page's head and, after the upload,
 * in the resource's `data.url`.
 */
export function clipDocument(title: string, url: string, html: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    '</head><body><article>',
    `<h1>${escapeHtml(title)}</h1>`,
    html,
    '</article></body></html>',
  ].join('\n');
}

/** A file name for the clip, from its title (letters, digits, dashes; at most 80 characters). */
export function clipFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'clip'}.html`;
}
