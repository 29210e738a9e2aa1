/**
 * The agent skill in the browser against the real server, the real
 * `@modelcontextprotocol/server-everything` (streamable HTTP on 127.0.0.1) and the fake model,
 * which calls its echo and get-sum tools and then answers: an MCP server added and validated
 * through the API, the agent picked in the launchpad with that server, the run's tool calls shown
 * as rows (tool, server, arguments, result) under the answer; opened again in Chinese (from the
 * stored result) the rows are still there. Screenshots in light and dark, en and zh-CN.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { startEverything, type RunningServer } from '../../server/test/helpers/mcp-servers';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { LONG_WAIT, screenshot } from './support/browser';
import { sendFresh } from './support/api';
import { e2eTest } from './support/fixture';
import { CanvasScreen } from './pages/CanvasPage';
import { HomePage } from './pages/HomePage';

let fake: FakeModelServer;
let everything: RunningServer;

beforeAll(async () => {
  [fake, everything] = await Promise.all([startFakeModelServer(), startEverything('streamableHttp')]);
});
afterAll(async () => {
  await Promise.all([fake?.close(), everything?.close()]);
});

const it = e2eTest({
  OLLAMA_DETECT: 'false',
  PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
  MCP_ALLOW_PRIVATE_NETWORK: 'true',
});

/** POST through the context's session; access tokens are short-lived here, so a 401 refreshes once. */
async function apiPost<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await sendFresh(request, () => request.post(path, { data }));
  const body = (await res.json()) as { success: boolean; data?: T };
  if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data as T;
}

async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

const QUERY = 'Echo hello and add 2 and 3';

describe('agent', () => {
  it('runs the agent with an MCP server on a canvas and shows its tool calls', async ({ server, open }) => {
    const { context, page } = await open();
    const { email } = await createAccount(server, context.request, uniqueEmail('agent'));
    const request = context.request;
    const provider = await apiPost<{ providerId: string }>(request, '/v1/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
    });
    await apiPost(request, '/v1/provider/item/create', {
      providerId: provider.providerId,
      name: 'fake-chat',
      category: 'llm',
      config: { modelId: 'fake-chat', modelName: 'Fake Chat', capabilities: { functionCall: true } },
    });
    const mcp = { name: 'everything', type: 'streamable', url: everything.url };
    await apiPost(request, '/v1/mcp-server/create', mcp);
    const check = await apiPost<{ valid: boolean; error?: string }>(request, '/v1/mcp-server/validate', mcp);
    expect(check.valid, check.error).toBe(true);
    const canvas = await apiPost<{ canvasId: string }>(request, '/v1/canvas/create', { title: 'Agent' });

    const home = await new HomePage(page).goto();
    await home.skipHighlightsIfShown();
    await page.goto(`/canvas/${canvas.canvasId}`);
    const screen = new CanvasScreen(page);
    await screen.waitUntilSaved();
    await page.getByTestId('ai-launchpad').waitFor();
    await chooseOption(page, 'ai-skill-select', 'Agent');
    await chooseOption(page, 'ai-agent-servers', 'everything');
    // the option shows the server's tool count
    expect(
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'everything' })
        .textContent(),
    ).toMatch(/Tools: \d+/);
    await page.keyboard.press('Escape');
    await chooseOption(page, 'ai-model-select', 'fake-chat');
    await screenshot(page, 'agent-launchpad-light-en');

    fake.toolCalls = [
      { name: 'everything__echo', arguments: '{"message":"hello from atelier"}' },
      { name: 'everything__get-sum', arguments: '{"a":2,"b":3}' },
    ];
    fake.reply = 'The echo said hello from atelier and the sum is 5.';
    const input = page.getByTestId('ai-input');
    await input.click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'ai-input');
    await input.fill(QUERY);
    await page.getByTestId('ai-send').click();

    const node = page.getByTestId('canvas-node-skillResponse').filter({ hasText: QUERY });
    await page
      .locator('[data-testid="canvas-node-skillResponse"][data-phase="completed"]')
      .filter({ hasText: QUERY })
      .waitFor();
    const rows = node.getByTestId('ai-tool-call');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.getByTestId('ai-tool-name').allTextContents()).toEqual(['echo', 'get-sum']);
    expect(await rows.first().getAttribute('data-state')).toBe('ok');
    await rows.first().locator('summary').click();
    await rows.first().locator('pre').nth(1).filter({ hasText: 'hello from atelier' }).waitFor();
    expect(await rows.first().textContent()).toContain('everything');
    await node.getByTestId('ai-answer').filter({ hasText: 'the sum is 5' }).waitFor();
    fake.toolCalls = null;
    await screenshot(page, 'agent-tool-calls-light-en');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'agent-tool-calls-dark-en');
    // the preview panel shows the same rows
    await node.getByRole('button', { name: 'Open' }).click();
    const panel = page.getByTestId('skill-response-panel');
    await expect.poll(() => panel.getByTestId('ai-tool-call').count()).toBe(2);
    await screenshot(page, 'agent-panel-dark-en');

    // in Chinese, from the stored result (a new tab): the rows are still there
    const res = await sendFresh(request, () =>
      request.put('/v1/user/settings', { data: { uiLocale: 'zh-CN' } }),
    );
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      const zh = await open({ locale: 'zh-CN', colorScheme });
      await signIn(zh.context.request, email);
      await (await new HomePage(zh.page).goto()).skipHighlightsIfShown();
      await zh.page.goto(`/canvas/${canvas.canvasId}`);
      const zhNode = zh.page.getByTestId('canvas-node-skillResponse').filter({ hasText: QUERY });
      const zhRows = zhNode.getByTestId('ai-tool-call');
      await expect.poll(() => zhRows.count(), { timeout: LONG_WAIT }).toBe(2);
      await zhNode.getByText('工具调用（2）').waitFor();
      await zhRows.nth(1).locator('summary').click();
      await zhRows.nth(1).getByText('参数').waitFor();
      await screenshot(zh.page, `agent-tool-calls-${colorScheme}-zh`);
      // the launchpad's agent picker in Chinese: the server with its tool count
      await chooseOption(zh.page, 'ai-skill-select', '智能体');
      await zh.page.getByTestId('ai-agent-servers').click();
      await zh.page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: /工具：\d+ 个/ })
        .waitFor();
      await screenshot(zh.page, `agent-launchpad-${colorScheme}-zh`);
    }
  });
});
