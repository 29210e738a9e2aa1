/**
 * An instance configured with GitHub and Google sign-in, the maintenance notice and the beta
 * gate: what the signed-out and the gated user see.
 */
import { describe, expect } from 'vitest';
import { createAccount, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { LandingPage } from './pages/LandingPage';

const it = e2eTest({
  GITHUB_CLIENT_ID: 'gh-client',
  GITHUB_CLIENT_SECRET: 'gh-secret',
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  MAINTENANCE_ENABLED: 'true',
  BETA_GATE: 'true',
});

describe('instance configuration', () => {
  it('offers the identity providers /auth/config enables, as plain links', async ({ open }) => {
    const { context, page } = await open();
    try {
      const login = await new LandingPage(page).goto().then((l) => l.openLogin());
      const github = login.root.getByTestId('oauth-github');
      const google = login.root.getByTestId('oauth-google');
      await github.waitFor();
      expect(await github.getAttribute('href')).toBe('/v1/auth/github');
      expect(await google.getAttribute('href')).toBe('/v1/auth/google');
      expect(await github.innerText()).toContain('Continue with GitHub');
      await screenshot(page, 'login-oauth-en-light');
    } finally {
      await context.close();
    }
  });

  it('announces the maintenance window in Beijing time and remembers a dismissal', async ({ open }) => {
    const { context, page } = await open();
    try {
      // the notice depends on the time of day: noon in Beijing, before the 21:00-23:00 window
      await page.clock.setFixedTime(new Date('2026-03-10T04:00:00Z'));
      await new LandingPage(page).goto();
      const notice = page.getByTestId('maintenance-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/21:00 to 23:00 \(Beijing time;/);
      await screenshot(page, 'maintenance-en-light');
      await notice.locator('.ant-alert-close-icon').click();
      await notice.waitFor({ state: 'detached' });
      // the notice renders from /system/config: once that answered and the page painted twice
      // since, a notice that would show is in the DOM
      const config = page.waitForResponse((r) => r.url().includes('/v1/system/config'));
      await page.reload();
      await new LandingPage(page).waitUntilShown();
      await config;
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the request-access page to an account without beta access', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'zh-CN' });
    try {
      await createAccount(server, context.request, uniqueEmail('beta'));
      await page.goto('/');
      const gate = page.getByTestId('request-access-page');
      await gate.waitFor();
      expect(await gate.innerText()).toContain('你的账户暂时没有参与内测的权限');
      expect(await gate.getByRole('link', { name: '申请抢先体验' }).count()).toBe(1);
      await screenshot(page, 'request-access-zh-CN-light');
    } finally {
      await context.close();
    }
  });
});
