/**
 * AI in the document editor against the real server and a fake OpenAI-compatible model on
 * 127.0.0.1: select a sentence with the keyboard, Shorten from the AI button, watch the answer
 * stream in as a suggestion under it (the original struck through, the document untouched),
 * Accept (the editor's undo takes it back), find it after a reload; open the menu with Ctrl+J,
 * ask freely and Discard (nothing changes); a provider failure shows the catalogue message and
 * changes nothing. Screenshots of the menu and a suggestion in light/dark, en/zh-CN.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, LONG_WAIT, openWindow, waitForFocus } from './support/browser';
import { e2eTest } from './support/fixture';

const SHOTS = '/tmp/shots/docai';
let fake: FakeModelServer;

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

beforeAll(async () => {
  fake = await startFakeModelServer();
});

afterAll(async () => {
  await fake?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

/** A provider on the fake server and its chat model as the user's default. */
async function configureModel(request: APIRequestContext): Promise<void> {
  const { providerId } = await apiCall<{ providerId: string }>(request, 'POST', '/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Fake',
    categories: ['llm'],
    baseUrl: `${fake.url}/v1`,
  });
  const { itemId } = await apiCall<{ itemId: string }>(request, 'POST', '/provider/item/create', {
    providerId,
    name: 'fake-chat',
    category: 'llm',
    tier: 't2',
    config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
  });
  await apiCall(request, 'PUT', '/user/settings', { preferences: { defaultModel: { chat: itemId } } });
}

const FIRST = 'The harbour is calm today and the boats rest quietly by the old wooden pier.';
const SECOND = 'Gulls circle overhead.';
const VIVID = 'Seagulls wheel and cry above the masts.';

const editor = (page: Page) => page.getByTestId('doc-editor');
/** The document's text as written: without collaborators' caret labels and the suggestion card. */
const docText = (page: Page) =>
  editor(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.collab-caret, .doc-ai-host').forEach((c) => c.remove());
    return copy.textContent;
  });
const suggestion = (page: Page) => page.getByTestId('doc-ai-suggestion');
const waitSaved = (page: Page) =>
  page.locator('[data-testid="collab-status"][data-status="saved"]').waitFor();

async function storedContent(request: APIRequestContext, docId: string): Promise<string> {
  return (await apiCall<{ content: string }>(request, 'GET', `/knowledge/document/detail?docId=${docId}`))
    .content;
}

/** Resolves once the suggestion has text while the run is still streaming. */
async function waitForStreaming(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const card = document.querySelector('[data-testid="doc-ai-suggestion"]');
      return (
        card?.getAttribute('data-phase') === 'streaming' &&
        (card.querySelector('[data-testid="doc-ai-suggestion-text"]')?.textContent ?? '').length > 0
      );
    },
    undefined,
    { timeout: LONG_WAIT, polling: 20 },
  );
}

/**
 * Selects the first (or last) `text.length` characters of the document with the keyboard and
 * waits until the browser's selection is exactly `text` (a sync right after loading may move the
 * caret between key presses; then the selection is made again).
 */
async function selectWithKeys(page: Page, text: string, where: 'start' | 'end'): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await clickToFocus(editor(page));
    await page.keyboard.press(where === 'start' ? 'Control+Home' : 'Control+End');
    await page.keyboard.down('Shift');
    for (let i = 0; i < text.length; i++)
      await page.keyboard.press(where === 'start' ? 'ArrowRight' : 'ArrowLeft');
    await page.keyboard.up('Shift');
    try {
      await page.waitForFunction((want) => window.getSelection()?.toString() === want, text, {
        timeout: 10_000,
      });
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}

