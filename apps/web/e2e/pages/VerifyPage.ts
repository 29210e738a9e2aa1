/** Page object: the email verification screen. */
import type { Locator, Page } from 'playwright-core';

export class VerifyPage {
  readonly root: Locator;
  readonly resend: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('verify-page');
    this.resend = page.getByTestId('resend-code');
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor();
  }

  /** Types the code into the one-character cells; the page submits when all are filled. */
  async enterCode(code: string): Promise<void> {
    await this.root.locator('.ant-otp input').first().click();
    await this.page.keyboard.type(code, { delay: 20 });
  }
}
