/**
 * Sign up → verify with the mailed code → home → zh-CN and dark → reload keeps both →
 * logout wipes the browser's data. Wrong passwords get the spec's message in the error toast.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ERROR_CATALOGUE } from '@atelier/contract';
import { createAccount, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { e2eTest } from './support/fixture';
import { WEB_DIST } from './support/server';
import { ErrorToast } from './pages/ErrorToast';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { VerifyPage } from './pages/VerifyPage';

const it = e2eTest();

const storageState = (page: Page) =>
  page.evaluate(async () => ({
    localKeys: Object.keys(localStorage).sort(),
    sessionKeys: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
    cookie: document.cookie,
    theme: document.documentElement.dataset.theme,
    lang: document.documentElement.lang,
  }));

describe('signing up and the session', () => {
  it('signs up, verifies, switches to zh-CN and dark, keeps both over a reload, and logs out cleanly', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    const email = uniqueEmail('signup');
    try {
      const assets: { file: string; encoding: string | undefined }[] = [];
      page.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/assets/'))
          assets.push({ file: path.slice('/assets/'.length), encoding: r.headers()['content-encoding'] });
      });
      const landing = await new LandingPage(page).goto();
      // the app's scripts and styles travel as the build's Brotli copies
      const withCopy = assets.filter((a) => existsSync(join(WEB_DIST, 'assets', `${a.file}.br`)));
      expect(withCopy.length).toBeGreaterThan(3);
      expect(withCopy.filter((a) => a.encoding !== 'br')).toEqual([]);
      // an anonymous visitor never calls the session API
      const sessionCalls: string[] = [];
      page.on('request', (r) => {
        if (/\/v1\/(user|auth\/refreshToken)/.test(r.url())) sessionCalls.push(r.url());
      });

      const signup = await landing.openSignup();
      await signup.submitWith(email, 'short');
      expect(await signup.fieldErrors().allInnerTexts()).toContain(
        'Password must contain 8 or more characters',
      );
      await signup.password.fill(TEST_PASSWORD);
      await signup.submit.click();

      const verify = new VerifyPage(page);
      await verify.waitUntilShown();
      expect(await page.getByText(`We sent a 6-digit code to ${email}.`).isVisible()).toBe(true);
      // the resend button shows its cool-down
      expect(await verify.resend.isDisabled()).toBe(true);
      expect(await verify.resend.innerText()).toMatch(/Resend code in \d+ s/);
      expect(sessionCalls).toEqual([]);
      await verify.enterCode(await server.codeFor(email, 'signup'));

      const home = new HomePage(page);
      await home.waitUntilShown();
      expect(await home.highlights.isVisible()).toBe(true);
      await home.skipHighlightsIfShown();

      const settings = await home.openSettings();
      await settings.chooseUiLocale('简体中文');
      await page.getByText('界面语言').first().waitFor();
      await settings.chooseTheme('dark');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await settings.close();

      await page.reload();
      await home.waitUntilShown();
      expect(await home.sidebar.getByText('设置').isVisible()).toBe(true);
      const after = await storageState(page);
      expect(after.theme).toBe('dark');
      expect(after.lang).toBe('zh-CN');
      // highlights were skipped: they stay closed
      expect(await home.highlights.isVisible()).toBe(false);

      // something for logout to clear
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            const open = indexedDB.open('atelier-e2e-cache', 1);
            open.onupgradeneeded = () => open.result.createObjectStore('items');
            open.onsuccess = () => {
              open.result.close();
              done();
            };
          }),
      );
      expect((await storageState(page)).databases).toContain('atelier-e2e-cache');

      const reopened = await home.openSettings();
      await reopened.logout();
      await new LandingPage(page).waitUntilShown();
      const cleared = await storageState(page);
      expect(cleared.localKeys).toEqual(['atelier.reloadGuard']);
      expect(cleared.sessionKeys).toEqual([]);
      expect(cleared.databases).toEqual([]);
      expect(cleared.cookie).not.toContain('atelier_uid');
    } finally {
      await context.close();
    }
  });

  it('shows the spec message, trace id and a working copy button for a wrong password', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      const account = await createAccount(server, context.request, uniqueEmail('wrongpw'));
      await context.clearCookies();
      // the page's timers run on Playwright's clock (real speed until a test moves it ahead)
      await page.clock.install();
      const landing = await new LandingPage(page).goto();
      const login = await landing.openLogin();
      await login.fill(account.email, 'not-the-password');
      // from here the page's time stands still until the test moves it: the toast cannot close
      // on its own while a busy machine is slow to run the checks below
      const pageNow = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(pageNow + 60_000);
      await login.submit.click();

      const toast = new ErrorToast(page);
      await toast.waitUntilShown();
      expect(await toast.title.innerText()).toBe('Oops, something went wrong');
      expect(await toast.body.innerText()).toContain(ERROR_CATALOGUE.E0006.en);
      const traceText = await toast.traceId.innerText();
      expect(traceText).toMatch(/^Trace ID: \S+$/);
      expect(await toast.stack.count()).toBe(0);

      await toast.copy.click();
      await toast.root.getByText('Copied').waitFor();
      const clipboard = await page.evaluate(() => navigator.clipboard.readText());
      expect(`Trace ID: ${clipboard}`).toBe(traceText);

      // a known code closes itself after 5 seconds (hovering pauses it, so move away first)
      await page.mouse.move(5, 790);
      await page.clock.fastForward(5_500);
      await page.clock.resume();
      // the toast has started to close (the leaving one no longer matches `toast.root`)
      await toast.root.waitFor({ state: 'detached' });
      expect(await login.root.isVisible()).toBe(true);

      // unknown account: its own catalogue message
      await login.submitWith(uniqueEmail('nobody'), 'whatever-password');
      await new ErrorToast(page).waitUntilShown();
      expect(await new ErrorToast(page).body.innerText()).toContain(ERROR_CATALOGUE.E0005.en);
    } finally {
      await context.close();
    }
  });

  it('keeps an unknown error on screen with its stack until dismissed', async ({ server, open }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('unknown'));
      await page.route('**/v1/user/settings', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            errCode: 'E4242',
            traceId: 'trace-unknown-1',
            stack: 'Error: simulated failure\n    at settings.service.ts:42',
          }),
        }),
      );
      await page.clock.install();
      await page.goto('/');
      const toast = new ErrorToast(page);
      await toast.waitUntilShown();
      expect(await toast.body.innerText()).toContain(ERROR_CATALOGUE.E0000.en);
      expect(await toast.stack.innerText()).toContain('simulated failure');
      expect(await toast.traceId.innerText()).toBe('Trace ID: trace-unknown-1');
      // past the 5 s after which a known error closes itself (the test above sees that happen),
      // then a further second of timers for a closing animation to finish
      await page.clock.fastForward(6_500);
      await page.clock.runFor(1_000);
      expect(await toast.root.isVisible()).toBe(true);
      expect(await toast.root.evaluate((el) => el.closest('[class*="-leave"]'))).toBeNull();
      await toast.root.locator('.ant-notification-notice-close').click();
      await toast.root.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
