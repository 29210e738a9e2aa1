/** Page object: the settings dialog (account, language, appearance). */
import type { Locator, Page } from 'playwright-core';
import { clickUntil } from '../support/browser';
import { HomePage } from './HomePage';

/** Something each tab's pane shows as soon as it is open. */
const TAB_PANES = {
  account: 'account-tab',
  language: 'ui-locale-select',
  appearance: 'theme-options',
} as const;

export class SettingsModal {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.settings-modal');
  }

  async openTab(key: keyof typeof TAB_PANES): Promise<void> {
    await openSettingsTab(this.page, key, TAB_PANES[key]);
  }

  async chooseUiLocale(optionText: string): Promise<void> {
    await this.openTab('language');
    await this.root.getByTestId('ui-locale-select').click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: optionText }).click();
  }

  async chooseTheme(mode: 'light' | 'dark' | 'system'): Promise<void> {
    await this.openTab('appearance');
    await this.root.locator(`label.theme-option:has(input[value="${mode}"])`).click();
  }

  async close(): Promise<void> {
    await this.root.locator('.ant-modal-close').click();
    await this.root.waitFor({ state: 'hidden' });
  }

  /** Settings > Account > Sign out, then confirm; resolves once the page has reloaded. */
  async logout(): Promise<void> {
    await this.openTab('account');
    await this.root.getByTestId('account-logout').click();
    const reloaded = this.page.waitForEvent('load');
    await this.page.getByTestId('logout-confirm').click();
    await reloaded;
  }
}

/**
 * Opens the settings dialog's tab `key` and waits for its pane (`paneTestId`): a click on a tab
 * while the dialog still zoomed in was lost on a loaded machine (the pane never showed), so it is
 * clicked again after 10 s.
 */
export async function openSettingsTab(page: Page, key: string, paneTestId: string): Promise<void> {
  const settings = page.locator('.settings-modal');
  await clickUntil(settings.getByTestId(`settings-tab-${key}`), settings.getByTestId(paneTestId));
}

/** The home page, then Settings > MCP servers. */
export async function openMcpTab(page: Page): Promise<void> {
  const home = await new HomePage(page).goto();
  await home.skipHighlightsIfShown();
  await page.getByTestId('nav-settings').click();
  await openSettingsTab(page, 'mcpServers', 'mcp-tab');
}
