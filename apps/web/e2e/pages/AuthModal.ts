/** Page object: the sign-in / sign-up dialog. */
import type { Locator, Page } from 'playwright-core';

export class AuthModal {
  readonly root: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.ant-modal').filter({ has: page.getByTestId('auth-submit') });
    this.email = this.root.locator('#auth-email');
    this.password = this.root.locator('#auth-password');
    this.submit = this.root.getByTestId('auth-submit');
  }

  async fill(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  async submitWith(email: string, password: string): Promise<void> {
    await this.fill(email, password);
    await this.submit.click();
  }

  fieldErrors(): Locator {
    return this.root.locator('.form-field__message[role="alert"]');
  }
}
