/**
 * Screenshots of the key screens in light and dark, en and zh-CN, saved under
 * test-output/screenshots for people to look at. The language comes from the browser's
 * (zh-CN → Chinese) and the theme from its colour scheme ("follow system", the default).
 */
import { describe, expect } from 'vitest';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { openPage, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';

/** One account per language: the server's saved language wins after sign-in. */
const accounts: Record<string, { email: string; password: string }> = {};

const it = e2eTest();

it.beforeAll(async ({ server, browser }) => {
  const { context } = await openPage(browser, server.baseUrl);
  accounts.en = await createAccount(server, context.request, uniqueEmail('shots-en'));
  await context.clearCookies();
  accounts['zh-CN'] = await createAccount(server, context.request, uniqueEmail('shots-zh'));
  await context.close();
});

const VARIANTS = [
  { locale: 'en-US', lang: 'en', colorScheme: 'light' },
  { locale: 'en-US', lang: 'en', colorScheme: 'dark' },
  { locale: 'zh-CN', lang: 'zh-CN', colorScheme: 'light' },
  { locale: 'zh-CN', lang: 'zh-CN', colorScheme: 'dark' },
] as const;

describe('screenshots', () => {
  for (const [index, v] of VARIANTS.entries()) {
    const tag = `${v.lang}-${v.colorScheme}`;
    it(`landing, login, home and settings (${tag})`, async ({ open }) => {
      const { context, page } = await open(v);
      try {
        // hold the router chunk back once so the start-up screen can be seen
        // (until its screenshot is taken)
        let release = () => undefined as void;
        const released = new Promise<void>((done) => (release = done));
        await page.route(/\/assets\/AppRouter-[^/]+\.js$/, async (route) => {
          await released;
          await route.continue();
        });
        await page.goto('/');
        await page.getByTestId('loading-screen').waitFor();
        await screenshot(page, `startup-${tag}`);
        release();
        const landing = new LandingPage(page);
        await landing.waitUntilShown();
        await page.waitForFunction(
          ([lang, theme]) =>
            document.documentElement.lang === lang && document.documentElement.dataset.theme === theme,
          [v.lang, v.colorScheme],
        );
        await screenshot(page, `landing-${tag}`);
        if (index === 0 || index === 3) await screenshot(page, `landing-full-${tag}`, true);

        const login = await landing.openLogin();
        await screenshot(page, `login-${tag}`);
        await login.root.locator('.ant-modal-close').click();

        await page.goto('/privacy');
        await page.locator('.legal__body section').first().waitFor();
        await screenshot(page, `privacy-${tag}`);

        const account = accounts[v.lang];
        if (!account) throw new Error(`no account for ${v.lang}`);
        await signIn(context.request, account.email, account.password);
        const home = await new HomePage(page).goto();
        if (index === 0 || index === 2) {
          await home.highlights.waitFor();
          await screenshot(page, `feature-highlights-${tag}`);
        }
        await home.skipHighlightsIfShown();
        await screenshot(page, `home-${tag}`);
        // The shell's antd styles come from the built file (apps/web/scripts/antd-styles.ts),
        // linked before the app's CSS; antd writes no second copy of them at run time.
        const styles = await page.evaluate(() => ({
          firstSheet: document.querySelector('link[rel="stylesheet"]')?.getAttribute('href') ?? '',
          writtenButtonStyles: [...document.querySelectorAll('style')].filter((s) =>
            s.textContent?.includes('.ant-btn-color-primary'),
          ).length,
        }));
        expect(styles.firstSheet).toMatch(/^\/assets\/antd-[\w-]+\.css$/);
        expect(styles.writtenButtonStyles).toBe(0);

        const settings = await home.openSettings();
        await screenshot(page, `settings-account-${tag}`);
        await settings.openTab('appearance');
        await screenshot(page, `settings-appearance-${tag}`);
        await settings.openTab('language');
        await screenshot(page, `settings-language-${tag}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(v.lang);
      } finally {
        await context.close();
      }
    });
  }
});
