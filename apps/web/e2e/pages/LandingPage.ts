/** Page object: the signed-out landing page. */
import type { Locator, Page } from 'playwright-core';
import { LONG_WAIT } from '../support/browser';
import { AuthModal } from './AuthModal';

export class LandingPage {
  readonly root: Locator;
  readonly heroTitle: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('landing-page');
    this.heroTitle = page.locator('.landing-hero__title');
  }

  async goto(): Promise<this> {
    await this.page.goto('/');
    await this.root.waitFor();
    return this;
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor({ timeout: LONG_WAIT });
  }

  async openLogin(): Promise<AuthModal> {
    await this.page.getByTestId('nav-login').click();
    const modal = new AuthModal(this.page);
    await modal.root.waitFor();
    return modal;
  }

  async openSignup(): Promise<AuthModal> {
    await this.page.getByTestId('nav-signup').click();
    const modal = new AuthModal(this.page);
    await modal.root.waitFor();
    return modal;
  }
}
