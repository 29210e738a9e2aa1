/**
 * Covers (issue 11): the owner sets a page's cover in the page editor (upload), sees it in the
 * page list, publishes, and an anonymous browser sees it above the slideshow, loaded from the
 * share (not the owner's private file); removing it clears the editor. A template's cover is set
 * and removed from the library's Edit dialog; the card loads the share's copy, which a signed-out
 * client can load too. Screenshots in light/dark × en/zh-CN.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, pageFromCanvas, skipOnboarding } from './support/api';
import { chooseMenuItem, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

const it = e2eTest();

const memo = (id: string, x: number, title: string, text: string) => ({
  id,
  type: 'memo',
  position: { x, y: 0 },
  data: { title, contentPreview: text },
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A 320×180 PNG: a left-to-right gradient between two colours, so a screenshot shows the cover. */
function gradientPng(from: [number, number, number], to: [number, number, number]): Buffer {
  const w = 320;
  const h = 180;
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const t = x / (w - 1);
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.round(from[i]! + (to[i]! - from[i]!) * t);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const VARIANTS = [
  { name: 'light-en', locale: 'en-US', colorScheme: 'light' as const },
  { name: 'dark-zh-CN', locale: 'zh-CN', colorScheme: 'dark' as const },
];

async function imageLoaded(page: Page, testId: string): Promise<string> {
  const img = page.getByTestId(testId);
  await img.waitFor({ timeout: LONG_WAIT });
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector<HTMLImageElement>(`[data-testid="${id}"]`);
      return Boolean(el?.complete && el.naturalWidth > 0);
    },
    testId,
    { timeout: LONG_WAIT },
  );
  return (await img.getAttribute('src')) ?? '';
}

describe('covers', () => {
  for (const variant of VARIANTS) {
    it(`a page cover: set in the editor, listed, shown to anonymous viewers, removed (${variant.name})`, async ({
      server,
      open,
    }) => {
      const { context, page } = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(server, context.request, uniqueEmail(`cover-page-${variant.name}`.toLowerCase()));
      await skipOnboarding(context.request);
      const canvasId = await importCanvas(context.request, 'Field notes', [
        memo('a', 0, 'Intro', 'Why we went'),
        memo('b', 320, 'Findings', 'What we saw'),
      ]);
      const pageId = await pageFromCanvas(context.request, canvasId);

      await page.goto(`/pages/${pageId}`);
      await page.getByTestId('page-editor').waitFor();
      expect(await page.getByTestId('page-cover-image').count()).toBe(0);
      await page
        .getByTestId('page-cover-field')
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'cover.png',
          mimeType: 'image/png',
          buffer: gradientPng([20, 120, 200], [240, 160, 40]),
        });
      const ownSrc = await imageLoaded(page, 'page-cover-image');
      expect(ownSrc).toContain('/v1/misc/static/');
      await screenshot(page, `covers-page-editor-${variant.name}`);

      await page.goto('/pages');
      await page.locator('[data-testid="page-card"] .page-card__cover img').waitFor({ timeout: LONG_WAIT });
      await screenshot(page, `covers-page-list-${variant.name}`);

      const share = await apiCall<{ url: string; shareId: string }>(
        context.request,
        'POST',
        `/pages/${pageId}/share`,
      );
      const viewer = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await viewer.page.goto(share.url);
      const sharedSrc = await imageLoaded(viewer.page, 'share-page-cover');
      expect(new URL(sharedSrc, share.url).pathname).toBe(`/share/${share.shareId}/files/cover`);
      await screenshot(viewer.page, `covers-page-shared-${variant.name}`);
      // the owner's own upload stays private
      const own = await viewer.context.request.get(new URL(ownSrc, share.url).toString());
      expect(own.headers()['content-type'] ?? '').not.toMatch(/^image\//);

      // removed in the editor
      await page.goto(`/pages/${pageId}`);
      await page.getByTestId('page-cover-image').waitFor();
      await page.getByTestId('page-cover-remove').click();
      await page.getByTestId('page-cover-image').waitFor({ state: 'detached', timeout: LONG_WAIT });
      const after = await apiCall<{ coverUrl: string | null }>(context.request, 'GET', `/pages/${pageId}`);
      expect(after.coverUrl).toBeNull();
    });
  }

  for (const variant of VARIANTS) {
    it(`a template cover: set and removed in the Edit dialog, loaded from the share (${variant.name})`, async ({
      server,
      open,
    }) => {
      const { context, page } = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(server, context.request, uniqueEmail(`cover-tpl-${variant.name}`.toLowerCase()));
      await skipOnboarding(context.request);
      const canvasId = await importCanvas(context.request, 'Weekly review', [
        memo('a', 0, 'Wins', 'What went well'),
      ]);
      const categories = await apiCall<{ categoryId: string }[]>(
        context.request,
        'GET',
        '/template/category/list',
      );
      const template = await apiCall<{ templateId: string; shareId: string }>(
        context.request,
        'POST',
        '/template/create',
        {
          canvasId,
          title: 'Weekly review',
          description: 'Wins, misses and next steps.',
          // the library lists templates in the reader's language first
          language: variant.locale === 'zh-CN' ? 'zh-CN' : 'en',
          categoryId: categories[0]!.categoryId,
        },
      );

      await page.goto('/templates?tab=mine');
      const card = page.locator(`[data-template-id="${template.templateId}"]`);
      await card.waitFor({ timeout: LONG_WAIT });
      await chooseMenuItem(card.getByTestId('template-menu'), page.getByTestId('template-edit'));
      await page.getByTestId('template-form').waitFor();
      expect(await page.getByTestId('template-cover-image').count()).toBe(0);
      await page
        .getByTestId('template-form')
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'cover.png',
          mimeType: 'image/png',
          buffer: gradientPng([120, 40, 160], [30, 200, 140]),
        });
      await imageLoaded(page, 'template-cover-image');
      await screenshot(page, `covers-template-dialog-${variant.name}`);
      await page.getByTestId('template-form-save').click();
      await page.getByTestId('template-form').waitFor({ state: 'detached', timeout: LONG_WAIT });

      const cardImage = card.locator('.template-card__cover img');
      await page.waitForFunction(
        (id) =>
          document
            .querySelector(`[data-template-id="${id}"] .template-card__cover img`)
            ?.getAttribute('src')
            ?.endsWith('/files/templateCover') ?? false,
        template.templateId,
        { timeout: LONG_WAIT },
      );
      const src = (await cardImage.getAttribute('src'))!;
      expect(new URL(src, page.url()).pathname).toBe(`/share/${template.shareId}/files/templateCover`);
      await screenshot(page, `covers-template-library-${variant.name}`);
      // a signed-out client loads it
      const anonymous = await open();
      const res = await anonymous.context.request.get(new URL(src, page.url()).toString());
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');

      // removed: the dialog shows none, the card no longer uses it, the share's copy is gone
      await chooseMenuItem(card.getByTestId('template-menu'), page.getByTestId('template-edit'));
      await imageLoaded(page, 'template-cover-image');
      await page.getByTestId('template-cover-remove').click();
      await page.getByTestId('template-form-save').click();
      await page.getByTestId('template-form').waitFor({ state: 'detached', timeout: LONG_WAIT });
      await page.waitForFunction(
        (id) =>
          !(
            document
              .querySelector(`[data-template-id="${id}"] .template-card__cover img`)
              ?.getAttribute('src')
              ?.endsWith('/files/templateCover') ?? false
          ),
        template.templateId,
        { timeout: LONG_WAIT },
      );
      expect((await anonymous.context.request.get(new URL(src, page.url()).toString())).status()).toBe(404);
    });
  }
});
