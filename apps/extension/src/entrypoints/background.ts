/**
 * The service worker: the only place that talks to the Atelier server. Pages and tests send it
 * messages (lib/protocol.ts, docs/extension.md); it relays API calls, checks the server address,
 * clips tabs, and owns the context menu, the keyboard shortcut and the notifications.
 */
import { browser, type Browser } from '@wxt-dev/browser';
import { createApiClient, type ApiClient } from '@atelier/contract/client';
import { routeIndex } from '@atelier/contract/route-index';
import { defineBackground } from 'wxt/utils/define-background';
import { apiBase, atelierIdentity, normaliseAddress } from '../lib/address';
import { clip } from '../lib/clipper';
import { createDebouncer } from '../lib/debounce';
import { errorText, resolveLocale, translate, type UiLocale } from '../lib/i18n';
import {
  isFailure,
  parseMessage,
  type CheckAnswer,
  type ClipMessage,
  type ExtensionMessage,
  type StatusAnswer,
} from '../lib/protocol';
import { deserialiseBody } from '../lib/relay';
import { loadSettings, saveSettings } from '../lib/settings';

const ROUTE_IDS: ReadonlySet<string> = new Set(Object.keys(routeIndex));

function clientFor(address: string): ApiClient {
  const base = apiBase(address);
  return createApiClient({
    baseUrl: base,
    // an expired access token: rotate the session with the refresh cookie, then replay once
    onUnauthorized: async () => {
      const res = await fetch(`${base}/auth/refreshToken`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.ok;
    },
  });
}

let cached: { address: string; api: ApiClient } | null = null;
async function current(): Promise<{ address: string; api: ApiClient }> {
  const { address } = await loadSettings();
  if (cached?.address !== address) cached = { address, api: clientFor(address) };
  return cached;
}

/** GET /v1/health at the address: an Atelier server answers its version; anything else is refused. */
async function check(input: string): Promise<CheckAnswer> {
  const address = normaliseAddress(input);
  if (!address) return { error: 'bad_address' };
  let res: Response;
  try {
    res = await fetch(`${apiBase(address)}/health`, { credentials: 'omit' });
  } catch {
    return { error: 'E0001' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const identity = atelierIdentity(body);
  return identity ? { address, version: identity.version } : { error: 'not_atelier' };
}

async function status(): Promise<StatusAnswer> {
  const { address, api } = await current();
  const checked = await check(address);
  if (isFailure(checked)) return { address, ...checked };
  const settings = await api.request('user.settings.get');
  if (settings.success && settings.data) {
    return { address, version: checked.version, signedIn: true, email: settings.data.email ?? null };
  }
  if (settings.errCode === 'E0011' || settings.errCode === 'E0004') {
    return { address, version: checked.version, signedIn: false };
  }
  return { address, error: settings.errCode ?? 'E0000' };
}

const debounce = createDebouncer();

async function handle(message: ExtensionMessage): Promise<unknown> {
  switch (message.type) {
    case 'atelier.clip': {
      const { address, api } = await current();
      return clip(api, address, message);
    }
    case 'atelier.status':
      return status();
    case 'atelier.check':
      return check(message.address);
    case 'atelier.saveAddress': {
      const checked = await check(message.address);
      if (!isFailure(checked)) await saveSettings({ address: checked.address });
      return checked;
    }
    case 'atelier.api': {
      const { api } = await current();
      const input = message.input ?? {};
      return api.request(message.id, {
        ...(input.body !== undefined ? { body: deserialiseBody(input.body) as never } : {}),
        ...(input.query !== undefined ? { query: input.query as never } : {}),
        ...(input.params !== undefined ? { params: input.params as never } : {}),
      });
    }
  }
}

/** One message in, one JSON answer out; the same message within 300 ms shares the first's answer. */
function answer(raw: unknown): Promise<unknown> {
  const message = parseMessage(raw, ROUTE_IDS);
  if (!message) return Promise.resolve({ error: 'bad_message' });
  return debounce(
    JSON.stringify(message),
    () =>
      handle(message).catch((error: unknown) => ({
        error: 'E0000',
        message: error instanceof Error ? error.message : String(error),
      })),
    READS.has(message.type) ? 'read' : 'write',
  );
}

/** Messages that only read the server's state: each one asks again once the last has answered. */
const READS: ReadonlySet<ExtensionMessage['type']> = new Set(['atelier.status', 'atelier.check']);

async function uiLocale(): Promise<UiLocale> {
  const { locale } = await loadSettings();
  return resolveLocale(locale, browser.i18n.getUILanguage());
}

/** Clips from the context menu or the shortcut, telling the result by a notification. */
async function clipAndNotify(request: ClipMessage): Promise<void> {
  const [result, locale] = await Promise.all([answer(request), uiLocale()]);
  const icon = browser.runtime.getURL('/icon/128.png');
  if (isFailure(result)) {
    await browser.notifications.create(`atelier-error-${Date.now()}`, {
      type: 'basic',
      iconUrl: icon,
      title: translate(locale, 'notifyErrorTitle'),
      message: errorText(locale, result.error, result.message),
    });
    return;
  }
  const done = result as { itemUrl: string; title: string };
  // the notification's id is the item's address: a click opens it
  await browser.notifications.create(done.itemUrl, {
    type: 'basic',
    iconUrl: icon,
    title: translate(locale, 'notifyTitle'),
    message: translate(locale, 'notifyBody', { title: done.title }),
  });
}

async function createMenus(): Promise<void> {
  const locale = await uiLocale();
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({
    id: 'atelier-page',
    title: translate(locale, 'menuPage'),
    contexts: ['page'],
  });
  browser.contextMenus.create({
    id: 'atelier-selection',
    title: translate(locale, 'menuSelection'),
    contexts: ['selection'],
  });
  browser.contextMenus.create({
    id: 'atelier-link',
    title: translate(locale, 'menuLink'),
    contexts: ['link'],
  });
}

/** A click on one of the context-menu entries: clips the page, the selection or the link. */
function onMenuClicked(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): void {
  if (tab?.id === undefined) return;
  const tabId = tab.id;
  if (info.menuItemId === 'atelier-link' && info.linkUrl) {
    void clipAndNotify({ type: 'atelier.clip', tabId, mode: 'link', url: info.linkUrl });
  } else if (info.menuItemId === 'atelier-selection') {
    void clipAndNotify({ type: 'atelier.clip', tabId, mode: 'selection' });
  } else if (info.menuItemId === 'atelier-page') {
    void clipAndNotify({ type: 'atelier.clip', tabId, mode: 'page' });
  }
}

/** The keyboard shortcut (Alt+Shift+S): clips the active tab as an article. */
function onCommand(command: string): void {
  if (command !== 'clip-page') return;
  void browser.tabs.query({ active: true, currentWindow: true }).then(([tab]) => {
    if (tab?.id !== undefined) void clipAndNotify({ type: 'atelier.clip', tabId: tab.id, mode: 'page' });
  });
}

/** A click on a notification: a success notice's id is the item's address, which opens. */
function onNotificationClicked(id: string): void {
  if (/^https?:\/\//.test(id)) void browser.tabs.create({ url: id });
  void browser.notifications.clear(id);
}

/**
 * Registers the listeners and answers the ones a person triggers through the browser's own UI
 * (WXT keeps this result as the worker's global `background`). Headless Chromium cannot open a
 * context menu or press a command's keys, so the browser test calls these very listeners in the
 * worker, after checking with `hasListener` that they are the ones registered.
 */
export default defineBackground(() => {
  browser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
    void answer(raw).then(sendResponse);
    return true;
  });

  browser.runtime.onInstalled.addListener(() => {
    void createMenus();
  });
  browser.storage.onChanged.addListener((changes) => {
    if (changes.locale) void createMenus();
    if (changes.address) cached = null;
  });

  browser.contextMenus.onClicked.addListener(onMenuClicked);
  browser.commands.onCommand.addListener(onCommand);

  browser.notifications.onClicked.addListener(onNotificationClicked);
  return { onMenuClicked, onCommand, onNotificationClicked };
});
