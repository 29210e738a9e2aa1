/**
 * HTML to Markdown: Readability picks the main article (dropping navigation, ads and footers) on a
 * linkedom DOM, and turndown writes it as Markdown. Pages Readability cannot read fall back to the
 * whole body.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface HtmlArticle {
  title: string;
  description: string;
  image: string;
  markdown: string;
}

function turndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  service.remove(['script', 'style', 'noscript', 'iframe', 'form']);
  return service;
}

/** Markdown of an HTML fragment or page (no article extraction). */
export function htmlToMarkdown(html: string): string {
  return turndown().turndown(html).trim();
}

function meta(document: Document, ...names: string[]): string {
  for (const name of names) {
    const el = document.querySelector(`meta[property="${name}"], meta[name="${name}"]`);
    const content = el?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return '';
}

export function parseHtmlArticle(html: string, baseUrl?: string, extractArticle = true): HtmlArticle {
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
  const markdown = htmlToMarkdown(article?.content || bodyHtml);
  return { title: title || article?.title?.trim() || '', description, image, markdown };
}
