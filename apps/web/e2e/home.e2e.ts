/**
 * Home as a person uses it (issue 10), against the real server and a fake OpenAI-compatible
 * model on 127.0.0.1, in en and zh-CN, light and dark:
 * 1. typing searches the workspace with the match marked; Go (a real Enter) creates a canvas
 *    titled from the question, opens it and the answer streams into a node there; without a chat
 *    model Go says so and links to Settings;
 * 2. with no web-search provider the launchpad's web toggle is disabled with a hint naming the fix,
 *    and Settings > Parser configuration says "not configured" instead of "Built-in";
 * 3. a stored raw citation marker never reaches a library preview.
 * Screenshots of each step go to test-output/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { openSettingsTab } from './pages/SettingsModal';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, launchBrowser, openPage, screenshot, LONG_WAIT } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
  server = await startTestServer({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

// each language and each theme once (docs/testing.md, variants)
const VARIANTS = [
  { locale: 'en-US', lang: 'en', colorScheme: 'light' },
  { locale: 'zh-CN', lang: 'zh-CN', colorScheme: 'dark' },
] as const;

const TEXT = {
  en: { noModel: 'needs a chat model', webHint: 'SearXNG, Serper, Tavily or Brave', none: 'Not configured' },
  'zh-CN': { noModel: '需要对话模型', webHint: 'SearXNG、Serper、Tavily 或 Brave', none: '未配置' },
} as const;

async function waitForLook(page: Page, lang: string, theme: string): Promise<void> {
  await page.waitForFunction(
    ([l, th]) => document.documentElement.lang === l && document.documentElement.dataset.theme === th,
    [lang, theme],
  );
}

describe('home', () => {
  for (const v of VARIANTS) {
    const tag = `${v.lang}-${v.colorScheme}`;
    it(`Go asks AI on a new canvas, search marks matches, no model or web search is explained (${tag})`, async () => {
      const { context, page } = await openPage(browser, server.baseUrl, v);
      try {
        await createAccount(server, context.request, uniqueEmail(`home-${tag.toLowerCase()}`));
        await skipOnboarding(context.request);
        await apiCall(context.request, 'PUT', '/user/settings', { uiLocale: v.lang });
        // a document to find, and one holding a raw marker from before markers were cleaned
        await apiCall(context.request, 'POST', '/knowledge/document/create', {
          title: 'Harbour notes',
          initialContent: 'The lighthouse is painted teal and stands by the harbour.',
        });
        await apiCall(context.request, 'POST', '/knowledge/document/create', {
          title: 'Tide table',
          initialContent: 'High tide comes at noon [[citation:1]] every day.',
        });

        // --- no chat model yet: Go says so and links to Settings
        await page.goto('/');
        await page.getByTestId('home-page').waitFor();
        await waitForLook(page, v.lang, v.colorScheme);
        const box = page.getByTestId('home-search');
        await clickToFocus(box);
        await page.keyboard.type('lighthouse');
        // the search box finds the document by its content, the match marked
        const hit = page.getByTestId('library-search-hit').filter({ hasText: 'Harbour notes' });
        await hit.waitFor();
        expect(await hit.locator('mark').first().textContent()).toMatch(/lighthouse/i);
        await page.keyboard.press('Enter');
        const noModel = page.getByTestId('home-no-model');
        await noModel.waitFor();
        expect(await noModel.textContent()).toContain(TEXT[v.lang].noModel);
        expect(new URL(page.url()).pathname).toBe('/');
        await screenshot(page, `home-no-model-${tag}`);
        await page.getByTestId('home-open-settings').click();
        await page.locator('.settings-modal').waitFor();
        await screenshot(page, `home-no-model-settings-${tag}`);

        // --- Parser configuration: web search is "not configured", no "Built-in"
        await openSettingsTab(page, 'parsers', 'parser-webSearch');
        const parsers = page.getByTestId('parsers-tab');
        await parsers.getByText(TEXT[v.lang].webHint, { exact: false }).waitFor();
        expect(await parsers.locator('.ant-form-item').first().textContent()).toContain(TEXT[v.lang].none);
        await screenshot(page, `home-parsers-${tag}`);
        await page.keyboard.press('Escape');
        await page.locator('.settings-modal').waitFor({ state: 'hidden' });

        // --- with a chat model: Go creates a canvas titled from the question, the answer streams there
        const provider = await apiCall<{ providerId: string }>(context.request, 'POST', '/provider/create', {
          providerKey: 'openai-compatible',
          name: 'Fake',
          categories: ['llm'],
          baseUrl: `${fake.url}/v1`,
        });
        await apiCall(context.request, 'POST', '/provider/item/create', {
          providerId: provider.providerId,
          name: 'fake-chat',
          category: 'llm',
          tier: 't2',
          config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
        });
        fake.reply = `Teal keeps it visible in fog (${tag}).`;
        await page.reload();
        await page.getByTestId('home-page').waitFor();
        const question = `  Why is the lighthouse teal, ${tag}?  `;
        await clickToFocus(page.getByTestId('home-search'));
        await page.keyboard.type(question);
        await screenshot(page, `home-search-${tag}`);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/canvas\/[^/]+$/);
        await page.getByTestId('canvas-page').waitFor();
        const node = page
          .locator('[data-testid="canvas-node-skillResponse"][data-phase="completed"]')
          .filter({ hasText: question.trim() });
        await node.waitFor({ timeout: LONG_WAIT });
        expect(await node.getByTestId('ai-answer').textContent()).toContain(fake.reply);
        const canvasId = new URL(page.url()).pathname.split('/').pop()!;
        const canvas = await apiCall<{ title: string }>(
          context.request,
          'GET',
          `/canvas/detail?canvasId=${canvasId}`,
        );
        expect(canvas.title).toBe(question.trim());

        // --- point 2: no web-search provider, so the toggle is off and disabled, the hint names the fix
        const webSwitch = page.getByTestId('ai-web-search');
        expect(await webSwitch.isDisabled()).toBe(true);
        await page.getByTestId('ai-web-search-toggle').hover();
        await page.locator('.ant-tooltip').filter({ hasText: TEXT[v.lang].webHint }).waitFor();
        await screenshot(page, `home-go-canvas-${tag}`);

        // --- point 3: the library preview never shows a raw marker
        await page.goto('/library/documents');
        const row = page.getByText('High tide comes at noon', { exact: false }).first();
        await row.waitFor();
        expect(await page.locator('body').textContent()).not.toContain('[[citation:');
        await screenshot(page, `home-library-preview-${tag}`);
      } finally {
        await context.close();
      }
    });
  }
});
