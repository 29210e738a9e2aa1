/** Page object: the error toast (spec section 8). */
import type { Locator, Page } from 'playwright-core';

export class ErrorToast {
  readonly root: Locator;
  readonly title: Locator;
  readonly body: Locator;
  readonly traceId: Locator;
  readonly stack: Locator;
  readonly copy: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('error-toast').last();
    this.title = this.root.locator('.ant-notification-notice-title');
    this.body = this.root.getByTestId('error-toast-body');
    this.traceId = this.root.getByTestId('error-toast-trace');
    this.stack = this.root.getByTestId('error-toast-stack');
    this.copy = this.root.locator('.error-toast__trace button');
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor();
  }
}
