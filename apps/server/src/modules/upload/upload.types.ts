/**
 * Content types of uploads: the normalised type a file is stored under, the readable key
 * extension, and the type each file is served under: passive types as themselves and inline,
 * everything else as an application/octet-stream attachment.
 */

const EXT_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
  'application/json': 'json',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};
const TYPE_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(EXT_BY_TYPE).map(([type, ext]) => [ext, type]),
);
Object.assign(TYPE_BY_EXT, {
  jpeg: 'image/jpeg',
  htm: 'text/html',
  markdown: 'text/markdown',
  svgz: 'image/svg+xml',
});

/**
 * Types served as themselves, inline: passive formats no browser runs as script or page. A
 * `<script src>` pointing at our origin ignores nosniff, the attachment disposition and the
 * CSP sandbox, so every other type (HTML, SVG, XML, scripts, unknown types) is served as
 * application/octet-stream, as an attachment: an upload can never be active content of our origin.
 */
const PASSIVE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'application/pdf',
  'text/plain',
]);
/** Audio and video play in media elements only; a `+xml` or other suffixed subtype does not count. */
const MEDIA = /^(audio|video)\/[a-z0-9][a-z0-9.-]*$/;
/** Readable text formats shown as plain text rather than downloaded. */
const AS_PLAIN_TEXT = new Set(['text/csv', 'text/markdown', 'application/json']);

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const OCTET = 'application/octet-stream';

function extensionOf(filename: string | undefined): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** The type a file is stored and served under: the declared one when well-formed, else from its name. */
export function normaliseContentType(declared: string | undefined, filename: string | undefined): string {
  const base = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (MIME.test(base) && base !== OCTET) return base;
  const ext = extensionOf(filename);
  return (ext && TYPE_BY_EXT[ext]) || OCTET;
}

/** The extension a new storage key gets (`f-….png`), from the file name or else its type. */
export function keyExtension(contentType: string, filename: string | undefined): string | null {
  const ext = extensionOf(filename);
  if (ext) return ext;
  return EXT_BY_TYPE[contentType] ?? null;
}

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** The type a stored file is served under (see PASSIVE_TYPES): never an active one. */
export function servedContentType(contentType: string): string {
  const base = baseType(contentType);
  if (PASSIVE_TYPES.has(base) || MEDIA.test(base)) return base;
  if (AS_PLAIN_TEXT.has(base)) return 'text/plain';
  return OCTET;
}

export function isInlineType(contentType: string): boolean {
  return servedContentType(contentType) !== OCTET;
}

export function isImageType(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('image/');
}

/** A `content-disposition` value with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
