/** RTF to plain text: drops control words and destination groups, keeps paragraphs and escapes. */
import { ParseError } from './ingest.formats.js';

const SKIP_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'header',
  'footer',
  'listtable',
  'listoverridetable',
  'generator',
]);
const cp1252 = new TextDecoder('windows-1252');

export function parseRtf(text: string): string {
  if (!text.startsWith('{\\rtf')) throw new ParseError('The RTF file is not valid');
  let out = '';
  const stack: boolean[] = [];
  let skipping = false;
  let ucSkip = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '{') {
      stack.push(skipping);
      i++;
      if (text.startsWith('\\*', i)) skipping = true;
      continue;
    }
    if (c === '}') {
      skipping = stack.pop() ?? false;
      i++;
      continue;
    }
    if (c === '\\') {
      const next = text[i + 1] ?? '';
      if (next === '\\' || next === '{' || next === '}') {
        if (!skipping) out += next;
        i += 2;
        continue;
      }
      if (next === "'") {
        if (!skipping) out += cp1252.decode(Uint8Array.of(parseInt(text.slice(i + 2, i + 4), 16) || 32));
        i += 4;
        continue;
      }
      const m = /^\\([a-z]+)(-?\d+)? ?/i.exec(text.slice(i, i + 40));
      if (!m) {
        i += 2;
        continue;
      }
      const [all, word, arg] = m;
      i += all.length;
      if (SKIP_DESTINATIONS.has(word!)) skipping = true;
      if (skipping) continue;
      if (word === 'par' || word === 'line' || word === 'row') out += '\n';
      else if (word === 'tab' || word === 'cell') out += '\t';
      else if (word === 'uc') ucSkip = Number(arg ?? 1);
      else if (word === 'u' && arg !== undefined) {
        out += String.fromCharCode((Number(arg) + 65536) % 65536);
        i += ucSkip;
      }
      continue;
    }
    if (c !== '\r' && c !== '\n' && !skipping) out += c;
    i++;
  }
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
