/**
 * The document editor against the real server: markdown shortcuts, the slash menu, two pages
 * editing together (text and carets), read-only, and a DOCX export.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { chooseMenuItem, clickToFocus, LONG_WAIT, openPage, openWindow, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

const it = e2eTest();

async function openDocument(page: Page, docId: string): Promise<void> {
  await page.goto(`/documents/${docId}`);
  await page.getByTestId('doc-editor').waitFor();
}

const editor = (page: Page) => page.getByTestId('doc-editor');
const waitSaved = (page: Page) =>
  page.locator('[data-testid="collab-status"][data-status="saved"]').waitFor();

describe('document editor', () => {
  let context: BrowserContext;
  let page: Page;
  let docId: string;

  // the page stays open for the next tests (closed with the file's browser)
  it('formats with markdown shortcuts and inserts a table from the slash menu', async ({
    server,
    browser,
  }) => {
    ({ context, page } = await openPage(browser, server.baseUrl));
    await createAccount(server, context.request, uniqueEmail('doc'));
    await skipOnboarding(context.request);
    ({ docId } = await apiCall<{ docId: string }>(context.request, 'POST', '/knowledge/document/create', {
      title: 'Meeting notes',
    }));
    await page.goto('/');
    await openDocument(page, docId);
    await waitSaved(page);
    expect(await page.getByTestId('doc-title').inputValue()).toBe('Meeting notes');

    await clickToFocus(editor(page));
    await page.keyboard.type('# Plan for the week');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- first point');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second point');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Some **bold** words and `code` too. ');
    await editor(page).locator('h1', { hasText: 'Plan for the week' }).waitFor();
    expect(await editor(page).locator('ul > li').count()).toBe(2);
    expect(await editor(page).locator('strong').textContent()).toBe('bold');
    expect(await editor(page).locator('code').textContent()).toBe('code');

    await page.keyboard.press('Enter');
    await page.keyboard.type('/tab');
    await page.getByTestId('slash-menu').waitFor();
    await page.getByTestId('slash-item-table').waitFor();
    await screenshot(page, 'document-slash-menu-light');
    await page.keyboard.press('Enter');
    await editor(page).locator('table').waitFor();
    expect(await editor(page).locator('table th').count()).toBe(3);
    expect(await editor(page).locator('table tr').count()).toBe(3);
    await page.keyboard.type('Owner');
    await waitSaved(page);

    // the server's Markdown snapshot has it all
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
        { timeout: LONG_WAIT, interval: 500 },
      )
      .toContain('| Owner');
    const { content } = await apiCall<{ content: string }>(
      context.request,
      'GET',
      `/knowledge/document/detail?docId=${docId}`,
    );
    expect(content).toContain('# Plan for the week');
    expect(content).toContain('- first point');
    expect(content).toContain('**bold**');
    await screenshot(page, 'document-editor-light');
  });

  it('shows a second page the text and the caret of the first, live', async () => {
    const second = await openWindow(page);
    await openDocument(second, docId);
    await editor(second).locator('h1', { hasText: 'Plan for the week' }).waitFor();

    // typing in the first page arrives in the second
    await clickToFocus(editor(page).locator('h1'));
    await page.keyboard.press('End');
    await page.keyboard.type(' (draft)');
    await editor(second).locator('h1', { hasText: 'Plan for the week (draft)' }).waitFor();
    // and the second page sees where the first one's caret is, with its name
    const caret = second.getByTestId('collab-caret');
    await caret.first().waitFor();
    expect((await caret.first().textContent())?.length).toBeGreaterThan(0);

    // and back: the second page types, the first sees text and caret
    await clickToFocus(editor(second).locator('ul > li').last());
    await second.keyboard.press('End');
    await second.keyboard.type(' from page two');
    await editor(page).locator('li', { hasText: 'second point from page two' }).waitFor();
    await page.getByTestId('collab-caret').first().waitFor();
    await screenshot(second, 'document-two-pages-light');
    await second.close();
  });

  it('exports DOCX and switches to read-only', async () => {
    const docx = page.waitForEvent('download', { timeout: LONG_WAIT });
    await chooseMenuItem(page.getByTestId('doc-export'), page.getByText('Word (.docx)'));
    const download = await docx;
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(download.suggestedFilename()).toMatch(/\.docx$/);

    // a second page has the document open while the first switches it to read-only
    const second = await openWindow(page);
    await openDocument(second, docId);
    await waitSaved(second);
    expect(await editor(second).getAttribute('contenteditable')).toBe('true');

    await page.getByTestId('doc-readonly-toggle').click();
    await page.locator('[data-testid="document-panel"][data-readonly="true"]').waitFor();
    expect(await editor(page).getAttribute('contenteditable')).toBe('false');
    const detail = await apiCall<{ readOnly: boolean }>(
      context.request,
      'GET',
      `/knowledge/document/detail?docId=${docId}`,
    );
    expect(detail.readOnly).toBe(true);
    // the second page hears it from the server and stops offering edits, without a reload
    await second.locator('[data-testid="document-panel"][data-readonly="true"]').waitFor();
    expect(await editor(second).getAttribute('contenteditable')).toBe('false');

    await page.getByTestId('doc-readonly-toggle').click();
    await page.locator('[data-testid="document-panel"][data-readonly="false"]').waitFor();
    await second.locator('[data-testid="document-panel"][data-readonly="false"]').waitFor();
    expect(await editor(second).getAttribute('contenteditable')).toBe('true');
    await context.close();
  });

  it('labels a document from its editor', async ({ server, open }) => {
    const labelled = await open();
    try {
      const { request } = labelled.context;
      await createAccount(server, request, uniqueEmail('doc-labels'));
      await skipOnboarding(request);
      await apiCall(request, 'POST', '/label/class/new', {
        name: 'stage',
        displayName: 'Stage',
        prompt: 'How far along the text is',
        labels: ['Outline', 'Draft'],
      });
      const { docId: id } = await apiCall<{ docId: string }>(request, 'POST', '/knowledge/document/create', {
        title: 'Labelled notes',
      });
      await labelled.page.goto('/');
      await openDocument(labelled.page, id);
      const panel = labelled.page.getByTestId('document-panel');
      await panel.getByTestId('item-labels-add').click();
      await labelled.page.getByRole('menuitem', { name: 'Stage' }).hover();
      await labelled.page.getByTestId('label-option-Draft').click();
      await panel.getByTestId('item-label').filter({ hasText: 'Stage: Draft' }).waitFor();
      const labels = await apiCall<{ value: string }[]>(
        request,
        'GET',
        `/label/instance/list?entityType=document&entityId=${id}`,
      );
      expect(labels.map((l) => l.value)).toEqual(['Draft']);
      await screenshot(labelled.page, 'document-labels-light');
    } finally {
      await labelled.context.close();
    }
  });

  it('looks right in dark mode', async ({ server, open }) => {
    const dark = await open({ colorScheme: 'dark' });
    try {
      await createAccount(server, dark.context.request, uniqueEmail('doc-dark'));
      await skipOnboarding(dark.context.request);
      const { docId: id } = await apiCall<{ docId: string }>(
        dark.context.request,
        'POST',
        '/knowledge/document/create',
        {
          title: 'Dark notes',
          initialContent:
            '# Heading\n\nSome *text* with `code`.\n\n- [x] done\n- [ ] open\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n> quoted\n',
        },
      );
      await dark.page.goto('/');
      await openDocument(dark.page, id);
      await editor(dark.page).locator('table').waitFor();
      await screenshot(dark.page, 'document-editor-dark');
    } finally {
      await dark.context.close();
    }
  });
});
