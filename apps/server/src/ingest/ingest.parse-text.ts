/** Parsers for plain text, Markdown, CSV, JSON and source code: decoded text turned into Markdown. */
import { CODE_LANGUAGES, ParseError, extensionOf } from './ingest.formats.js';

/** Most CSV rows rendered into the Markdown table. */
export const MAX_CSV_ROWS = 5000;

/** UTF-8 (or the given charset) text; refuses binary data (NUL bytes). */
export function decodeText(body: Buffer, charset?: string | null): string {
  if (body.includes(0)) throw new ParseError('The file is not text (it contains binary data)');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body).replace(/^\uFEFF/, '');
}

function fence(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text.replace(/\n+$/, '')}\n${marks}`;
}

/** RFC 4180-style rows: quoted fields may hold separators, quotes ("") and newlines. */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (rows.length > MAX_CSV_ROWS) break;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim()));
}

export function markdownTable(rows: string[][]): string {
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const cell = (s: string | undefined) =>
    (s ?? '')
      .replace(/\|/g, '\\|')
      .replace(/\s*\n\s*/g, ' ')
      .trim();
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => cell(r[i])).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head!), `|${' --- |'.repeat(width)}`, ...body.slice(0, MAX_CSV_ROWS).map(line)].join('\n');
}

export function parsePlain(body: Buffer, charset?: string | null): string {
  return decodeText(body, charset).replace(/\r\n?/g, '\n');
}

export function parseCsvFile(body: Buffer, filename: string | null): string {
  const text = decodeText(body);
  const separator =
    extensionOf(filename) === 'tsv' || (!text.includes(',') && text.includes('\t')) ? '\t' : ',';
  return markdownTable(parseCsv(text, separator));
}

export function parseJsonFile(body: Buffer): string {
  const text = decodeText(body);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ParseError(`The JSON file is not valid: ${(err as Error).message}`);
  }
  return fence(JSON.stringify(value, null, 2), 'json');
}

export function parseCode(body: Buffer, filename: string | null): string {
  const ext = extensionOf(filename);
  return fence(decodeText(body), (ext && CODE_LANGUAGES[ext]) || '');
}
