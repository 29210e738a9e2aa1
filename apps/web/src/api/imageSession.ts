/**
 * Private files (`/v1/misc/static/…`: covers, document images, library images) are read with the
 * access cookie. An `<img>` whose request meets an expired access token fails once with 401, and
 * the browser never asks again: the picture stays broken until the page is reloaded. This
 * listener sees such failures (error events do not bubble, so it listens in the capture phase),
 * asks for the file once more through the session-refreshing fetch (a HEAD: the refresh happens
 * there, and a file that is really gone answers 404 and is left alone) and, when the file is
 * there, points the image at it again with a marker parameter, so each image is retried once.
 */
import { API_BASE_PATH, fileFetch } from './client';

export const IMAGE_RETRY_PARAM = 'session-retry';

export function installImageSessionRetry(
  doc: Document,
  fetcher: typeof fetch = fileFetch,
  apiPath: string = API_BASE_PATH,
): () => void {
  const origin = doc.location.origin;
  let retries = 0;

  const onError = (event: Event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    const src = img.getAttribute('src');
    if (!src) return;
    let url: URL;
    try {
      url = new URL(src, doc.baseURI);
    } catch {
      return;
    }
    if (url.origin !== origin || !url.pathname.startsWith(`${apiPath}/`)) return;
    if (url.searchParams.has(IMAGE_RETRY_PARAM)) return;
    void fetcher(url.toString(), { method: 'HEAD', credentials: 'include' }).then(
      (res) => {
        // the image may have been removed or pointed elsewhere meanwhile
        if (!res.ok || !img.isConnected || img.getAttribute('src') !== src) return;
        retries += 1;
        url.searchParams.set(IMAGE_RETRY_PARAM, String(retries));
        img.src = url.pathname + url.search + url.hash;
      },
      () => undefined,
    );
  };

  doc.addEventListener('error', onError, true);
  return () => doc.removeEventListener('error', onError, true);
}
