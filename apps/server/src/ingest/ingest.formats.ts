/**
 * The formats the library parses, how a file's type is recognised (content type first, then the
 * file name's extension), and the error a parser throws. docs/ingestion.md lists the same table.
 */
export type Format =
  | 'text'
  | 'markdown'
  | 'html'
  | 'pdf'
  | 'docx'
  | 'pptx'
  | 'xlsx'
  | 'odt'
  | 'epub'
  | 'rtf'
  | 'csv'
  | 'json'
  | 'code'
  | 'image';

/** Why a parse failed; `pageLimitExceeded` is shown to the user as its own message. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly type: 'pageLimitExceeded' | 'unknownError' = 'unknownError',
    readonly metadata: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

const BY_TYPE: Record<string, Format> = {
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/epub+zip': 'epub',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

/** Source-code extensions and the fence language they get. */
export const CODE_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  sql: 'sql',
  css: 'css',
  scss: 'scss',
  vue: 'vue',
  svelte: 'svelte',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  xml: 'xml',
  ini: 'ini',
  lua: 'lua',
  r: 'r',
  scala: 'scala',
  dart: 'dart',
  ex: 'elixir',
  exs: 'elixir',
  hs: 'haskell',
  pl: 'perl',
};

const BY_EXT: Record<string, Format> = {
  txt: 'text',
  text: 'text',
  log: 'text',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  odt: 'odt',
  epub: 'epub',
  rtf: 'rtf',
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  ...Object.fromEntries(Object.keys(CODE_LANGUAGES).map((ext) => [ext, 'code' as const])),
};

export function extensionOf(filename: string | null | undefined): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * The format of a file, or null when unsupported (E0012). A specific extension wins over a
 * generic declared type (browsers send text/plain or octet-stream for .ts, .csv, .md…).
 */
export function detectFormat(
  contentType: string | null | undefined,
  filename?: string | null,
): Format | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = extensionOf(filename);
  const byExt = ext ? BY_EXT[ext] : undefined;
  const generic = !type || type === 'application/octet-stream' || type === 'text/plain';
  if (byExt && (generic || !BY_TYPE[type])) return byExt;
  if (BY_TYPE[type]) return BY_TYPE[type];
  if (type.startsWith('text/')) return 'text';
  return byExt ?? null;
}
