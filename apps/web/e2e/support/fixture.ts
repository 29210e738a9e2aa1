/**
 * The e2e test API: `e2eTest(env)` returns an `it` whose tests (and `it.beforeAll`/`afterAll`
 * hooks) receive one built server and one Chromium per file, and whose tests also get `open`,
 * which opens a browser context with a page and closes it when the test ends.
 *
 *   const it = e2eTest({ BETA_GATE: 'true' });
 *   it('…', async ({ server, open }) => {
 *     const { context, page } = await open({ locale: 'zh-CN' });
 *   });
 *
 * `env` may be a function, called when the server starts (after the file's `beforeAll` hooks),
 * for settings that name something the file started first, such as a fake server's URL.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'vitest';
import { launchBrowser, openPage, type ContextOptions } from './browser';
import { startTestServer, type TestServer } from './server';

export interface E2eFileFixtures {
  /** The built server on a fresh copy of the run's migrated database, stopped after the file. */
  server: TestServer;
  /** One Chromium for the file, closed after it. */
  browser: Browser;
}

export interface E2eTestFixtures {
  /** Opens a context (cookies, storage) and a page on the server; closed after the test. */
  open: (options?: ContextOptions) => Promise<{ context: BrowserContext; page: Page }>;
}

export type E2eEnv =
  Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export function e2eTest(env: E2eEnv = {}) {
  return test.extend<E2eFileFixtures & E2eTestFixtures>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const server = await startTestServer(typeof env === 'function' ? await env() : env);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'file' },
    ],
    browser: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const browser = await launchBrowser();
        try {
          await use(browser);
        } finally {
          await browser.close();
        }
      },
      { scope: 'file' },
    ],
    open: async ({ server, browser }, use) => {
      const contexts: BrowserContext[] = [];
      await use(async (options) => {
        const opened = await openPage(browser, server.baseUrl, options);
        contexts.push(opened.context);
        return opened;
      });
      for (const context of contexts) await context.close();
    },
  });
}
