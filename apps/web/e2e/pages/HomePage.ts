/** Page object: the signed-in home with its sidebar and onboarding dialog. */
import type { Locator, Page } from 'playwright-core';
import { LONG_WAIT } from '../support/browser';
import { dismissHighlights } from '../support/api';
import { SettingsModal } from './SettingsModal';

export class HomePage {
  readonly root: Locator;
  readonly sidebar: Locator;
  readonly search: Locator;
  readonly highlights: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('home-page');
    this.sidebar = page.getByTestId('sidebar');
    this.search = page.getByTestId('home-search');
    this.highlights = page.locator('.ant-modal').filter({ has: page.locator('.highlight') });
  }

  async goto(): Promise<this> {
    await this.page.goto('/');
    await this.waitUntilShown();
    return this;
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor({ timeout: LONG_WAIT });
  }

  /** New accounts get the feature highlights; skip them when they are open. */
  async skipHighlightsIfShown(): Promise<void> {
    await dismissHighlights(this.page);
    await this.highlights.waitFor({ state: 'hidden' });
  }

  async openSettings(): Promise<SettingsModal> {
    await this.page.getByTestId('nav-settings').click();
    const modal = new SettingsModal(this.page);
    await modal.root.waitFor();
    return modal;
  }
}
