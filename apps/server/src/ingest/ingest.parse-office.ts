/**
 * Document formats: PDF (unpdf, one section per page, a page limit), DOCX (mammoth → HTML →
 * Markdown, keeping headings, lists and tables), and the zip-of-XML formats PPTX, XLSX, ODT and
 * EPUB read with fflate. Damaged files throw ParseError.
 */
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { ParseError } from './ingest.formats.js';
import { htmlToMarkdown } from './ingest.parse-html.js';
import { markdownTable } from './ingest.parse-text.js';

export async function parsePdf(body: Buffer, maxPages: number): Promise<{ content: string; pages: number }> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(body), { verbosity: 0 });
  } catch (err) {
    throw new ParseError(`The PDF file could not be read: ${(err as Error).message}`);
  }
  try {
    if (pdf.numPages > maxPages) {
      throw new ParseError(
        `The PDF has ${pdf.numPages} pages; at most ${maxPages} can be parsed`,
        'pageLimitExceeded',
        {
          pages: pdf.numPages,
          limit: maxPages,
        },
      );
    }
    const { text } = await extractText(pdf, { mergePages: false });
    const content = text
      .map((page) => page.replace(/[ \t]+\n/g, '\n').trim())
      .filter(Boolean)
      .join('\n\n');
    return { content, pages: pdf.numPages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

export async function parseDocx(body: Buffer): Promise<string> {
  try {
    const { default: mammoth } = await import('mammoth'); // on first use, not at start
    const { value } = await mammoth.convertToHtml({ buffer: body });
    return await htmlToMarkdown(value);
  } catch (err) {
    throw new ParseError(`The DOCX file could not be read: ${(err as Error).message}`);
  }
}

// ---- zip + XML formats ----

function unzip(body: Buffer, what: string): Record<string, Uint8Array> {
  try {
    return unzipSync(new Uint8Array(body));
  } catch (err) {
    throw new ParseError(`The ${what} file could not be read: ${(err as Error).message}`);
  }
}

const utf8 = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : '');

export function xmlText(xml: string): string {
  return xml
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const byNumber = (prefix: RegExp) => (a: string, b: string) =>
  Number(prefix.exec(a)?.[1] ?? 0) - Number(prefix.exec(b)?.[1] ?? 0);

export function parsePptx(body: Buffer): string {
  const files = unzip(body, 'PPTX');
  const slide = /^ppt\/slides\/slide(\d+)\.xml$/;
  const names = Object.keys(files)
    .filter((n) => slide.test(n))
    .sort(byNumber(slide));
  if (!names.length) throw new ParseError('The PPTX file has no slides');
  return names
    .map((name, i) => {
      const paragraphs = [...utf8(files[name]).matchAll(/<a:p\b[\s\S]*?<\/a:p>/g)]
        .map((p) => [...p[0].matchAll(/<a:t>([\s\S]*?)<\/a:t>/g)].map((t) => xmlText(t[1]!)).join(''))
        .filter((t) => t.trim());
      return [`## Slide ${i + 1}`, ...paragraphs].join('\n\n');
    })
    .join('\n\n');
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

export function parseXlsx(body: Buffer): string {
  const files = unzip(body, 'XLSX');
  const shared = [...utf8(files['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => xmlText(t[1]!)).join(''),
  );
  const sheetNames = [...utf8(files['xl/workbook.xml']).matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) =>
    xmlText(m[1]!),
  );
  const sheet = /^xl\/worksheets\/sheet(\d+)\.xml$/;
  const names = Object.keys(files)
    .filter((n) => sheet.test(n))
    .sort(byNumber(sheet));
  if (!names.length) throw new ParseError('The XLSX file has no sheets');
  return names
    .map((name, i) => {
      const rows = [...utf8(files[name]).matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
        const cells: string[] = [];
        for (const c of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
          const attrs = c[1] ?? '';
          const inner = c[2] ?? '';
          const col = columnIndex(
            /\br="([A-Z]+)\d*"/.exec(attrs)?.[1] ?? String.fromCharCode(65 + cells.length),
          );
          const raw = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
          const inline = /<is>([\s\S]*?)<\/is>/.exec(inner)?.[1];
          let value = inline ? xmlText(inline) : raw !== undefined ? xmlText(raw) : '';
          if (/\bt="s"/.test(attrs) && raw !== undefined) value = shared[Number(raw)] ?? '';
          cells[col] = value;
        }
        return Array.from(cells, (v) => v ?? '');
      });
      return `## ${sheetNames[i] ?? `Sheet ${i + 1}`}\n\n${markdownTable(rows.filter((r) => r.some(Boolean)))}`;
    })
    .join('\n\n');
}

export function parseOdt(body: Buffer): string {
  const files = unzip(body, 'ODT');
  const xml = utf8(files['content.xml']);
  if (!xml) throw new ParseError('The ODT file has no content');
  const blocks = [...xml.matchAll(/<text:(h|p)\b([^>]*)>([\s\S]*?)<\/text:\1>/g)].map((m) => {
    const text = xmlText(m[3]!.replace(/<text:line-break\/>/g, '\n').replace(/<text:tab\/>/g, '\t')).trim();
    if (m[1] === 'h' && text) {
      const level = Math.min(6, Number(/outline-level="(\d)"/.exec(m[2]!)?.[1] ?? 1));
      return `${'#'.repeat(level)} ${text}`;
    }
    return text;
  });
  return blocks.filter(Boolean).join('\n\n');
}

export async function parseEpub(body: Buffer): Promise<string> {
  const files = unzip(body, 'EPUB');
  const container = utf8(files['META-INF/container.xml']);
  const opfPath = /full-path="([^"]+)"/.exec(container)?.[1];
  const opf = opfPath ? utf8(files[opfPath]) : '';
  const dir = opfPath?.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const manifest = new Map(
    [...opf.matchAll(/<item\b[^>]*?id="([^"]+)"[^>]*?href="([^"]+)"/g)].map((m) => [
      m[1]!,
      dir + decodeURIComponent(m[2]!),
    ]),
  );
  let order = [...opf.matchAll(/<itemref\b[^>]*?idref="([^"]+)"/g)].flatMap((m) => manifest.get(m[1]!) ?? []);
  if (!order.length)
    order = Object.keys(files)
      .filter((n) => /\.x?html?$/i.test(n))
      .sort();
  const parts: string[] = [];
  for (const name of order) {
    const html = utf8(files[name]);
    const bodyHtml = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
    if (bodyHtml) parts.push(await htmlToMarkdown(bodyHtml));
  }
  if (!parts.length) throw new ParseError('The EPUB file has no chapters');
  return parts.filter(Boolean).join('\n\n');
}
