/**
 * The setup guide as a new user meets it, against a fake OpenAI-compatible model server and a
 * fake SearXNG on 127.0.0.1: the home card leads to Settings > Setup guide, where every step but
 * the built-in parser is "Not set up"; each step's button opens its form, and after the provider,
 * the chat model, the default model, the embedding model and the web-search provider are saved
 * there, the step's live check passes (green, with what the test call answered). With every step
 * passed the guide says so and the home card is gone. Light + English here; the guide is drawn in
 * dark + Chinese by the second test.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { startFakeWebServer, type FakeWebServer } from '../../server/test/helpers/fake-web-search';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { animationsDone, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { openSettingsTab } from './pages/SettingsModal';

let fake: FakeModelServer;
let web: FakeWebServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
  web = await startFakeWebServer();
});
afterAll(async () => {
  await fake?.close();
  await web?.close();
});

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

const step = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="setup-step"][data-step="${name}"]`);

/** The step once its check has answered `status` (the positive signal of a finished check). */
async function stepIs(page: Page, name: string, status: 'ok' | 'missing' | 'failed'): Promise<Locator> {
  const row = page.locator(`[data-testid="setup-step"][data-step="${name}"][data-status="${status}"]`);
  await row.waitFor();
  return row;
}

/** Back to the setup guide from another settings tab. */
async function backToGuide(page: Page): Promise<void> {
  await openSettingsTab(page, 'setupGuide', 'setup-guide-tab');
}

