/**
 * AI against the real server and a fake OpenAI-compatible model on 127.0.0.1 (the server test
 * helper, started here; user providers may use loopback because PROVIDER_ALLOW_PRIVATE_NETWORK
 * defaults to true): add the provider in settings and test its connection, add a model and make
 * it the default, then on a canvas with a document selected ask a question and watch the answer
 * stream into a node with a citation of that document, get the empty follow-up refused, ask a
 * follow-up, generate a document and see it fill in live, be asked before leaving while AI writes,
 * and find the conversation under Threads. Screenshots in light and dark.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { LONG_WAIT, screenshot } from './support/browser';
import { sendFresh } from './support/api';
import { e2eTest } from './support/fixture';
import { HomePage } from './pages/HomePage';
import { CanvasListPage } from './pages/CanvasPage';
import { openSettingsTab } from './pages/SettingsModal';

let fake: FakeModelServer;

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

beforeAll(async () => {
  fake = await startFakeModelServer();
});

afterAll(async () => {
  await fake?.close();
});

async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** The skill-response node asking `query` (only nodes in view are rendered). */
function answerNode(page: Page, query: string) {
  return page.getByTestId('canvas-node-skillResponse').filter({ hasText: query });
}

/** Resolves once the node's answer has text while the run is still executing (seen streaming). */
async function waitForStreaming(page: Page, query: string): Promise<void> {
  await page.waitForFunction(
    (q) =>
      [...document.querySelectorAll('[data-testid="canvas-node-skillResponse"]')].some(
        (node) =>
          node.textContent?.includes(q) &&
          node.getAttribute('data-phase') === 'executing' &&
          (node.querySelector('[data-testid="ai-answer"]')?.textContent ?? '').length > 0,
      ),
    query,
    { timeout: LONG_WAIT, polling: 20 },
  );
}

async function waitForPhase(page: Page, query: string, phase: string): Promise<void> {
  await page
    .locator(`[data-testid="canvas-node-skillResponse"][data-phase="${phase}"]`)
    .filter({ hasText: query })
    .waitFor({ timeout: LONG_WAIT });
}

/** GET through the page's session; access tokens live 3 s here, so a 401 refreshes once. */
async function apiGet<T>(page: Page, path: string): Promise<T | undefined> {
  const res = await sendFresh(page.request, () => page.request.get(path));
  return ((await res.json()) as { data?: T }).data;
}

/**
 * Polls the document list (the server's stored snapshot, which the AI context reads) until a
 * document's preview contains `text`; answers its id. The snapshot is written a moment after the
 * editor's change was acknowledged (a debounce), so this waits for it rather than a fixed time.
 */
