/**
 * The library import's Web search tab against a fake SearXNG on 127.0.0.1: without a web-search
 * provider the tab says which providers to add and links to the setup guide; with one, a search
 * lists the results, two are picked and imported, and both are in the library under their titles.
 * Light + English (nothing here depends on the look; the tab is drawn in dark + Chinese too).
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startFakeWebServer, type FakeWebServer } from '../../server/test/helpers/fake-web-search';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { LibraryScreen } from './pages/LibraryPage';

let web: FakeWebServer;

beforeAll(async () => {
  web = await startFakeWebServer();
});
afterAll(async () => {
  await web?.close();
});

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

describe('library import: web search', () => {
  it('explains a missing provider, then imports two search results into the library', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('webimport'));
    await skipOnboarding(context.request);

    const library = await new LibraryScreen(page).goto();
    let dialog = await library.openImport();
    await dialog.openTab('webSearch');
    const missing = dialog.panel('webSearch').getByTestId('import-web-missing');
    await missing
      .getByText('Web search needs a provider: add SearXNG, Serper, Tavily or Brave Search in Settings.')
      .waitFor();
    await missing.getByTestId('import-web-setup').click();
    await page.locator('.settings-modal').getByTestId('setup-guide-tab').waitFor();
    await page.locator('.settings-modal .ant-modal-close').click();
    await page.locator('.settings-modal').waitFor({ state: 'hidden' });
    await dialog.close();

    await apiCall(context.request, 'POST', '/provider/create', {
      providerKey: 'searxng',
      name: 'Fake SearXNG',
      categories: ['webSearch'],
      baseUrl: `${web.url}/searxng`,
    });
    await library.goto();
    dialog = await library.openImport();
    await dialog.openTab('webSearch');
    const pane = dialog.panel('webSearch');
    await clickToFocus(pane.getByTestId('import-web-query'));
    await page.keyboard.type('Paris');
    await pane.getByTestId('import-web-search').click();
    const results = pane.getByTestId('import-web-result');
    await results.filter({ hasText: 'Lyon' }).waitFor();
    expect(await results.count()).toBe(3);
    expect(web.requests.some((r) => r.path === '/searxng/search' && r.query.q === 'Paris')).toBe(true);
    const save = pane.getByTestId('import-web-save');
    expect(await save.isDisabled()).toBe(true);
    await results.filter({ hasText: 'Paris - Wikipedia' }).getByTestId('import-web-pick').click();
    await results.filter({ hasText: 'Visit Paris' }).getByTestId('import-web-pick').click();
    await save.filter({ hasText: 'Import 2 results' }).waitFor();
    await screenshot(page, 'library-web-search-light-en');
    await save.click();
    await page.locator('.ant-message').filter({ hasText: '2 resources added' }).waitFor();
    await dialog.root.waitFor({ state: 'hidden' });

    await library.row('Paris - Wikipedia').waitFor();
    await library.row('Visit Paris').waitFor();
    expect(await library.row('Lyon').count()).toBe(0);
    const stored = await apiCall<Array<{ title: string; resourceType: string; data?: { url?: string } }>>(
      context.request,
      'GET',
      '/knowledge/resource/list?pageSize=50',
    );
    expect(
      stored
        .map((r) => [r.title, r.resourceType, r.data?.url])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Paris - Wikipedia', 'weblink', 'https://en.wikipedia.org/wiki/Paris'],
      ['Visit Paris', 'weblink', 'https://www.parisinfo.com/'],
    ]);
  });

  it('looks right in dark and Chinese', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('webimport-zh'));
    await skipOnboarding(context.request);
    await apiCall(context.request, 'POST', '/provider/create', {
      providerKey: 'searxng',
      name: '搜索',
      categories: ['webSearch'],
      baseUrl: `${web.url}/searxng`,
    });
    const library = await new LibraryScreen(page).goto();
    const dialog = await library.openImport();
    await dialog.openTab('webSearch');
    const pane = dialog.panel('webSearch');
    await clickToFocus(pane.getByTestId('import-web-query'));
    await page.keyboard.type('巴黎');
    await pane.getByTestId('import-web-search').click();
    await pane.getByTestId('import-web-result').filter({ hasText: 'Lyon' }).waitFor();
    await pane.getByTestId('import-web-pick').first().click();
    await pane.getByTestId('import-web-save').filter({ hasText: '导入 1 条结果' }).waitFor();
    await screenshot(page, 'library-web-search-dark-zh');
  });
});
