/**
 * Issue 10's small ones, with real clicks, in light and dark, English and Chinese:
 * - "Complete your profile" leaves the home page once the profile is complete (no reload);
 * - with the document panel open at 1440×900, the launchpad's send button stays on the bar's line
 *   and no toggle label wraps;
 * - long titles are readable: the canvas header shows the whole title in its tooltip and in the
 *   rename field, the page editor's title field wraps instead of cutting it, the page and template
 *   cards cut it with an ellipsis and name it in full in their tooltip;
 * - in Chinese an image resource's canvas node reads "图片，W×H 像素" under a "文件" badge.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, pageFromCanvas, sendFresh, skipOnboarding } from './support/api';
import { LONG_WAIT, screenshot, waitForFocus } from './support/browser';
import { e2eTest } from './support/fixture';
import { buildPng } from './support/files';
import { CanvasListPage } from './pages/CanvasPage';

const it = e2eTest();

interface Variant {
  name: string;
  locale: string;
  colorScheme: 'light' | 'dark';
}
const VARIANTS: Variant[] = [
  { name: 'en-light', locale: 'en-US', colorScheme: 'light' },
  { name: 'zh-dark', locale: 'zh-CN', colorScheme: 'dark' },
];

type Open = (o?: {
  locale?: string;
  colorScheme?: 'light' | 'dark';
}) => Promise<{ context: BrowserContext; page: Page }>;

async function signedIn(open: Open, server: Parameters<typeof createAccount>[0], tag: string, v?: Variant) {
  const opened = await open(v ? { locale: v.locale, colorScheme: v.colorScheme } : {});
  await createAccount(server, opened.context.request, uniqueEmail(tag));
  await skipOnboarding(opened.context.request);
  return opened;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return box;
}

const LONG_TITLE =
  'Field notes from the coastal kelp farms: harvest yields, water temperature, buyer contacts and every open question for the spring season';

describe('small ones', () => {
  it('"Complete your profile" leaves the home page once the profile is complete', async ({
    server,
    open,
  }) => {
    const { page } = await signedIn(open, server, 'small-profile');
    await page.goto('/');
    const action = page.getByTestId('quick-profile');
    await action.waitFor();
    await action.click();
    const settings = page.getByTestId('settings-modal');
    await settings.getByTestId('account-tab').waitFor();
    await settings.getByTestId('account-nickname').fill('Marina Kelp');
    await settings.getByTestId('account-username').fill(`marina_${Date.now().toString(36)}`);
    await settings.getByText('This username is available').waitFor();
    await settings.getByTestId('account-save').click();
    await page.getByText('Saved').first().waitFor();
    // name and nickname alone are not enough: the avatar is still missing
    expect(await action.isVisible()).toBe(true);
    await settings
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: buildPng(32, 32) });
    await page.getByText('Avatar updated').waitFor();
    await settings.locator('.ant-modal-close').click();
    await settings.waitFor({ state: 'hidden' });
    // gone at once, and still gone after a reload
    await action.waitFor({ state: 'detached' });
    await screenshot(page, 'small-profile-complete-en-light');
    await page.reload();
    await page.getByTestId('quick-tour').waitFor();
    expect(await action.count()).toBe(0);
  });

  for (const v of VARIANTS)
    it(`with the document panel open at 1440×900 the send button stays on the bar's line (${v.name})`, async ({
      server,
      open,
    }) => {
      const { page } = await signedIn(open, server, `small-launchpad-${v.name}`, v);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/canvas');
      const list = new CanvasListPage(page);
      await list.root.waitFor();
      const canvas = await list.createCanvas();
      await canvas.addDocument('Notes for the launchpad');
      await page.getByTestId('canvas-preview').waitFor();
      const bar = page.getByTestId('ai-launchpad').locator('.ai-launchpad__bar');
      const send = page.getByTestId('ai-send');
      const skill = page.getByTestId('ai-skill-select');
      await send.waitFor();
      const [barBox, sendBox, skillBox, padBox] = [
        await boxOf(bar),
        await boxOf(send),
        await boxOf(skill),
        await boxOf(page.getByTestId('ai-launchpad')),
      ];
      const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
      // one line: the send button sits beside the skill picker, and the bar is one button high
      expect(Math.abs(middle(sendBox) - middle(skillBox))).toBeLessThan(4);
      expect(barBox.height).toBeLessThan(sendBox.height * 1.5);
      // no label breaks onto a second line
      for (const toggle of await bar.locator('.ai-toggle').all())
        expect((await boxOf(toggle)).height).toBeLessThanOrEqual(sendBox.height);
      // inside the launchpad, at its right end
      expect(sendBox.x + sendBox.width).toBeLessThanOrEqual(padBox.x + padBox.width);
      await screenshot(page, `small-launchpad-panel-${v.name}`);
    });

  for (const v of VARIANTS)
    it(`long titles are readable in the canvas header, the page editor and the cards (${v.name})`, async ({
      server,
      open,
    }) => {
      const { page, context } = await signedIn(open, server, `small-titles-${v.name}`, v);
      const canvasId = await importCanvas(context.request, LONG_TITLE, [
        { id: 'm1', type: 'memo', position: { x: 0, y: 0 }, data: { title: '', contentPreview: 'Kelp' } },
      ]);

      // canvas header: one line, cut with an ellipsis; the whole title in the tooltip and the
      // rename field
      await page.goto(`/canvas/${canvasId}`);
      const title = page.getByTestId('canvas-title');
      await expect.poll(() => title.textContent(), { timeout: LONG_WAIT }).toBe(LONG_TITLE);
      expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(true);
      await title.hover();
      const tooltip = page.getByTestId('canvas-title-tooltip');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toContain(LONG_TITLE);
      await screenshot(page, `small-titles-canvas-tooltip-${v.name}`);
      await title.click();
      const input = page.getByTestId('canvas-title-input');
      await waitForFocus(input);
      expect(await input.inputValue()).toBe(LONG_TITLE);
      // the field is wide and tall enough to show all of it
      expect(await input.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await screenshot(page, `small-titles-canvas-editing-${v.name}`);
      await page.keyboard.press('Escape');
      await title.waitFor();

      // page editor: the title field wraps and shows all of it
      const pageId = await pageFromCanvas(context.request, canvasId);
      await apiCall(context.request, 'PUT', `/pages/${pageId}`, { title: LONG_TITLE });
      await page.goto(`/pages/${pageId}`);
      const pageTitle = page.getByTestId('page-title');
      await expect.poll(() => pageTitle.inputValue(), { timeout: LONG_WAIT }).toBe(LONG_TITLE);
      expect(await pageTitle.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await screenshot(page, `small-titles-page-editor-${v.name}`);

      // page list card: an ellipsis, and the whole title as its tooltip
      await page.goto('/pages');
      const pageCard = page.getByTestId('page-card-title').first();
      await pageCard.waitFor();
      expect(await pageCard.getAttribute('title')).toBe(LONG_TITLE);
      expect(await pageCard.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await screenshot(page, `small-titles-page-card-${v.name}`);

      // template card, the same
      const categories = await apiCall<{ categoryId: string }[]>(
        context.request,
        'GET',
        '/template/category/list',
      );
      await apiCall(context.request, 'POST', '/template/create', {
        canvasId,
        title: LONG_TITLE,
        description: 'Kelp',
        // the library lists templates in the reader's language
        language: v.locale === 'zh-CN' ? 'zh-CN' : 'en',
        categoryId: categories[0]!.categoryId,
      });
      await page.goto('/templates');
      const templateCard = page.getByTestId('template-card-title').filter({ hasText: 'Field notes' });
      await templateCard.first().waitFor();
      expect(await templateCard.first().getAttribute('title')).toBe(LONG_TITLE);
      expect(await templateCard.first().evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await screenshot(page, `small-titles-template-card-${v.name}`);
    });

  it('in Chinese an image resource’s canvas node reads 图片，W×H 像素', async ({ server, open }) => {
    const { page, context } = await signedIn(open, server, 'small-zh-image', VARIANTS[1]);
    const res = await sendFresh(context.request, () =>
      context.request.post('/v1/knowledge/resource/createWithFile', {
        multipart: {
          title: 'swatch',
          file: { name: 'swatch.png', mimeType: 'image/png', buffer: buildPng(497, 702) },
        },
      }),
    );
    const resourceId = ((await res.json()) as { data: { resourceId: string } }).data.resourceId;
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ contentPreview?: string | null }>(
              context.request,
              'GET',
              `/knowledge/resource/detail?resourceId=${resourceId}`,
            )
          ).contentPreview,
        { timeout: LONG_WAIT },
      )
      .toBe('Image, 497×702 pixels');
    const canvasId = await importCanvas(context.request, 'Swatches', [
      {
        id: 'r1',
        type: 'resource',
        position: { x: 0, y: 0 },
        data: {
          title: 'swatch',
          entityId: resourceId,
          contentPreview: 'Image, 497×702 pixels',
          metadata: { resourceType: 'file', contentType: 'image/png' },
        },
      },
    ]);
    await page.goto(`/canvas/${canvasId}`);
    const node = page.getByTestId('canvas-node-resource');
    await node.getByText('图片，497×702 像素').waitFor();
    expect(await node.textContent()).not.toContain('pixels');
    // and its type badge is Chinese too
    expect(await node.getByTestId('resource-type-badge').textContent()).toBe('文件');
    await screenshot(page, 'small-canvas-image-node-zh-dark');
  });
});
