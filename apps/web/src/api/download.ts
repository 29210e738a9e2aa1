/**
 * File downloads from the API (document and page exports): the file is fetched with the session
 * (a 401 refreshes the session and asks once more, so a download never fails on an access token
 * that expired between the click and the request), reported as it arrives, and saved under the
 * name the server gives. A failure answers the catalogue code instead of saving an error page.
 */
import { saveBlob } from '../platform/saveFile';
import { fileFetch } from './client';

/** The file name a download answer names (RFC 6266 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    if (star) {
      try {
        return decodeURIComponent(star[1]!.trim());
      } catch {
        // a malformed name: the plain one below
      }
    }
    const plain = /filename="([^"]+)"/i.exec(disposition);
    if (plain) return plain[1]!;
  }
  return fallback;
}

/** Failure of an export answer: the catalogue code the server sent, when it sent one. */
export class ExportFailed extends Error {
  constructor(readonly code: string | null) {
    super(`export failed${code ? `: ${code}` : ''}`);
  }
}

/**
 * Fetches a file download, reporting progress (0–100, or null when the size is unknown), and
 * saves it under the name the server gives.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  onProgress: (percent: number | null) => void,
  fetcher: typeof fetch = fileFetch,
): Promise<string> {
  const res = await fetcher(url, { credentials: 'include' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body = (await res.json().catch(() => null)) as { errCode?: unknown } | null;
    throw new ExportFailed(typeof body?.errCode === 'string' ? body.errCode : null);
  }
  const total = Number(res.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(total ? Math.min(100, Math.round((received / total) * 100)) : null);
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(new Blob(chunks as BlobPart[], { type }), name);
  return name;
}
