/** File names of downloads, made from a title people typed. */

/** A file name from a title: no path separators or control characters, never empty. */
export function exportFileName(title: string, extension: string): string {
  const base =
    [...title]
      .map((ch) =>
        ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '/\\:*?"<>|'.includes(ch) ? ' ' : ch,
      )
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 120)
      .trim() || 'Untitled';
  return `${base}.${extension}`;
}
