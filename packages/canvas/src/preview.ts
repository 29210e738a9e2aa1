// Short plain-text previews of Markdown content for node cards (`data.contentPreview`).

export const CONTENT_PREVIEW_MAX_LENGTH = 500;
const PARK = 0xe000;

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\r\n?/g, '\n'],
  [/<!--[\s\S]*?-->/g, ''],
  [/^ {0,3}(`{3,}|~{3,}).*$/gm, ''], // code fences (the code itself is kept)
  [/<\/?[a-zA-Z][^>\n]*>/g, ''], // HTML tags
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'], // images: their alt text
  [/\[([^\]]*)\]\([^)]*\)/g, '$1'], // links: their text
  [/^ {0,3}(?:[-*_] *){3,}$/gm, ''], // thematic breaks
  [/^ {0,3}\|?(?: *:?-+:? *\|)+ *:?-*:? *\|? *$/gm, ''], // table delimiter rows
  [/^ {0,3}(?:> ?)+/gm, ''], // blockquote markers
  [/^ {0,3}#{1,6}(?: +|$)/gm, ''], // heading markers
  [/^ *(?:[-*+]|\d{1,9}[.)]) +(?:\[[ xX]\] +)?/gm, ''], // list and task markers
  [/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2'], // strong, strike
  [/\*(?=\S)([^*\n]*?\S)\*/g, '$1'], // emphasis with *
  [/(^|[^\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2'], // emphasis with _
  [/`+([^`\n]*)`+/g, '$1'], // inline code
  [/^ *\||\| *$/gm, ''], // outer table pipes
  [/ *\| */g, ' '], // inner table pipes
  [/\s+/g, ' '],
];

/**
 * Derives a short plain-text preview from Markdown: syntax stripped, whitespace collapsed, cut at
 * `maxLength` characters (code points, so CJK and emoji are never split) with an ellipsis.
 */
export function contentPreviewFromMarkdown(markdown: string, maxLength = CONTENT_PREVIEW_MAX_LENGTH): string {
  // Backslash escapes are parked in the private-use area so later rules leave them alone.
  let text = markdown.replace(/\\([!-/:-@[-`{-~])/g, (_m, char: string) =>
    String.fromCharCode(PARK + char.charCodeAt(0)),
  );
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  text = text.replace(/[\uE000-\uE07F]/g, (char) => String.fromCharCode(char.charCodeAt(0) - PARK));
  const chars = Array.from(text.trim());
  if (chars.length <= maxLength) return chars.join('');
  return `${chars
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

/** How long a title taken from a memo's text may be. */
export const MEMO_TITLE_MAX_LENGTH = 80;

/**
 * The title a memo shows where a title is needed (a slide, a directory entry): its own title, or
 * else the first line of its text with the Markdown syntax stripped, cut with an ellipsis.
 */
export function memoTitle(title: string | undefined, text: string | undefined): string {
  if (title?.trim()) return title.trim();
  const line = (text ?? '').split(/\r?\n/).find((l) => contentPreviewFromMarkdown(l) !== '') ?? '';
  return contentPreviewFromMarkdown(line, MEMO_TITLE_MAX_LENGTH);
}
