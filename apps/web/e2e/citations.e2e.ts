/**
 * Citations as a person sees them (issue 32 §3), against the real server and a fake model that
 * cites in every form models write (`[1]`, `【1】`, `[citation:1]`, `[[citation:1]]`): an answer
 * shows `[1]` badges linked to its source, and no raw marker, in the thread view and in the share
 * viewer; in the document editor Ask AI → Rewrite → Accept leaves no marker in the editor text
 * (nor in the stored document). The flow runs in dark + Chinese; the thread view is drawn in
 * light + English too.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

let fake: FakeModelServer;

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

beforeAll(async () => {
  fake = await startFakeModelServer();
});

afterAll(async () => {
  await fake?.close();
});

/** Anything a raw marker would leave on screen. */
const RAW = /\[\[citation|\[citation:|citation:\d|【\d+】/;
const CITING =
  'The lighthouse is teal [1]. Boats dock at the quay 【1】, twice a day [citation:1] [[citation:1]].';

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

/** Runs an answer on the queue and waits until the server recorded its end. */
async function answer(request: APIRequestContext, docId: string): Promise<string> {
  const { resultId } = await apiCall<{ resultId: string }>(request, 'POST', '/skill/invoke', {
    input: { query: 'What colour is the lighthouse?' },
    context: { documents: [{ docId }] },
  });
  await expect
    .poll(
      async () =>
        (await apiCall<{ status: string }>(request, 'GET', `/action/result?resultId=${resultId}`)).status,
      { timeout: LONG_WAIT, interval: 200 },
    )
    .toBe('finish');
  return resultId;
}

/** The text a reader sees of an element (no hidden parts, no editor widgets). */
const seen = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((el) => (el as HTMLElement).innerText);

/** The document's text as written: without the suggestion card and carets. */
const docText = (page: Page) =>
  page.getByTestId('doc-editor').evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.collab-caret, .doc-ai-host').forEach((c) => c.remove());
    return copy.textContent ?? '';
  });

/** Selects the first `text.length` characters of the document with the keyboard. */
async function selectFromStart(page: Page, text: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await clickToFocus(page.getByTestId('doc-editor'));
    await page.keyboard.press('Control+Home');
    await page.keyboard.down('Shift');
    for (let i = 0; i < text.length; i++) await page.keyboard.press('ArrowRight');
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

describe('citations on screen', () => {
  it('an answer shows badges and no marker; an accepted rewrite leaves no marker in the document', async ({
    server,
    open,
  }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('cite'));
    await skipOnboarding(context.request);
    await configureModel(context.request);
    const { docId: sourceId } = await apiCall<{ docId: string }>(
      context.request,
      'POST',
      '/knowledge/document/create',
      { title: 'Harbour notes', initialContent: 'The lighthouse is painted teal.' },
    );

    // ---- the thread view: `[1]` badges linked to the source, no marker ----
    fake.reply = CITING;
    const resultId = await answer(context.request, sourceId);
    await page.goto(`/threads/${resultId}`);
    const thread = page.getByTestId('thread-answer').first();
    await thread.getByTestId('ai-citation').first().waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await seen(page, 'thread-answer')).toBe(
      'The lighthouse is teal[1]. Boats dock at the quay[1], twice a day[1][1].',
    );
    const badges = thread.getByTestId('ai-citation');
    expect(await badges.count()).toBe(4);
    expect(await badges.first().getAttribute('title')).toBe('Harbour notes');
    expect(await page.locator('body').innerText()).not.toMatch(RAW);
    await screenshot(page, 'citations-thread-dark-zh');

    // ---- the share viewer: the same badges, the numbered sources ----
    const share = await apiCall<{ shareId: string }>(context.request, 'POST', '/share/new', {
      entityType: 'skillResponse',
      entityId: resultId,
    });
    await page.goto(`/share/${share.shareId}`);
    const shared = page.getByTestId('share-answer-body');
    await shared.getByTestId('ai-citation').first().waitFor();
    expect(await shared.getByTestId('ai-citation').count()).toBe(4);
    expect(await seen(page, 'share-answer-body')).toContain('The lighthouse is teal[1].');
    expect(await page.locator('.share-answer__sources li').first().innerText()).toBe('Harbour notes');
    expect(await page.locator('body').innerText()).not.toMatch(RAW);
    await screenshot(page, 'citations-share-dark-zh');

    // ---- the editor: Ask AI → Rewrite → Accept writes clean text ----
    const FIRST = 'The harbour is calm today.';
    const { docId } = await apiCall<{ docId: string }>(
      context.request,
      'POST',
      '/knowledge/document/create',
      {
        title: 'Draft',
        initialContent: `${FIRST} Gulls circle overhead.`,
      },
    );
    await page.goto(`/documents/${docId}`);
    await page.getByTestId('doc-editor').getByText('Gulls circle', { exact: false }).waitFor();
    await page.locator('[data-testid="collab-status"][data-status="saved"]').waitFor();
    fake.reply = 'The harbour lies calm [1] and still today [[citation:2]].';
    await selectFromStart(page, FIRST);
    await page.getByTestId('doc-ai-trigger').click();
    await page.getByTestId('doc-ai-action-rewrite').click();
    const accept = page.getByTestId('doc-ai-accept');
    await accept.waitFor();
    // the suggestion itself shows no marker (and no number: these cite no source of the run)
    expect(await seen(page, 'doc-ai-suggestion-text')).toBe('The harbour lies calm and still today.');
    await screenshot(page, 'citations-suggestion-dark-zh');
    await accept.click();
    await page.getByTestId('doc-ai-suggestion').waitFor({ state: 'detached' });
    await expect
      .poll(() => docText(page), { timeout: LONG_WAIT })
      .toContain('The harbour lies calm and still today.');
    expect(await docText(page)).not.toMatch(RAW);
    expect(await docText(page)).not.toMatch(/\[\d\]/);
    await page.locator('[data-testid="collab-status"][data-status="saved"]').waitFor();
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ content: string }>(
              context.request,
              'GET',
              `/knowledge/document/detail?docId=${docId}`,
            )
          ).content,
        { timeout: LONG_WAIT },
      )
      .toContain('The harbour lies calm and still today.');
    const stored = (
      await apiCall<{ content: string }>(context.request, 'GET', `/knowledge/document/detail?docId=${docId}`)
    ).content;
    expect(stored).not.toMatch(RAW);
  });

  it('looks right in light + English', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'en', colorScheme: 'light' });
    await createAccount(server, context.request, uniqueEmail('cite-en'));
    await skipOnboarding(context.request);
    await configureModel(context.request);
    const { docId } = await apiCall<{ docId: string }>(
      context.request,
      'POST',
      '/knowledge/document/create',
      {
        title: 'Harbour notes',
        initialContent: 'The lighthouse is painted teal.',
      },
    );
    fake.reply = CITING;
    const resultId = await answer(context.request, docId);
    await page.goto(`/threads/${resultId}`);
    await page.getByTestId('thread-answer').first().getByTestId('ai-citation').first().waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(RAW);
    await screenshot(page, 'citations-thread-light-en');
  });
});
