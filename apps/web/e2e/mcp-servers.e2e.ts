/**
 * Settings > MCP servers against the real `@modelcontextprotocol/server-everything` (streamable
 * HTTP on 127.0.0.1; the instance allows private addresses with MCP_ALLOW_PRIVATE_NETWORK): add a
 * server in JSON mode, validate it and see it enabled with its tool count; import a two-item
 * array with one bad item and see the partial report; a server validated in its dialog before
 * it is saved is saved enabled. Screenshots in light and dark, en and zh-CN.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startEverything, type RunningServer } from '../../server/test/helpers/mcp-servers';
import { createAccount, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { openMcpTab } from './pages/SettingsModal';

let everything: RunningServer;

beforeAll(async () => {
  everything = await startEverything('streamableHttp');
});
afterAll(async () => {
  await everything?.close();
});

const it = e2eTest({ OLLAMA_DETECT: 'false', MCP_ALLOW_PRIVATE_NETWORK: 'true' });

describe('MCP servers', () => {
  it('adds a server in JSON mode, validates it and shows its tools', async ({ server, open }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('mcp'));
    await openMcpTab(page);
    await page.getByTestId('mcp-add').click();
    await page.getByTestId('mcp-name').fill('Everything');
    await screenshot(page, 'mcp-servers-form-light-en');

    // what was typed in the form comes along into JSON mode
    await page.getByTestId('mcp-mode-json').click();
    const json = page.getByTestId('mcp-json');
    expect(JSON.parse(await json.inputValue())).toMatchObject({ name: 'Everything', type: 'streamable' });
    await json.fill(JSON.stringify({ name: 'Everything', type: 'streamable', url: everything.url }, null, 2));
    await screenshot(page, 'mcp-servers-json-light-en');
    await page.getByTestId('mcp-save').click();
    await page.getByTestId('mcp-form').waitFor({ state: 'hidden' });

    const row = page.getByTestId('mcp-row').filter({ hasText: 'Everything' });
    await expect.poll(() => row.getByTestId('mcp-status').textContent()).toBe('Disabled');
    await row.getByTestId('mcp-validate').click();
    await row
      .getByTestId('mcp-validate-result')
      .filter({ hasText: /Connected: \d+ tools/ })
      .waitFor();
    await row.getByTestId('mcp-tool-count').waitFor();
    expect(await row.getByTestId('mcp-tool-count').textContent()).toMatch(/^\d+ tools$/);
    expect(await row.getByTestId('mcp-status').textContent()).toBe('Enabled');
    await screenshot(page, 'mcp-servers-list-light-en');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'mcp-servers-list-dark-en');
  });

  it('a server validated in its dialog is saved enabled', async ({ server, open }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('mcp-checked'));
    await openMcpTab(page);
    await page.getByTestId('mcp-add').click();
    await page.getByTestId('mcp-name').fill('Checked first');
    await page.getByTestId('mcp-url').fill(everything.url);
    await page.getByTestId('mcp-form-validate').click();
    await page
      .getByTestId('mcp-form-feedback')
      .filter({ hasText: /Connected: \d+ tools/ })
      .waitFor();
    await page.getByTestId('mcp-save').click();
    await page.getByTestId('mcp-form').waitFor({ state: 'hidden' });
    const row = page.getByTestId('mcp-row').filter({ hasText: 'Checked first' });
    await row.getByTestId('mcp-tool-count').waitFor();
    expect(await row.getByTestId('mcp-status').textContent()).toBe('Enabled');
    expect(await row.getByTestId('mcp-enabled').getAttribute('aria-checked')).toBe('true');
  });

  it('imports a two-item array with one bad item and shows the partial report', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('mcp-import'));
    await openMcpTab(page);
    await page.getByTestId('mcp-import-open').click();
    await page.getByTestId('mcp-import-json').fill(
      JSON.stringify([
        { name: 'good-one', type: 'streamable', url: everything.url },
        { name: 'local-only', type: 'stdio', command: 'npx', args: ['some-server'] },
      ]),
    );
    await page.getByTestId('mcp-import-run').click();
    const report = page.getByTestId('mcp-import-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('已导入 1/2 个；1 个失败');
    expect(await page.getByTestId('mcp-import-failure').textContent()).toBe(
      '#2 local-only：网页版不支持 Stdio',
    );
    await page.getByTestId('mcp-row').filter({ hasText: 'good-one' }).waitFor({ state: 'attached' });
    await screenshot(page, 'mcp-servers-import-dark-zh');
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, 'mcp-servers-import-light-zh');
    await page.getByTestId('mcp-import-close').click();
    await page.getByTestId('mcp-import').waitFor({ state: 'hidden' });
    await screenshot(page, 'mcp-servers-list-light-zh');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'mcp-servers-list-dark-zh');
  });
});