async function waitForDocumentText(page: Page, text: string): Promise<string> {
  const deadline = Date.now() + LONG_WAIT;
  while (Date.now() < deadline) {
    const docs = await apiGet<Array<{ docId: string; contentPreview?: string | null }>>(
      page,
      '/v1/knowledge/document/list?pageSize=50',
    );
    const found = (docs ?? []).find((d) => d.contentPreview?.includes(text));
    if (found) return found.docId;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no document with "${text}" stored`);
}

describe('AI', () => {
  it('adds a provider, asks with a document as context, follows up, generates a document', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('request', (r) => {
      if (r.url().includes('/skill/')) consoleLines.push(`request: ${r.method()} ${r.url()}`);
    });
    try {
      await createAccount(server, context.request, uniqueEmail('ai'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();

      // ---- settings: provider, connection test, model, default model ----
      await page.getByTestId('nav-settings').click();
      const settings = page.locator('.settings-modal');
      await openSettingsTab(page, 'providers', 'providers-tab');
      await settings.getByTestId('provider-add').click();
      const form = page.getByTestId('provider-form');
      await form.waitFor();
      await page.getByTestId('provider-name').fill('Fake model server');
      await page.getByTestId('provider-base-url').fill(`${fake.url}/v1`);
      await page.getByTestId('provider-api-key').fill('sk-test-never-shown');
      await page.getByTestId('provider-save').click();
      await form.waitFor({ state: 'hidden' });
      const row = settings.getByTestId('provider-row').filter({ hasText: 'Fake model server' });
      await row.waitFor();
      // the key is write-only: nothing of it comes back
      expect(await settings.textContent()).not.toContain('sk-test-never-shown');
      await row.getByTestId('provider-test').click();
      await row.getByTestId('provider-test-result').filter({ hasText: 'Connected' }).waitFor();
      expect(await row.getByTestId('provider-test-result').textContent()).toMatch(/Connected: \d+ models/);
      await screenshot(page, 'ai-settings-providers-light');

      await openSettingsTab(page, 'models', 'models-tab');
      await settings.getByTestId('model-add').click();
      await page.getByTestId('model-form').waitFor();
      await chooseOption(page, 'model-pick', 'fake-chat-large');
      expect(await page.getByTestId('model-id').inputValue()).toBe('fake-chat-large');
      await page.getByTestId('model-id').fill('fake-chat');
      await page.getByTestId('model-name').fill('Fake Chat');
      await page.getByTestId('model-context-limit').fill('8000');
      await page.getByTestId('model-save').click();
      await page.getByTestId('model-form').waitFor({ state: 'hidden' });
      await settings.getByTestId('model-row').filter({ hasText: 'Fake Chat' }).waitFor();
      await screenshot(page, 'ai-settings-models-light');

      await openSettingsTab(page, 'defaultModel', 'default-model-tab');
      await chooseOption(page, 'default-model-chat', 'Fake Chat');
      await page.locator('.ant-message').filter({ hasText: 'Default model updated' }).waitFor();
      await openSettingsTab(page, 'parsers', 'parsers-tab');
      await settings.locator('.ant-modal-close').click();
      await settings.waitFor({ state: 'hidden' });

      // ---- a canvas with a document selected as context ----
      await page.goto('/canvas');
      const list = new CanvasListPage(page);
      await list.root.waitFor();
      const canvas = await list.createCanvas();
      await canvas.addDocument('Atelier notes: the harbour lighthouse is painted teal.');
      const docId = await waitForDocumentText(page, 'harbour lighthouse');
      expect(docId).toBeTruthy();
      await page.getByTestId('canvas-node-document').first().click();
      await page.getByTestId('ai-launchpad').waitFor();
      await page.getByTestId('ai-context-item').first().waitFor();
      const docTitle =
        (await page
          .getByTestId('canvas-node-document')
          .first()
          .locator('.canvas-node__title')
          .textContent()) ?? '';

      fake.reply = 'The lighthouse is painted teal [1]. It stands by the harbour.';
      fake.reasoning = 'The document says the lighthouse is teal.';
      fake.chunkDelayMs = 30;
      fake.requests.length = 0;
      const releaseAnswer = fake.holdLastChunk();
      await page.getByTestId('ai-input').fill('What colour is the lighthouse?');
      await page.getByTestId('ai-input').press('Enter');
      await answerNode(page, 'What colour is the lighthouse?').waitFor();
      await waitForStreaming(page, 'What colour is the lighthouse?');
      await screenshot(page, 'ai-answer-streaming-light');
      releaseAnswer();
      await waitForPhase(page, 'What colour is the lighthouse?', 'completed');
      const first = answerNode(page, 'What colour is the lighthouse?');
      expect(await first.getByTestId('ai-answer').textContent()).toContain('It stands by the harbour.');
      // the model's [1] became a citation linked to the selected document
      const citation = first.getByTestId('ai-citation');
      expect(await citation.count()).toBe(1);
      expect(await first.getByTestId('ai-source').count()).toBe(1);
      expect(await first.getByTestId('ai-source').first().textContent()).toContain(docTitle.trim());
      expect(await first.getByTestId('ai-token-usage').textContent()).toMatch(/\d+/);
      expect(await first.getByTestId('ai-reasoning').textContent()).toContain('Reasoning');
      // the document went to the model as context
      const chat = fake.requests.find((r) => r.path === '/v1/chat/completions');
      expect(JSON.stringify(chat?.body)).toContain('harbour lighthouse is painted teal');

      // ---- follow-up: empty refused, then a thread ----
      await first.getByTestId('ai-follow-up-send').click();
      await first.getByText('Follow-up question must not be empty').waitFor();
      fake.reply = 'It was painted teal in 1990.';
      fake.reasoning = '';
      fake.requests.length = 0;
      await first.getByTestId('ai-follow-up-input').fill('When was it painted?');
      await first.getByTestId('ai-follow-up-input').press('Enter');
      await waitForPhase(page, 'When was it painted?', 'completed');
      const followUp = fake.requests.find((r) => r.path === '/v1/chat/completions');
      // the earlier answer went along as the thread's memory
      expect(JSON.stringify(followUp?.body)).toContain('It stands by the harbour.');
      await screenshot(page, 'ai-thread-on-canvas-light');

      // ---- generate a document and watch it fill in live ----
      const skills = (await apiGet<Array<{ name: string }>>(page, '/v1/skill/list')) ?? [];
      if (skills.some((s) => s.name === 'generateDoc')) {
        fake.reply =
          '# Lighthouse guide\n\nThe harbour lighthouse is teal. Visitors climb its stairs every morning to watch the boats.';
        fake.chunkDelayMs = 50;
        // the last word waits until the test has seen the text arrive while it is written
        const releaseDoc = fake.holdLastChunk();
        await chooseOption(page, 'ai-skill-select', 'Generate document');
        await page.getByTestId('ai-input').fill('Write a short guide to the lighthouse');
        await page.getByTestId('ai-input').press('Enter');
        // the new document's node appears connected to the answer, and opens beside the canvas
        const generated = page
          .getByTestId('canvas-node-document')
          .filter({ hasText: /Write a short guide|Lighthouse guide/ });
        await generated.waitFor();
        await generated.click();
        const editor = page.getByTestId('doc-editor');
        await editor.waitFor();
        // text arrives while the model is still writing
        await page.waitForFunction(
          () => {
            const text = document.querySelector('[data-testid="doc-editor"]')?.textContent ?? '';
            return text.includes('Lighthouse') && !text.includes('watch the boats.');
          },
          undefined,
          { timeout: LONG_WAIT, polling: 20 },
        );
        await screenshot(page, 'ai-generate-doc-live-light');
        releaseDoc();
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="doc-editor"]')?.textContent ?? '').includes(
              'watch the boats.',
            ),
          undefined,
          { timeout: LONG_WAIT },
        );
        await waitForPhase(page, 'Write a short guide to the lighthouse', 'completed');
      }

      // ---- leaving while AI writes asks first ----
      await chooseOption(page, 'ai-skill-select', 'Question');
      fake.reply = 'A slow answer that takes a while to arrive word by word.';
      fake.chunkDelayMs = 50;
      // still writing until the test has left and stayed
      const releaseSlow = fake.holdLastChunk();
      await page.getByTestId('ai-input').fill('Tell me slowly');
      await page.getByTestId('ai-input').press('Enter');
      await waitForPhase(page, 'Tell me slowly', 'executing');
      await page.getByTestId('sidebar').getByText('Canvas', { exact: true }).click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'AI is still writing' });
      await confirm.waitFor();
      await screenshot(page, 'ai-leave-confirm-light');
      await confirm.getByRole('button', { name: 'Stay' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(page.url()).toContain(`/canvas/${canvas.canvasId()}`);
      releaseSlow();
      await waitForPhase(page, 'Tell me slowly', 'completed');

      // ---- a provider failure: the node offers a retry, which reruns the result as version 2 ----
      fake.chatError = { status: 500, message: 'the fake model is down' };
      await page.getByTestId('ai-input').fill('Will this work?');
      await page.getByTestId('ai-input').press('Enter');
      await waitForPhase(page, 'Will this work?', 'failed');
      const failed = answerNode(page, 'Will this work?');
      expect(await failed.getByTestId('ai-status').textContent()).toContain(
        'Execution failed, click to retry',
      );
      fake.chatError = null;
      fake.reply = 'It works now.';
      fake.chunkDelayMs = 0;
      await failed.getByTestId('ai-status').click();
      await waitForPhase(page, 'Will this work?', 'completed');
      expect(await failed.getByTestId('ai-answer').textContent()).toContain('It works now.');
      const retried = await apiGet<{ version: number }>(
        page,
        `/v1/action/result?resultId=${await failed.getAttribute('data-result-id')}`,
      );
      expect(retried?.version).toBe(1);

      // ---- dark mode ----
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await screenshot(page, 'ai-canvas-dark');

      // ---- after a reload the nodes load their results ----
      await page.reload();
      await page.getByTestId('canvas-node-skillResponse').first().waitFor();
      await page
        .locator(
          '[data-testid="canvas-node-skillResponse"][data-phase="completed"] [data-testid="ai-answer"]',
        )
        .first()
        .waitFor();

      // ---- threads ----
      await page.goto('/threads');
      await page.getByTestId('thread-list').waitFor();
      const thread = page.getByTestId('thread-item').filter({ hasText: 'What colour is the lighthouse?' });
      await thread.waitFor();
      await thread.click();
      await page.getByTestId('thread-detail').waitFor();
      await page.getByTestId('thread-turn').nth(1).waitFor();
      expect(await page.getByTestId('thread-turn').count()).toBe(2);
      // the earlier turn's own result (with its sources) loads after the thread
      await page.getByTestId('thread-turn').first().getByTestId('ai-source').waitFor();
      expect(await page.getByTestId('thread-turn').first().getByTestId('ai-citation').count()).toBe(1);
      await screenshot(page, 'ai-thread-detail-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/library/threads');
      await page.getByTestId('thread-item').first().waitFor();
      await screenshot(page, 'ai-library-threads-light');

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await page.getByTestId('nav-settings').click();
      await openSettingsTab(page, 'providers', 'providers-tab');
      await page.getByTestId('provider-row').first().waitFor();
      await screenshot(page, 'ai-settings-providers-dark');
    } catch (err) {
      await screenshot(page, 'ai-failure').catch(() => undefined);
      console.error(consoleLines.join('\n'));
      console.error(server.logs().slice(-4000));
      throw err;
    } finally {
      await context.close();
    }
  });
});
