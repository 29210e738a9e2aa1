/**
 * The template library (issue 11, points 10–13) against a server with the built-in templates:
 * - the library lists the built-ins in the UI language (en, and zh-CN in a zh-CN browser),
 *   filters by category, language and search; "Use template" opens a new canvas with the
 *   template's nodes;
 * - "Publish as template" from a canvas: the dialog requires its fields, the template appears
 *   under Mine; publishing the same canvas again offers to update it; edit; delete;
 * - screenshots of the library and the dialog in light/dark × en/zh-CN.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, skipOnboarding } from './support/api';
import { LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { waitForBuiltins } from './support/templates';

const it = e2eTest({ BUILTIN_TEMPLATES: 'true' });

interface Category {
  categoryId: string;
  name: string;
}
interface TemplateRow {
  templateId: string;
  title: string;
  shareId: string;
}

const cards = (page: Page) => page.getByTestId('template-card');
const cardTitles = (page: Page) => page.getByTestId('template-card-title').allTextContents();

async function waitForTitles(page: Page, check: (titles: string[]) => boolean): Promise<string[]> {
  await expect.poll(async () => check(await cardTitles(page)), { timeout: LONG_WAIT }).toBe(true);
  return cardTitles(page);
}

async function pickOption(page: Page, select: string, label: string): Promise<void> {
  await page.getByTestId(select).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .click();
}

const memo = (id: string, x: number, text: string) => ({
  id,
  type: 'memo',
  position: { x, y: 0 },
  data: { title: '', contentPreview: text },
});

describe('template library', () => {
  it('lists, filters and searches the built-ins; "Use template" opens a new canvas', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('tpl-user'));
    await skipOnboarding(context.request);
    await waitForBuiltins(context.request);
    const categories = await apiCall<Category[]>(context.request, 'GET', '/template/category/list');

    await page.goto('/templates');
    const titles = await waitForTitles(page, (t) => t.length >= 8);
    expect(titles).toContain('Meeting notes to actions');
    expect(titles.some((t) => /[\u4e00-\u9fff]/.test(t))).toBe(false);
    await screenshot(page, 'templates-library-light-en');

    // every language: the zh-CN ones too
    await pickOption(page, 'templates-language', 'All languages');
    await waitForTitles(page, (t) => t.length >= 16);

    // a category
    await pickOption(page, 'templates-language', 'English');
    const travel = categories.find((c) => c.name === 'personal')!;
    await page.getByTestId(`templates-category-${travel.categoryId}`).click();
    await waitForTitles(page, (t) => t.length > 0 && t.length < 8 && t.includes('Trip plan'));
    for (const label of await page.getByTestId('template-card-category').allTextContents())
      expect(label).toBe('Personal');

    // search (debounced) across all categories
    await page.getByTestId(`templates-category-all`).click();
    await page.getByTestId('templates-search').fill('meeting');
    await waitForTitles(page, (t) => t.length === 1 && t[0] === 'Meeting notes to actions');

    // use it: a new canvas with the template's three documents and memo
    await cards(page).getByTestId('template-use').click();
    await page.waitForFunction(() => /^\/canvas\/[^/]+$/.test(location.pathname), undefined, {
      timeout: LONG_WAIT,
    });
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 4, undefined, {
      timeout: LONG_WAIT,
    });
  });

  it('lists the built-ins in Chinese for a zh-CN user', async ({ server, open }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('tpl-zh'));
    await skipOnboarding(context.request);
    await waitForBuiltins(context.request);
    await page.goto('/templates');
    const titles = await waitForTitles(page, (t) => t.length >= 8);
    expect(titles).toContain('文献综述');
    expect(await page.getByTestId('templates-tab-mine').textContent()).toBe('我的');
    await screenshot(page, 'templates-library-dark-zh-CN');
    await page.getByTestId('templates-search').fill('文献');
    await waitForTitles(page, (t) => t.length === 1 && t[0] === '文献综述');
  });

  it('publishes a canvas as a template, finds it under Mine, republishes, edits and deletes it', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('tpl-publisher'));
    await skipOnboarding(context.request);
    const canvasId = await importCanvas(context.request, 'Team retro', [
      memo('a', 0, 'What went well'),
      memo('b', 320, 'What to change'),
    ]);
    await page.goto('/templates?tab=mine');
    await page.getByTestId('templates-empty').waitFor();
    await screenshot(page, 'templates-mine-empty-light-en');

    await page.goto(`/canvas/${canvasId}`);
    await page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
    await page.getByTestId('template-publish-button').click();
    await page.getByTestId('template-form').waitFor();
    expect(await page.getByTestId('template-form-title').inputValue()).toBe('Team retro');
    // description and category are required
    await page.getByTestId('template-form-save').click();
    await page.locator('.form-field__message').filter({ hasText: 'Please select a category' }).waitFor();
    await page
      .locator('.form-field__message')
      .filter({ hasText: 'Describe what the template is for' })
      .waitFor();
    await screenshot(page, 'templates-dialog-light-en');
    await page.getByTestId('template-form-description').fill('A retrospective in two columns.');
    await pickOption(page, 'template-form-category', 'Work');
    await page.getByTestId('template-form-save').click();
    await page.getByTestId('template-open-library').click();
    await page.waitForURL(/\/templates\?tab=mine$/);
    await waitForTitles(page, (t) => t.length === 1 && t[0] === 'Team retro');

    // the same canvas again: the dialog updates its template instead of adding one
    await page.goto(`/canvas/${canvasId}`);
    await page.getByTestId('template-publish-button').click();
    await page.getByTestId('template-form-update-hint').waitFor();
    expect(await page.getByTestId('template-form-description').inputValue()).toBe(
      'A retrospective in two columns.',
    );
    // publishing the snapshot again can take a while on a loaded machine
    const republished = page.waitForResponse((r) => r.url().includes('/v1/template/update') && r.ok(), {
      timeout: LONG_WAIT,
    });
    await page.getByTestId('template-form-save').click();
    await republished;
    const mine = await apiCall<Array<TemplateRow & { version: number }>>(
      context.request,
      'GET',
      '/template/list?scope=mine',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.version).toBe(2);

    // edit under Mine
    await page.goto('/templates?tab=mine');
    await waitForTitles(page, (t) => t.length === 1);
    await page.getByTestId('template-menu').click();
    await page.getByTestId('template-edit').click();
    const title = page.getByTestId('template-form-title');
    await title.waitFor();
    await title.fill('Team retrospective');
    await page.getByTestId('template-form-save').click();
    await waitForTitles(page, (t) => t.length === 1 && t[0] === 'Team retrospective');

    // its link revoked from "Shared by me": no Preview or Use (both would fail), Publish again
    const [template] = await apiCall<TemplateRow[]>(context.request, 'GET', '/template/list?scope=mine');
    await apiCall(context.request, 'POST', '/share/delete', { shareId: template!.shareId });
    await page.reload();
    await page.getByTestId('template-link-revoked').waitFor();
    expect(await page.getByTestId('template-use').count()).toBe(0);
    expect(await page.getByTestId('template-preview').count()).toBe(0);
    await screenshot(page, 'templates-mine-revoked-light-en');
    await page.getByTestId('template-publish-again').click();
    await page.getByTestId('template-use').waitFor();
    expect(await page.getByTestId('template-link-revoked').count()).toBe(0);
    const [again] = await apiCall<TemplateRow[]>(context.request, 'GET', '/template/list?scope=mine');
    expect(again!.shareId).not.toBe(template!.shareId);
    expect((await context.request.get(`/share/${again!.shareId}`)).status()).toBe(200);

    // delete with confirmation
    await page.getByTestId('template-menu').click();
    await page.getByTestId('template-delete').click();
    await page.getByTestId('template-delete-confirm').click();
    await page.getByTestId('templates-empty').waitFor();
    expect(await apiCall<TemplateRow[]>(context.request, 'GET', '/template/list?scope=mine')).toHaveLength(0);
  });

  it('screenshots the library and the dialog in light/dark × en/zh-CN', async ({ server, open }) => {
    for (const variant of [
      { name: 'dark-en', locale: 'en-US', colorScheme: 'dark' as const },
      { name: 'light-zh-CN', locale: 'zh-CN', colorScheme: 'light' as const },
      { name: 'dark-zh-CN', locale: 'zh-CN', colorScheme: 'dark' as const },
    ]) {
      const { context, page } = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(server, context.request, uniqueEmail(`tpl-shot-${variant.name}`.toLowerCase()));
      await skipOnboarding(context.request);
      await waitForBuiltins(context.request);
      await page.goto('/templates');
      await waitForTitles(page, (t) => t.length >= 8);
      await screenshot(page, `templates-library-${variant.name}`);
      const canvasId = await importCanvas(context.request, 'Draft', [memo('a', 0, 'Note')]);
      await page.goto(`/canvas/${canvasId}`);
      await page.getByTestId('template-publish-button').click();
      await page.getByTestId('template-form').waitFor();
      await screenshot(page, `templates-dialog-${variant.name}`);
    }
  });
});
