/**
 * Scrape (a web page's title, description and preview image, fetched SSRF-safe) and convert (an
 * uploaded file to Markdown with the library's parsers).
 */
import { readFile } from 'node:fs/promises';
import { LIMITS, type ScrapeResult } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { FetchFailedError, FetchRefusedError, fetchPage } from '../../ingest/ingest.fetch.js';
import { ParseError, detectFormat, type Format } from '../../ingest/ingest.formats.js';
import { parseHtmlArticle } from '../../ingest/ingest.parse-html.js';
import { parseContent } from '../../ingest/ingest.parse.js';
import { decodeText } from '../../ingest/ingest.parse-text.js';
import type { SpooledFile } from '../upload/upload.form.js';

export async function scrape(ctx: AppContext, url: string): Promise<ScrapeResult> {
  try {
    const page = await fetchPage(url, {
      allowPrivate: ctx.config.FETCH_ALLOW_PRIVATE,
      timeoutMs: ctx.config.FETCH_TIMEOUT,
      maxBytes: ctx.config.FETCH_MAX_BYTES,
    });
    const fallbackTitle =
      decodeURIComponent(new URL(page.url).pathname.split('/').filter(Boolean).at(-1) ?? '') ||
      new URL(page.url).hostname;
    if (detectFormat(page.contentType) !== 'html') return { url: page.url, title: fallbackTitle };
    const article = await parseHtmlArticle(decodeText(page.body, page.charset), page.url);
    return {
      url: page.url,
      title: article.title || fallbackTitle,
      ...(article.description ? { description: article.description } : {}),
      ...(article.image ? { image: article.image } : {}),
    };
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof FetchFailedError || err instanceof ParseError) {
      throw badRequest(`Scraping failed: ${err.message}`);
    }
    throw err;
  }
}

export async function convert(ctx: AppContext, file: SpooledFile, from: Format | undefined): Promise<string> {
  const format = from ?? detectFormat(file.mimetype, file.filename);
  if (!format || format === 'image') {
    throw new AppError(
      'E0012',
      `This file type is temporarily not supported (${file.filename || file.mimetype})`,
    );
  }
  try {
    const body = await readFile(file.path);
    const { content } = await parseContent({
      body,
      format,
      filename: file.filename,
      maxPages: ctx.config.PARSE_MAX_PAGES,
      extractArticle: false,
    });
    if (content.length > LIMITS.maxContentChars)
      throw new AppError('E2004', 'The converted content exceeds 100k characters');
    return content;
  } catch (err) {
    if (err instanceof ParseError) throw badRequest(`The file could not be converted: ${err.message}`);
    throw err;
  }
}
