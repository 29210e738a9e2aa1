/**
 * The popup: the page's title (editable), how to clip it, and the result with a link to the item.
 * Opened as a tab with `?tabId=N` it clips that tab instead of the active one (tests do this).
 */
import { browser } from '@wxt-dev/browser';
import type { ApiResponse } from '@atelier/contract';
import { signInUrl } from '../../lib/address';
import { errorText } from '../../lib/i18n';
import { isFailure, type ClipAnswer, type ClipMode, type StatusAnswer } from '../../lib/protocol';
import { byId, send, setUpPage, showStatus } from '../../lib/ui';

async function targetTab(): Promise<{ id: number; title: string } | null> {
  const given = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(given) && given > 0) {
    const tab = await browser.tabs.get(given);
    return { id: given, title: tab.title ?? '' };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id === undefined ? null : { id: tab.id, title: tab.title ?? '' };
}

async function main(): Promise<void> {
  const { settings, locale, t } = await setUpPage('appName');
  const connecting = byId('connecting');
  showStatus(connecting, t('loading', { address: settings.address }));
  const openOptions = () => void browser.runtime.openOptionsPage();
  byId('open-options').addEventListener('click', openOptions);
  byId('fix-options').addEventListener('click', openOptions);

  const [state, tab] = await Promise.all([send<StatusAnswer>({ type: 'atelier.status' }), targetTab()]);
  connecting.hidden = true;
  if (isFailure(state) || !state.signedIn) {
    byId('problem').hidden = false;
    const code = isFailure(state) ? state.error : 'signed_out';
    showStatus(byId('problem-text'), errorText(locale, code), 'error');
    const signIn = byId('sign-in');
    signIn.hidden = code !== 'signed_out';
    byId('fix-options').hidden = code === 'signed_out';
    signIn.addEventListener('click', () => void browser.tabs.create({ url: signInUrl(state.address) }));
    return;
  }

  const form = byId<HTMLFormElement>('clip-form');
  const title = byId<HTMLInputElement>('title');
  const button = byId<HTMLButtonElement>('clip');
  const result = byId('result');
  const target = byId<HTMLSelectElement>('target');
  title.value = tab?.title ?? '';

  // the library alone, or also one of the user's canvases (newest first)
  target.append(new Option(t('targetLibrary'), ''));
  const canvases = await send<ApiResponse<Array<{ canvasId: string; title: string }>>>({
    type: 'atelier.api',
    id: 'canvas.list',
    input: { query: { page: 1, pageSize: 50 } },
  });
  for (const canvas of canvases.success ? (canvases.data ?? []) : []) {
    target.append(new Option(t('targetCanvas', { title: canvas.title || '—' }), canvas.canvasId));
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!tab) {
      showStatus(result, errorText(locale, 'unreadable_page'), 'error');
      return;
    }
    const mode = new FormData(form).get('mode') as ClipMode;
    button.disabled = true;
    button.textContent = t('clipping');
    showStatus(result, '');
    void send<ClipAnswer>({
      type: 'atelier.clip',
      tabId: tab.id,
      mode,
      ...(title.value.trim() ? { title: title.value.trim() } : {}),
      ...(target.value ? { canvasId: target.value } : {}),
    }).then((answer) => {
      button.disabled = false;
      button.textContent = t('clip');
      if (isFailure(answer)) {
        showStatus(result, errorText(locale, answer.error, answer.message), 'error');
        return;
      }
      showStatus(result, `${t('clipped')} `, 'ok');
      const link = document.createElement('a');
      link.href = answer.itemUrl;
      link.target = '_blank';
      link.rel = 'noreferrer';
      link.textContent = t('openItem');
      link.dataset.resourceId = answer.resourceId;
      result.append(link);
      if (answer.canvasUrl) {
        const canvasLink = document.createElement('a');
        canvasLink.href = answer.canvasUrl;
        canvasLink.target = '_blank';
        canvasLink.rel = 'noreferrer';
        canvasLink.textContent = t('openCanvas');
        if (answer.nodeId) canvasLink.dataset.nodeId = answer.nodeId;
        result.append(' · ', canvasLink);
      }
    });
  });
  // shown once its submit handler is in place
  form.hidden = false;
}

void main();
