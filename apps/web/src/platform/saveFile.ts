/**
 * Hands a file to the browser's download: an `<a download>` clicked once. `saveBlob` makes the
 * object URL and lets it go once the browser has taken the file.
 */
export function saveUrl(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  saveUrl(href, fileName);
  // the click has handed the file to the browser; the URL is no longer needed after this turn
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
