/** `/share/{shareId}` → the id, decoded (the viewer checks its shape); '' for any other path. */
export function shareIdFromPath(pathname: string): string {
  const match = /^\/share\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}
