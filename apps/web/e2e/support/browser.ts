/** Debian's Chromium through playwright-core (never a downloaded browser), one context per test. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../test-output/screenshots',
);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  /** Expose window.atelierDebug (localStorage flag set before the app starts). */
  debug?: boolean;
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  if (options.debug) {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-debug-set')) {
        localStorage.setItem('atelier.debug', '1');
        sessionStorage.setItem('e2e-debug-set', '1');
      }
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot. CSS animations and transitions (a modal's zoom-in, a tab's ink bar, the
 * theme's colour fade) are finished first (`animations: 'disabled'`), so no test waits for them.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}