describe('setup guide', () => {
  it('a new user follows the guide from the home card until every step is green', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('setup'));
    // the feature highlights are another first-visit flow: out of the way, the guide stays new
    await apiCall(context.request, 'PUT', '/user/settings', {
      onboarding: { featureHighlights: 'skipped', tour: 'skipped' },
    });
    await page.goto('/');
    const card = page.getByTestId('home-setup-guide');
    await card.getByText('Finish setting up Atelier').waitFor();
    await card.getByTestId('home-setup-open').click();
    const settings = page.locator('.settings-modal');
    await settings.getByTestId('setup-guide-tab').waitFor();

    // a fresh account: nothing is set up but the built-in parser, which reads its test page
    for (const name of ['provider', 'chatModel', 'defaultModel', 'embedding', 'webSearch'])
      expect(await (await stepIs(page, name, 'missing')).getByTestId('setup-step-state').textContent()).toBe(
        'Not set up',
      );
    const parser = await stepIs(page, 'parser', 'ok');
    expect(await parser.getByTestId('setup-step-state').textContent()).toBe('Passed');
    expect(await parser.getByTestId('setup-step-result').textContent()).toBe(
      'The built-in parser read a test page.',
    );
    expect(await settings.getByTestId('setup-progress').textContent()).toBe('1 of 6 steps pass');
    await screenshot(page, 'setup-guide-light-en-new');

    // 1. the provider, from its step's button; it offers chat and embedding models
    await step(page, 'provider').getByTestId('setup-step-open').click();
    await settings.getByTestId('providers-tab').waitFor();
    await settings.getByTestId('provider-add').click();
    const providerForm = page.getByTestId('provider-form');
    await providerForm.waitFor();
    await animationsDone(page);
    await page.getByTestId('provider-name').fill('Fake models');
    await page.getByTestId('provider-base-url').fill(`${fake.url}/v1`);
    await providerForm.locator('label.ant-checkbox-wrapper', { hasText: 'Embedding' }).click();
    await page.getByTestId('provider-save').click();
    await providerForm.waitFor({ state: 'hidden' });
    await backToGuide(page);
    const provider = await stepIs(page, 'provider', 'ok');
    expect(await provider.getByTestId('setup-step-result').textContent()).toMatch(
      /^Fake models answered: \d+ models offered\.$/,
    );

    // 2. the chat model: its check is a real completion of the fake model
    fake.reply = 'OK';
    await step(page, 'chatModel').getByTestId('setup-step-open').click();
    await settings.getByTestId('models-tab').waitFor();
    await settings.getByTestId('model-add').click();
    await page.getByTestId('model-form').waitFor();
    await animationsDone(page);
    await page.getByTestId('model-id').fill('fake-chat');
    await page.getByTestId('model-name').fill('Fake Chat');
    await page.getByTestId('model-save').click();
    await page.getByTestId('model-form').waitFor({ state: 'hidden' });
    await backToGuide(page);
    const chat = await stepIs(page, 'chatModel', 'ok');
    expect(await chat.getByTestId('setup-step-result').textContent()).toBe(
      'Fake Chat (Fake models) answered “OK”.',
    );

    // 3. the default model
    await step(page, 'defaultModel').getByTestId('setup-step-open').click();
    await settings.getByTestId('default-model-tab').waitFor();
    await chooseOption(page, 'default-model-chat', 'Fake Chat');
    await page.locator('.ant-message').filter({ hasText: 'Default model updated' }).waitFor();
    await backToGuide(page);
    await stepIs(page, 'defaultModel', 'ok');

    // 4. the embedding model: the step opens Model configuration on its category
    await step(page, 'embedding').getByTestId('setup-step-open').click();
    await settings.getByTestId('models-tab').waitFor();
    await settings.locator('.ant-segmented-item-selected', { hasText: 'Embedding' }).waitFor();
    await settings.getByTestId('model-add').click();
    await page.getByTestId('model-form').waitFor();
    await animationsDone(page);
    await page.getByTestId('model-id').fill('text-embedding-fake');
    await page.getByTestId('model-save').click();
    await page.getByTestId('model-form').waitFor({ state: 'hidden' });
    await backToGuide(page);
    const embedding = await stepIs(page, 'embedding', 'ok');
    expect(await embedding.getByTestId('setup-step-result').textContent()).toMatch(
      /^text-embedding-fake \(Fake models\) answered a vector of \d+ numbers\.$/,
    );

    // 5. web search: it names the providers the form offers, then a SearXNG is added
    const webStep = await stepIs(page, 'webSearch', 'missing');
    expect(await webStep.getByTestId('setup-step-result').textContent()).toBe(
      'Web search needs a provider: add SearXNG, Serper, Tavily or Brave Search in Providers.',
    );
    await webStep.getByTestId('setup-step-open').click();
    await settings.getByTestId('provider-add').click();
    await providerForm.waitFor();
    await animationsDone(page);
    await chooseOption(page, 'provider-type', 'SearXNG');
    await page.getByTestId('provider-base-url').fill(`${web.url}/searxng`);
    await page.getByTestId('provider-save').click();
    await providerForm.waitFor({ state: 'hidden' });
    await backToGuide(page);
    const search = await stepIs(page, 'webSearch', 'ok');
    expect(await search.getByTestId('setup-step-result').textContent()).toMatch(
      /^SearXNG answered \d+ results\.$/,
    );
    expect(web.requests.some((r) => r.path === '/searxng/search' && r.query.q === 'Atelier')).toBe(true);

    // every step passed: the guide says so and is recorded as completed
    await settings.getByTestId('setup-done').getByText('Everything is set up').waitFor();
    expect(await page.locator('[data-testid="setup-step"][data-status="ok"]').count()).toBe(6);
    await screenshot(page, 'setup-guide-light-en-done');
    await expect
      .poll(
        async () =>
          (await apiCall<{ onboarding: { setupGuide: string } }>(context.request, 'GET', '/user/settings'))
            .onboarding.setupGuide,
        { timeout: LONG_WAIT },
      )
      .toBe('completed');
    await settings.locator('.ant-modal-close').click();
    await settings.waitFor({ state: 'hidden' });
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('home-setup-guide').count()).toBe(0);
  });

  it('looks right in dark and Chinese, and a failing step says why', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('setup-zh'));
    await apiCall(context.request, 'PUT', '/user/settings', {
      onboarding: { featureHighlights: 'skipped', tour: 'skipped' },
    });
    const provider = await apiCall<{ providerId: string }>(context.request, 'POST', '/provider/create', {
      providerKey: 'openai-compatible',
      name: '本地模型',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
    });
    await apiCall(context.request, 'POST', '/provider/item/create', {
      providerId: provider.providerId,
      name: '对话模型',
      category: 'llm',
      config: { modelId: 'fake-chat', modelName: '对话模型' },
    });
    fake.chatError = { status: 500, message: 'the fake model is down' };
    try {
      await page.goto('/');
      await page.getByTestId('home-setup-guide').getByText('完成 Atelier 的设置').waitFor();
      await screenshot(page, 'setup-guide-home-card-dark-zh');
      await page.getByTestId('home-setup-open').click();
      await page.getByTestId('setup-guide-tab').waitFor();
      await stepIs(page, 'provider', 'ok');
      const chat = await stepIs(page, 'chatModel', 'failed');
      expect(await chat.getByTestId('setup-step-state').textContent()).toBe('失败');
      expect(await chat.getByTestId('setup-step-result').textContent()).toContain('the fake model is down');
      const webStep = await stepIs(page, 'webSearch', 'missing');
      expect(await webStep.getByTestId('setup-step-result').textContent()).toBe(
        '网络搜索需要提供方：请在“模型提供方”中添加 SearXNG、Serper、Tavily 或 Brave Search。',
      );
      await stepIs(page, 'parser', 'ok');
      await screenshot(page, 'setup-guide-dark-zh');
    } finally {
      fake.chatError = null;
    }
    // dismissed from the home card, it stays in Settings
    await page.locator('.settings-modal .ant-modal-close').click();
    await page.getByTestId('home-setup-dismiss').click();
    await page.getByTestId('home-setup-guide').waitFor({ state: 'hidden' });
    expect(
      (await apiCall<{ onboarding: { setupGuide: string } }>(context.request, 'GET', '/user/settings'))
        .onboarding.setupGuide,
    ).toBe('skipped');
  });
});