describe('AI in the document editor', () => {
  it('shortens a selected sentence as a streamed suggestion, accepts, discards, reports failures', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('docai'));
    await skipOnboarding(context.request);
    const { docId } = await apiCall<{ docId: string }>(
      context.request,
      'POST',
      '/knowledge/document/create',
      {
        title: 'Harbour notes',
        initialContent: `${FIRST} ${SECOND}`,
      },
    );
    await page.goto('/');
    await page.goto(`/documents/${docId}`);
    await editor(page).waitFor();
    await waitSaved(page);
    await editor(page).getByText(SECOND, { exact: false }).waitFor();

    // ---- no chat model yet: the catalogue message with a way to Settings, nothing changed ----
    await selectWithKeys(page, FIRST, 'start');
    await page.getByTestId('doc-ai-trigger').waitFor();
    await shot(page, 'doc-ai-trigger-light-en');
    await page.getByTestId('doc-ai-trigger').click();
    await page.getByTestId('doc-ai-action-shorten').click();
    const noModel = page.getByTestId('doc-ai-error');
    await noModel.waitFor();
    expect(await noModel.textContent()).toContain('Chat model not configured');
    await shot(page, 'doc-ai-no-model-light-en');
    await noModel.getByRole('button', { name: 'Open settings' }).click();
    const settings = page.locator('.settings-modal');
    await settings.getByTestId('providers-tab').waitFor();
    await settings.locator('.ant-modal-close').click();
    await settings.waitFor({ state: 'hidden' });
    await page.getByTestId('doc-ai-discard').click();
    await suggestion(page).waitFor({ state: 'detached' });
    expect(await docText(page)).toBe(`${FIRST} ${SECOND}`);
    await configureModel(context.request);

    // ---- select the first sentence, Shorten from the AI button ----
    await selectWithKeys(page, FIRST, 'start');
    await page.getByTestId('doc-ai-trigger').click();
    await page.getByTestId('doc-ai-menu').waitFor();
    await shot(page, 'doc-ai-menu-light-en');
    fake.reply = 'The harbour is calm, boats resting by the pier.';
    fake.chunkDelayMs = 150;
    fake.requests.length = 0;
    await page.getByTestId('doc-ai-action-shorten').click();
    await waitForStreaming(page);
    // streaming: part of the answer is there, the original is struck through and still in place
    expect(await page.locator('.doc-ai-original').textContent()).toBe(FIRST);
    expect(await page.getByTestId('doc-ai-stop').isVisible()).toBe(true);
    await shot(page, 'doc-ai-streaming-light-en');
    await suggestion(page).and(page.locator('[data-phase="done"]')).waitFor();
    expect(await page.getByTestId('doc-ai-suggestion-text').textContent()).toBe(fake.reply);
    await shot(page, 'doc-ai-suggestion-light-en');
    // the model got the selection; the document itself is untouched until accepted
    const chat = fake.requests.find((r) => r.path === '/v1/chat/completions');
    expect(JSON.stringify(chat?.body)).toContain(FIRST);
    expect(await storedContent(context.request, docId)).toContain(FIRST);

    await page.getByTestId('doc-ai-accept').click();
    await suggestion(page).waitFor({ state: 'detached' });
    const accepted = `The harbour is calm, boats resting by the pier. ${SECOND}`;
    expect(await docText(page)).toBe(accepted);
    expect(await page.locator('.doc-ai-original').count()).toBe(0);
    // one step of the editor's undo, and back
    await page.keyboard.press('Control+z');
    await editor(page).getByText(FIRST).waitFor();
    await page.keyboard.press('Control+Shift+z');
    await editor(page).getByText('boats resting by the pier').waitFor();
    await waitSaved(page);
    await expect
      .poll(() => storedContent(context.request, docId), { timeout: LONG_WAIT })
      .toContain(accepted);

    // ---- after a reload it is still there ----
    await page.reload();
    await editor(page).waitFor();
    await editor(page).getByText('boats resting by the pier').waitFor();
    await waitSaved(page);
    expect(await docText(page)).toBe(accepted);

    // ---- Ctrl+J, a free instruction, Discard: nothing changes ----
    await selectWithKeys(page, SECOND, 'end');
    await page.keyboard.press('Control+j');
    await waitForFocus(page.getByTestId('doc-ai-menu'));
    fake.reply = 'Seagulls wheel and cry above the masts.';
    fake.chunkDelayMs = 60;
    await page.keyboard.type('Make it more vivid');
    await page.keyboard.press('Enter');
    await suggestion(page).and(page.locator('[data-phase="done"]')).waitFor();
    expect(await page.locator('.doc-ai-original').textContent()).toBe(SECOND);
    // Accept has the focus; Escape discards
    await page.keyboard.press('Escape');
    await suggestion(page).waitFor({ state: 'detached' });
    expect(await docText(page)).toBe(accepted);
    expect(await page.locator('.doc-ai-original').count()).toBe(0);

    // ---- a provider failure: the catalogue message, nothing changed ----
    fake.chatError = { status: 500, message: 'the fake model is down' };
    await selectWithKeys(page, SECOND, 'end');
    await page.getByTestId('doc-ai-trigger').click();
    await page.getByTestId('doc-ai-action-expand').click();
    await page.getByTestId('doc-ai-error').waitFor();
    expect(await page.getByTestId('doc-ai-error').textContent()).toMatch(/Model provider/);
    await page.getByTestId('doc-ai-discard').click();
    await suggestion(page).waitFor({ state: 'detached' });
    expect(await docText(page)).toBe(accepted);
    fake.chatError = null;
    await waitSaved(page);
    expect(await storedContent(context.request, docId)).toContain(accepted);

    // ---- a second editor of the same document sees the accepted text ----
    const other = await openWindow(page, `/documents/${docId}`);
    await editor(other).getByText(SECOND).waitFor();
    await waitSaved(other);
    await selectWithKeys(page, SECOND, 'end');
    await page.keyboard.press('Control+j');
    await waitForFocus(page.getByTestId('doc-ai-menu'));
    fake.reply = VIVID;
    await page.keyboard.type('Make it more vivid');
    await page.keyboard.press('Enter');
    await suggestion(page).and(page.locator('[data-phase="done"]')).waitFor();
    // nothing reaches the collaborator before Accept
    expect(await docText(other)).toBe(accepted);
    await page.getByTestId('doc-ai-accept').click();
    const together = `The harbour is calm, boats resting by the pier. ${VIVID}`;
    await expect.poll(() => docText(other), { timeout: LONG_WAIT }).toBe(together);
    expect(await docText(page)).toBe(together);
    await other.close();

    // ---- dark, then Chinese ----
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await selectWithKeys(page, 'The harbour', 'start');
    await page.keyboard.press('Control+j');
    await page.getByTestId('doc-ai-menu').waitFor();
    await shot(page, 'doc-ai-menu-dark-en');
    fake.reply = 'The port';
    fake.chunkDelayMs = 0;
    await page.getByTestId('doc-ai-action-rewrite').click();
    await suggestion(page).and(page.locator('[data-phase="done"]')).waitFor();
    await shot(page, 'doc-ai-suggestion-dark-en');
    await page.getByTestId('doc-ai-discard').click();

    await apiCall(context.request, 'PUT', '/user/settings', { uiLocale: 'zh-CN' });
    await page.reload();
    await editor(page).waitFor();
    await editor(page).getByText('boats resting by the pier').waitFor();
    await selectWithKeys(page, 'The harbour is calm, boats resting by the pier.', 'start');
    await page.keyboard.press('Control+j');
    await page.getByTestId('doc-ai-menu').getByText('缩短').waitFor();
    await shot(page, 'doc-ai-menu-dark-zh');
    fake.reply = '港口很平静，船只停靠在码头边。';
    await page.getByTestId('doc-ai-action-translate').click();
    await suggestion(page).and(page.locator('[data-phase="done"]')).waitFor();
    const translated = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
    expect(JSON.stringify(translated?.body)).toContain('Chinese');
    await shot(page, 'doc-ai-suggestion-dark-zh');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await shot(page, 'doc-ai-suggestion-light-zh');
    await page.getByTestId('doc-ai-accept').click();
    await editor(page).getByText('港口很平静').waitFor();
    expect(await docText(page)).toBe(`港口很平静，船只停靠在码头边。 ${VIVID}`);
  });
});
