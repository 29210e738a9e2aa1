/** Paths of the share viewer: its share id, and the way to the app's sign-in and back. */

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

/** The app's start page, which opens the sign-in dialog and comes back to `path` afterwards. */
export function signInHref(path: string): string {
  return `/?signin=${encodeURIComponent(path)}`;
}

/** The path of `?signin=` when it is one of this site's (never another origin), else null. */
export function signInReturn(search: string): string | null {
  const back = new URLSearchParams(search).get('signin');
  return back && /^\/(?![/\\])/.test(back) ? back : null;
}
