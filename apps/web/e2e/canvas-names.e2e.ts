/**
 * Names and faces (issue 10, point 14 and small ones), with real clicks and key presses:
 * - the canvas title is renamed in the page header (Enter saves, Escape cancels, an empty title
 *   is refused) and the new name shows in the tab, the list and the recent canvases;
 * - duplicating a canvas twice gives two distinct titles on the cards;
 * - after an edit the list card shows the canvas's thumbnail (an <img>), a new canvas a placeholder;
 * - in Chinese the preview of an image resource reads "图片，W×H 像素";
 * - the project picker keeps what was ticked on Documents while Resources is ticked too.
 * Screenshots in light and dark, English and Chinese.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, sendFresh, skipOnboarding } from './support/api';
import { clickUntil, LONG_WAIT, screenshot, waitForFocus } from './support/browser';
import { e2eTest } from './support/fixture';
import { buildPng } from './support/files';
import { CanvasListPage } from './pages/CanvasPage';

const it = e2eTest();

async function signedIn(
  open: (o?: {
    locale?: string;
    colorScheme?: 'light' | 'dark';
  }) => Promise<{ context: BrowserContext; page: Page }>,
  server: Parameters<typeof createAccount>[0],
  tag: string,
  options: { locale?: string; colorScheme?: 'light' | 'dark' } = {},
) {
  const opened = await open(options);
  await createAccount(server, opened.context.request, uniqueEmail(tag));
  await skipOnboarding(opened.context.request);
  return opened;
}

const cardTitles = (page: Page) =>
  page.getByTestId('canvas-card').locator('.canvas-card__title').allTextContents();

describe('canvas names', () => {
  it('renames a canvas in its header: Escape cancels, empty is refused, Enter saves; the list and recent canvases show it', async ({
    server,
    open,
  }) => {
    const { page } = await signedIn(open, server, 'names-rename');
    await page.goto('/canvas');
    const list = new CanvasListPage(page);
    await list.root.waitFor();
    const canvas = await list.createCanvas();
    const title = page.getByTestId('canvas-title');
    await expect.poll(() => title.textContent()).toBe('Untitled canvas');

    // Escape puts the old title back and saves nothing
    await title.click();
    const input = page.getByTestId('canvas-title-input');
    await waitForFocus(input);
    await page.keyboard.type('Not this one');
    await page.keyboard.press('Escape');
    await title.waitFor();
    expect(await title.textContent()).toBe('Untitled canvas');

    // an empty title is refused with a message, the field stays open
    await title.click();
    await waitForFocus(input);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.getByTestId('canvas-title-form').getByText('The title cannot be empty').waitFor();
    expect(await input.isVisible()).toBe(true);

    const long = 'Quarterly research plan for the coastal kelp farms, with every open question';
    await page.keyboard.type(long);
    // the message goes once the title is valid again
    await page
      .getByTestId('canvas-title-form')
      .getByText('The title cannot be empty')
      .waitFor({ state: 'detached' });
    await screenshot(page, 'names-header-editing-en-light');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe(long);
    await expect.poll(() => page.title()).toBe(`${long} · Atelier`);
    // the whole title is on screen (wrapped, not cut to a few words)
    const box = await title.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(20);
    await screenshot(page, 'names-header-renamed-en-light');

    // the saved title survives a reload
    await page.reload();
    await canvas.waitUntilSaved();
    await expect.poll(() => page.getByTestId('canvas-title').textContent()).toBe(long);

    // the list and the sidebar's recent canvases show it after navigating there
    await page.getByRole('button', { name: 'All canvases' }).click();
    await list.root.waitFor();
    await expect.poll(() => cardTitles(page)).toContain(long);
    await page.getByTestId('sidebar-recent-canvases').getByText(long).waitFor();
  });

  it('duplicating twice gives two distinct titles on the cards', async ({ server, open }) => {
    const { page, context } = await signedIn(open, server, 'names-dup');
    await apiCall(context.request, 'POST', '/canvas/create', { title: 'Field trip' });
    await page.goto('/canvas');
    const list = new CanvasListPage(page);
    await list.root.waitFor();
    for (let i = 0; i < 2; i++) {
      const card = page
        .getByTestId('canvas-card')
        .filter({ hasText: /^Field trip/ })
        .filter({
          has: page.locator('.canvas-card__title', { hasText: /^Field trip$/ }),
        });
      await card.getByTestId('canvas-card-more').click();
      await page.getByTestId('canvas-menu-duplicate').last().click();
      const confirm = page.getByTestId('canvas-duplicate-confirm');
      // the button shows loading while the copy is made, so a second click cannot copy twice
      await clickUntil(confirm, confirm, 'detached');
      await expect.poll(() => page.getByTestId('canvas-card').count()).toBe(2 + i);
    }
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual(['Field trip', 'Field trip (copy)', 'Field trip (copy 2)'].sort());
  });

  it('after an edit the card shows the canvas thumbnail; a canvas never drawn shows the placeholder (light, dark, en, zh-CN)', async ({
    server,
    open,
  }) => {
    for (const variant of [
      { name: 'en-light', locale: 'en-US', colorScheme: 'light' as const },
      { name: 'zh-dark', locale: 'zh-CN', colorScheme: 'dark' as const },
    ]) {
      const { page, context } = await signedIn(open, server, `names-thumb-${variant.name}`, variant);
      await apiCall(context.request, 'POST', '/canvas/create', {
        title: variant.locale === 'zh-CN' ? '空白画布' : 'Still blank',
      });
      await page.goto('/canvas');
      const list = new CanvasListPage(page);
      await list.root.waitFor();
      const canvas = await list.createCanvas();
      await canvas.addMemo(variant.locale === 'zh-CN' ? '海带养殖的要点' : 'Kelp farming notes');
      await canvas.addMemo(variant.locale === 'zh-CN' ? '第二张便签' : 'A second memo');
      // the thumbnail is drawn a few seconds after the last edit, then stored on the canvas
      await expect
        .poll(
          async () =>
            (
              await apiCall<{ minimapUrl: string | null }>(
                context.request,
                'GET',
                `/canvas/detail?canvasId=${canvas.canvasId()}`,
              )
            ).minimapUrl,
          { timeout: LONG_WAIT, interval: 500 },
        )
        .toBeTruthy();
      await page.getByTestId('canvas-toolbar').getByRole('button').first().click();
      await list.root.waitFor();
      const thumb = page.getByTestId('canvas-card-thumbnail');
      await page.getByTestId('canvas-card').first().waitFor();
      await thumb.waitFor();
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.getByTestId('canvas-card-placeholder').count()).toBe(1);
      await screenshot(page, `names-list-thumbnails-${variant.name}`);
      // the header's rename field in this theme and language
      await page.getByTestId('canvas-card').first().locator('.canvas-card__open').click();
      await page.getByTestId('canvas-title').click();
      await page.getByTestId('canvas-title-input').waitFor();
      await screenshot(page, `names-header-editing-${variant.name}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('canvas-title').waitFor();
    }
  });

  it('a canvas left right after an edit still gets its thumbnail', async ({ server, open }) => {
    const { page, context } = await signedIn(open, server, 'names-leave');
    await page.goto('/canvas');
    const list = new CanvasListPage(page);
    await list.root.waitFor();
    const canvas = await list.createCanvas();
    const id = canvas.canvasId();
    const minimapUrl = async () =>
      (await apiCall<{ minimapUrl: string | null }>(context.request, 'GET', `/canvas/detail?canvasId=${id}`))
        .minimapUrl;
    const picture = async () => {
      const url = await minimapUrl();
      return url
        ? (await (await context.request.get(new URL(url, server.baseUrl).pathname)).body()).toString('base64')
        : '';
    };
    // an empty canvas gets a plain face once it has loaded; then edit and leave at once
    await expect.poll(minimapUrl, { timeout: LONG_WAIT }).toBeTruthy();
    const before = await picture();
    expect(before).not.toBe('');
    await canvas.addMemo('Written just before leaving');
    // leave at once, well within the quiet time after the edit: only leaving can draw it
    await page.getByTestId('canvas-toolbar').getByRole('button').first().click();
    await list.root.waitFor();
    await expect.poll(picture, { timeout: LONG_WAIT }).not.toBe(before);
  });

  it('in Chinese, an image resource’s preview reads 图片，W×H 像素', async ({ server, open }) => {
    const { page, context } = await signedIn(open, server, 'names-zh-image', { locale: 'zh-CN' });
    const res = await sendFresh(context.request, () =>
      context.request.post('/v1/knowledge/resource/createWithFile', {
        multipart: {
          title: 'swatch',
          file: { name: 'swatch.png', mimeType: 'image/png', buffer: buildPng(497, 702) },
        },
      }),
    );
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await apiCall<Array<{ contentPreview?: string | null }>>(
              context.request,
              'GET',
              '/knowledge/resource/list',
            )
          )[0]?.contentPreview,
        { timeout: LONG_WAIT },
      )
      .toBe('Image, 497×702 pixels');
    await page.goto('/library/resources');
    await page.getByTestId('library-page').waitFor();
    const row = page.getByTestId('library-row').filter({ hasText: 'swatch' });
    await row.getByText('图片，497×702 像素').waitFor();
    expect(await row.textContent()).not.toContain('pixels');
    await screenshot(page, 'names-library-image-zh-light');
  });

  it('the project file picker keeps the ticked document while a resource is ticked on the other tab', async ({
    server,
    open,
  }) => {
    const { page, context } = await signedIn(open, server, 'names-picker');
    const project = await apiCall<{ projectId: string }>(context.request, 'POST', '/project/new', {
      name: 'Kelp',
    });
    await apiCall(context.request, 'POST', '/knowledge/document/create', { title: 'Harvest log' });
    await apiCall(context.request, 'POST', '/knowledge/resource/create', {
      title: 'Buyer list',
      resourceType: 'text',
      content: 'Names of the buyers',
    });
    await page.goto(`/projects/${project.projectId}`);
    await page.getByTestId('project-detail').waitFor();
    await page.getByTestId('project-add-files').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('project-pick-add') });
    await modal.getByTestId('project-pick-option').filter({ hasText: 'Harvest log' }).click();
    await modal.getByRole('tab', { name: 'Resources' }).click();
    await modal.getByTestId('project-pick-option').filter({ hasText: 'Buyer list' }).click();
    await modal.getByRole('tab', { name: 'Documents' }).click();
    // the document is still ticked after visiting the other tab
    await modal.locator('.ant-checkbox-wrapper-checked').filter({ hasText: 'Harvest log' }).waitFor();
    await modal.getByTestId('project-pick-add').click();
    await page.getByTestId('project-item-document').filter({ hasText: 'Harvest log' }).waitFor();
    await page.getByTestId('project-item-resource').filter({ hasText: 'Buyer list' }).waitFor();
  });
});
