/** Page object: the settings dialog (account, language, appearance). */
import type { Locator, Page } from 'playwright-core';
import { HomePage } from './HomePage';

export class SettingsModal {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.settings-modal');
  }

  async openTab(key: 'account' | 'language' | 'appearance'): Promise<void> {
    await this.root.getByTestId(`settings-tab-${key}`).click();
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

/** The home page, then Settings > MCP servers (retrying a click lost to the dialog's opening). */
export async function openMcpTab(page: Page): Promise<void> {
  const home = await new HomePage(page).goto();
  await home.skipHighlightsIfShown();
  await page.getByTestId('nav-settings').click();
  const settings = page.locator('.settings-modal');
  for (let attempt = 0; ; attempt++) {
    await settings.getByTestId('settings-tab-mcpServers').click();
    try {
      await settings.getByTestId('mcp-tab').waitFor();
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
