/**
 * Settings > Account > API tokens against the real server: create a token (shown once, copied),
 * use it as a Bearer token, revoke it with the confirmation; screenshots in light and dark,
 * English and Chinese.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { HomePage } from './pages/HomePage';
import { animationsDone, clickUntil, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

const it = e2eTest();

async function createToken(page: Page, name: string, shots?: string): Promise<string> {
  // the settings dialog may still be zooming in: a click on its moving button was lost once (the
  // token dialog never opened); click once nothing moves, again if the dialog did not open
  await animationsDone(page);
  await clickUntil(page.getByTestId('api-token-new'), page.getByTestId('api-token-name'));
  await page.getByTestId('api-token-name').fill(name);
  // the dialog zooms in: a click on the select's option while it moves lands on the dialog's
  // backdrop and closes the list (CI, busy machine); choose once nothing moves any more
  await animationsDone(page);
  const scope = page.getByTestId('api-token-scope');
  await scope.click();
  const option = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await option.nth(1).waitFor();
  await animationsDone(page);
  const label = (await option.nth(1).getAttribute('title')) ?? '';
  await option.nth(1).click();
  await expect.poll(() => scope.textContent()).toContain(label);
  if (shots) await screenshot(page, `${shots}-create`);
  await page.getByTestId('api-token-submit').click();
  const value = page.getByTestId('api-token-value');
  await value.waitFor();
  const token = await value.inputValue();
  if (shots) await screenshot(page, `${shots}-created`);
  return token;
}

describe('API tokens', () => {
  it('creates a token shown once, copies it, uses it, revokes it', async ({ server, open }) => {
    const { context, page } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await createAccount(server, context.request, uniqueEmail('tokens'));
    const home = await new HomePage(page).goto();
    await home.skipHighlightsIfShown();
    await home.openSettings();
    await page.getByTestId('api-tokens').waitFor();

    const token = await createToken(page, 'Claude Desktop', 'api-tokens-en-light');
    expect(token).toMatch(/^atl_[0-9A-Za-z]{40}$/);
    await page.getByTestId('api-token-copy').click();
    await page.getByText('Token copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.getByTestId('api-token-done').click();
    await page.getByTestId('api-token-created').waitFor({ state: 'detached' });

    const row = page.locator('[data-testid="api-token-row"][data-token-name="Claude Desktop"]');
    await row.getByText('Read and write').waitFor();
    // shown once: the page no longer holds the token anywhere
    expect(await page.content()).not.toContain(token);
    const call = () =>
      fetch(`${server.baseUrl}/v1/canvas/list`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);
    await screenshot(page, 'api-tokens-en-light-list');

    await row.getByTestId('api-token-revoke').click();
    await page.locator('#api-token-revoke-ok').click();
    await page.getByText('Token revoked').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await call()).status).toBe(401);
  });

  it('looks right in dark and in Chinese', async ({ server, open }) => {
    for (const [locale, colorScheme, tag] of [
      ['en-US', 'dark', 'en-dark'],
      ['zh-CN', 'light', 'zh-light'],
      ['zh-CN', 'dark', 'zh-dark'],
    ] as const) {
      const { context, page } = await open({ locale, colorScheme });
      await createAccount(server, context.request, uniqueEmail(`tokens-${tag}`));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await home.openSettings();
      await createToken(page, 'Cursor', `api-tokens-${tag}`);
      await page.getByTestId('api-token-done').click();
      await page.getByTestId('api-token-row').waitFor();
      await screenshot(page, `api-tokens-${tag}-list`);
      await context.close();
    }
  });
});
