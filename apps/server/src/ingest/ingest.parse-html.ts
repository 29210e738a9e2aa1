/**
 * HTML to Markdown: Readability picks the main article (dropping navigation, ads and footers) on a
 * linkedom DOM, and turndown writes it as Markdown. Pages Readability cannot read fall back to the
 * whole body.
 */
import type { Readability } from '@mozilla/readability';
import type { parseHTML } from 'linkedom';
import type TurndownService from 'turndown';

export interface HtmlArticle {
  title: string;
  description: string;
  image: string;
  markdown: string;
}

/** linkedom, Readability and turndown, loaded on the first page to parse rather than at start. */
let libs: Promise<{
  parseHTML: typeof parseHTML;
  Readability: typeof Readability;
  Turndown: typeof TurndownService;
}> | null = null;
function htmlLibs() {
  libs ??= Promise.all([import('linkedom'), import('@mozilla/readability'), import('turndown')]).then(
    ([linkedom, readability, turndown]) => ({
      parseHTML: linkedom.parseHTML,
      Readability: readability.Readability,
      Turndown: turndown.default,
    }),
  );
  return libs;
}

function turndown(Turndown: typeof TurndownService): TurndownService {
  const service = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  service.remove(['script', 'style', 'noscript', 'iframe', 'form']);
  return service;
}

/** Markdown of an HTML fragment or page (no article extraction). */
export async function htmlToMarkdown(html: string): Promise<string> {
  const { Turndown } = await htmlLibs();
  return turndown(Turndown).turndown(html).trim();
}

function meta(document: Document, ...names: string[]): string {
  for (const name of names) {
    const el = document.querySelector(`meta[property="${name}"], meta[name="${name}"]`);
    const content = el?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return '';
}

export async function parseHtmlArticle(
  html: string,
  baseUrl?: string,
  extractArticle = true,
): Promise<HtmlArticle> {
  const { parseHTML, Readability } = await htmlLibs();
  const { document } = parseHTML(html) as unknown as { document: Document };
  const title =
    meta(document, 'og:title', 'twitter:title') || document.querySelector('title')?.textContent?.trim() || '';
  const description = meta(document, 'og:description', 'description', 'twitter:description');
  let image = meta(document, 'og:image', 'twitter:image');
  if (image && baseUrl) {
    try {
      image = new URL(image, baseUrl).toString();
    } catch {
      image = '';
    }
  }
  // A fragment without <body> leaves linkedom's body empty: convert the markup as given.
  const bodyHtml = document.body?.innerHTML.trim() ? document.body.innerHTML : html;
  let article: { title?: string | null; content?: string | null } | null = null;
  if (extractArticle) {
    try {
      article = new Readability(document, { charThreshold: 100 }).parse();
    } catch {
      article = null;
    }
  }
  const markdown = await htmlToMarkdown(article?.content || bodyHtml);
  return { title: title || article?.title?.trim() || '', description, image, markdown };
}
