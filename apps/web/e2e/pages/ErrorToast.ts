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
    // a toast that has started to close (antd adds `-fade-leave` classes) no longer counts: its
    // closing transition is the browser's business, and under Playwright's clock it can stall
    this.root = page.locator('[data-testid="error-toast"]:not([class*="-fade-leave"])').last();
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
