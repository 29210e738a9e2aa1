/**
 * One entry point for every parser: bytes plus their format in, Markdown out. Used by the
 * resource ingestion job, POST /misc/convert and link scraping. Every failure is a ParseError.
 */
import { ParseError, type Format } from './ingest.formats.js';
import { parseHtmlArticle } from './ingest.parse-html.js';
import { imageInfo } from './ingest.parse-image.js';
import { parseDocx, parseEpub, parseOdt, parsePdf, parsePptx, parseXlsx } from './ingest.parse-office.js';
import { parseRtf } from './ingest.parse-rtf.js';
import { decodeText, parseCode, parseCsvFile, parseJsonFile, parsePlain } from './ingest.parse-text.js';

export interface ParseInput {
  body: Buffer;
  format: Format;
  filename?: string | null;
  /** Charset from the HTTP content type, for fetched pages. */
  charset?: string | null;
  /** Where a fetched page came from (resolves relative image links). */
  url?: string;
  maxPages: number;
  /** HTML: keep only the main article (Readability), the default; false converts the whole page. */
  extractArticle?: boolean;
}

export interface Parsed {
  content: string;
  /** A title found in the content (HTML <title>, og:title), when any. */
  title?: string;
  description?: string;
  image?: string;
  pages?: number;
  dimensions?: { width: number; height: number };
}

async function dispatch(input: ParseInput): Promise<Parsed> {
  const { body, filename } = input;
  switch (input.format) {
    case 'text':
    case 'markdown':
      return { content: parsePlain(body, input.charset) };
    case 'html': {
      const article = await parseHtmlArticle(
        decodeText(body, input.charset),
        input.url,
        input.extractArticle ?? true,
      );
      return {
        content: article.markdown,
        title: article.title,
        description: article.description,
        image: article.image,
      };
    }
    case 'csv':
      return { content: parseCsvFile(body, filename ?? null) };
    case 'json':
      return { content: parseJsonFile(body) };
    case 'code':
      return { content: parseCode(body, filename ?? null) };
    case 'rtf':
      return { content: parseRtf(decodeText(body)) };
    case 'pdf':
      return parsePdf(body, input.maxPages);
    case 'docx':
      return { content: await parseDocx(body) };
    case 'pptx':
      return { content: parsePptx(body) };
    case 'xlsx':
      return { content: parseXlsx(body) };
    case 'odt':
      return { content: parseOdt(body) };
    case 'epub':
      return { content: await parseEpub(body) };
    case 'image': {
      const info = imageInfo(body);
      return { content: '', dimensions: { width: info.width, height: info.height } };
    }
  }
}

export async function parseContent(input: ParseInput): Promise<Parsed> {
  try {
    const parsed = await dispatch(input);
    // PostgreSQL text cannot hold NUL; parsers of binary formats may let one through.
    return { ...parsed, content: parsed.content.replaceAll(String.fromCharCode(0), '') };
  } catch (err) {
    if (err instanceof ParseError) throw err;
    throw new ParseError(`The file could not be parsed: ${(err as Error).message}`);
  }
}
