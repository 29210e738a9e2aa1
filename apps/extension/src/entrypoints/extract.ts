/**
 * Injected into the page being clipped (scripting.executeScript, files: ['/extract.js']): it
 * leaves one function on the page's isolated world, which the service worker then calls with the
 * clip mode. Readability picks the article from a copy of the document, so the page is untouched.
 */
import { Readability } from '@mozilla/readability';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import type { ClipMode } from '../lib/protocol';
import type { Extracted } from '../lib/clip';

declare global {
  var __atelierExtract: ((mode: ClipMode) => Extracted) | undefined;
}

function extract(mode: ClipMode): Extracted {
  const url = location.href;
  if (document.contentType === 'application/pdf' || !document.body)
    return { ok: false, error: 'unreadable_page' };
  if (mode === 'selection') {
    const selection = window.getSelection();
    const text = selection?.toString() ?? '';
    if (!selection || selection.rangeCount === 0 || !text.trim()) return { ok: false, error: 'no_selection' };
    const holder = document.createElement('div');
    for (let i = 0; i < selection.rangeCount; i++) holder.append(selection.getRangeAt(i).cloneContents());
    return { ok: true, title: document.title, url, html: holder.innerHTML, textLength: text.length };
  }
  const article = new Readability(document.cloneNode(true) as Document).parse();
  if (article?.content && article.textContent?.trim()) {
    return {
      ok: true,
      title: article.title || document.title,
      url,
      html: article.content,
      textLength: article.textContent.length,
    };
  }
  // a page Readability finds no article in: its whole body (the server parses it the same way)
  const text = document.body.innerText ?? '';
  if (!text.trim()) return { ok: false, error: 'unreadable_page' };
  return { ok: true, title: document.title, url, html: document.body.innerHTML, textLength: text.length };
}

export default defineUnlistedScript(() => {
  globalThis.__atelierExtract = extract;
});
