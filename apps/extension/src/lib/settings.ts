/** The extension's saved settings (extension storage, shared by its pages and service worker). */
import { browser } from '@wxt-dev/browser';
import { DEFAULT_ADDRESS } from './address';

export interface Settings {
  address: string;
  locale: 'auto' | 'en' | 'zh-CN';
  theme: 'system' | 'light' | 'dark';
}

export const DEFAULT_SETTINGS: Settings = { address: DEFAULT_ADDRESS, locale: 'auto', theme: 'system' };

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get(['address', 'locale', 'theme']);
  const locale = stored.locale;
  const theme = stored.theme;
  return {
    address: typeof stored.address === 'string' ? stored.address : DEFAULT_SETTINGS.address,
    locale: locale === 'en' || locale === 'zh-CN' ? locale : 'auto',
    theme: theme === 'light' || theme === 'dark' ? theme : 'system',
  };
}

export async function saveSettings(patch: Partial<Settings>): Promise<void> {
  await browser.storage.local.set(patch);
}
