/**
 * A global MCP server from the configuration (MCP_GLOBAL_SERVERS) in Settings > MCP servers: shown
 * to a new user with a "Global" tag, enabled, without validate, enable, edit or delete; its header
 * value nowhere on the page. Screenshots in light and dark, English and Chinese.
 */
import { describe, expect } from 'vitest';
import { createAccount, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { openMcpTab } from './pages/SettingsModal';

const SECRET = 'operator-only-token';
const it = e2eTest({
  OLLAMA_DETECT: 'false',
  MCP_GLOBAL_SERVERS: JSON.stringify([
    {
      name: 'Company docs',
      type: 'streamable',
      url: 'https://mcp.example.com/mcp',
      headers: { 'X-Token': SECRET },
    },
  ]),
});

describe('global MCP servers', () => {
  it('are listed read-only to every user', async ({ server, open }) => {
    for (const [locale, colorScheme, tag, label] of [
      ['en-US', 'light', 'en-light', 'Global'],
      ['en-US', 'dark', 'en-dark', 'Global'],
      ['zh-CN', 'light', 'zh-light', '全局'],
      ['zh-CN', 'dark', 'zh-dark', '全局'],
    ] as const) {
      const { context, page } = await open({ locale, colorScheme });
      await createAccount(server, context.request, uniqueEmail(`mcp-global-${tag}`));
      await openMcpTab(page);
      const row = page.getByTestId('mcp-row').filter({ hasText: 'Company docs' });
      await row.getByTestId('mcp-global').filter({ hasText: label }).waitFor();
      expect(await row.getByTestId('mcp-validate').count()).toBe(0);
      expect(await row.getByTestId('mcp-delete').count()).toBe(0);
      expect(await row.getByTestId('mcp-enabled').count()).toBe(0);
      expect(await page.content()).not.toContain(SECRET);
      await screenshot(page, `mcp-global-${tag}`);
      await context.close();
    }
  });
});
