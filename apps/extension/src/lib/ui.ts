/** Shared by the popup and the options page: messages to the service worker, locale and theme. */
import { browser } from '@wxt-dev/browser';
import { resolveLocale, translate, type MessageKey, type UiLocale } from './i18n';
import type { ExtensionMessage } from './protocol';
import { loadSettings, type Settings } from './settings';

export function send<T>(message: ExtensionMessage): Promise<T> {
  return browser.runtime.sendMessage(message) as Promise<T>;
}

export interface Ui {
  settings: Settings;
  locale: UiLocale;
  t: (key: MessageKey, vars?: Record<string, string>) => string;
}

/** Reads the settings, sets the page's language and theme, and fills every [data-i18n] element. */
export async function setUpPage(titleKey: MessageKey): Promise<Ui> {
  const settings = await loadSettings();
  const locale = resolveLocale(settings.locale, browser.i18n.getUILanguage());
  const t = (key: MessageKey, vars?: Record<string, string>) => translate(locale, key, vars);
  document.documentElement.lang = locale;
  applyTheme(settings.theme);
  document.title = t(titleKey);
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n as MessageKey);
  }
  return { settings, locale, t };
}

/** 'system' follows the browser's colour scheme; 'light' and 'dark' force one. */
export function applyTheme(theme: Settings['theme']): void {
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

/** Shows a status line: 'ok', 'error' or plain. */
export function showStatus(el: HTMLElement, text: string, kind: 'ok' | 'error' | 'info' = 'info'): void {
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = text === '';
}
