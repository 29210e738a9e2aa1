/**
 * The service worker's side of a clip: read the tab, send the resource to the server through
 * the typed client, answer {resourceId} or {error}.
 */
import { browser } from '@wxt-dev/browser';
import type { ApiClient } from '@atelier/contract/client';
import { canvasUrl, resourceUrl } from './address';
import { clipDocument, clipFileName, clipTitle, isReadableUrl, tooLarge, type Extracted } from './clip';
import type { ClipAnswer, ClipMessage, ClipMode } from './protocol';

async function extractFrom(tabId: number, mode: ClipMode): Promise<Extracted> {
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: ['/extract.js'] });
    const [result] = await browser.scripting.executeScript({
      target: { tabId },
      func: (m: ClipMode) => globalThis.__atelierExtract?.(m) ?? null,
      args: [mode],
    });
    const value = result?.result as Extracted | null | undefined;
    return value ?? { ok: false, error: 'unreadable_page' };
  } catch {
    // the browser refuses scripts on its own pages, the web store and its PDF viewer
    return { ok: false, error: 'unreadable_page' };
  }
}

/** A failed API answer as the clip's error: a 401 that no refresh could fix means signed out. */
function failureOf(errCode: string | undefined, errMsg: string | undefined): ClipAnswer {
  if (errCode === 'E0011' || errCode === 'E0004') return { error: 'signed_out' };
  return { error: errCode ?? 'E0000', ...(errMsg ? { message: errMsg } : {}) };
}

/** The clip, then (when asked) its node on a canvas; the item's address either way. */
export async function clip(api: ApiClient, address: string, message: ClipMessage): Promise<ClipAnswer> {
  const created = await createResource(api, address, message);
  if ('error' in created || !message.canvasId) return created;
  const placed = await api.request('canvas.addResource', {
    body: { canvasId: message.canvasId, resourceId: created.resourceId },
  });
  if (!placed.success || !placed.data) return failureOf(placed.errCode, placed.errMsg);
  return { ...created, nodeId: placed.data.nodeId, canvasUrl: canvasUrl(address, message.canvasId) };
}

async function createResource(api: ApiClient, address: string, message: ClipMessage): Promise<ClipAnswer> {
  let tab: { url?: string | undefined; title?: string | undefined };
  try {
    tab = await browser.tabs.get(message.tabId);
  } catch {
    return { error: 'unreadable_page' };
  }
  if (message.mode === 'link') {
    const url = message.url ?? tab.url;
    if (!url || !/^https?:\/\//i.test(url)) return { error: 'unreadable_page' };
    const title = clipTitle(message.title, message.url ? undefined : tab.title, url);
    const answer = await api.request('knowledge.resource.create', {
      body: { title, resourceType: 'weblink', data: { url, title } },
    });
    if (!answer.success || !answer.data) return failureOf(answer.errCode, answer.errMsg);
    const { resourceId } = answer.data;
    return { resourceId, title, itemUrl: resourceUrl(address, resourceId) };
  }

  if (!isReadableUrl(tab.url)) return { error: 'unreadable_page' };
  const extracted = await extractFrom(message.tabId, message.mode);
  if (!extracted.ok) return { error: extracted.error };
  if (tooLarge(extracted.textLength)) return { error: 'E2004' };
  const title = clipTitle(message.title, extracted.title || tab.title, extracted.url);
  const file = new File([clipDocument(title, extracted.url, extracted.html)], clipFileName(title), {
    type: 'text/html',
  });
  const form = new FormData();
  form.append('title', title);
  form.append('file', file, file.name);
  const answer = await api.request('knowledge.resource.createWithFile', { body: form });
  if (!answer.success || !answer.data) return failureOf(answer.errCode, answer.errMsg);
  const { resourceId } = answer.data;
  // the upload takes no source address: it is recorded on the resource right after
  const source = await api.request('knowledge.resource.update', {
    body: { resourceId, data: { url: extracted.url, title, contentType: 'text/html' } },
  });
  if (!source.success) return failureOf(source.errCode, source.errMsg);
  return { resourceId, title, itemUrl: resourceUrl(address, resourceId) };
}
