/**
 * Shares that work from any address (issue 32 §4), with no PUBLIC_URL, the app reached at
 * `localhost` by the owner and at `127.0.0.1` by the viewers:
 * - the owner's "Copy link" copies the address in her address bar; the shared canvas's image
 *   draws (naturalWidth > 0) for an anonymous viewer and for another signed-in user, published
 *   and live; revoking in the owner's window turns the open live viewer into the revoked
 *   message without a reload; a shared document's image draws at the other address (light, en);
 * - publishing a page (reached at 127.0.0.1): the dialog's link and copied link start with that
 *   address and no "changed since published" shows after the dialog has asked again (dark,
 *   zh-CN).
 */
import { describe, expect } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, pageFromCanvas, sendFresh, skipOnboarding } from './support/api';
import { LONG_WAIT, openPage, screenshot, type ContextOptions } from './support/browser';
import { e2eTest } from './support/fixture';
import { buildPng } from './support/files';

// no PUBLIC_URL: links and files follow the address each browser uses
const it = e2eTest({ PUBLIC_URL: '' });
const SHOTS = '/tmp/shots/share-addresses';

async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, `share-addresses-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/${basename(file)}`);
}

async function uploadImage(request: APIRequestContext): Promise<string> {
  const res = await sendFresh(request, () =>
    request.post('/v1/misc/upload', {
      multipart: {
        file: { name: 'photo.png', mimeType: 'image/png', buffer: buildPng(64, 48, [200, 80, 40]) },
      },
    }),
  );
  const body = (await res.json()) as { success: boolean; data: { storageKey: string } };
  if (!body.success) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.storageKey;
}

/** Waits until the shared canvas's image node shows a loaded picture; answers its src. */
async function imageDrawn(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>(
        '[data-testid="share-canvas-node"][data-type="image"] img',
      );
      return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
    },
    undefined,
    { timeout: LONG_WAIT },
  );
  return String(await handle.jsonValue());
}

describe('shares from any address', () => {
  it('copy link gives the address in use; images load for anonymous and other users; revoking ends an open live viewer', async ({
    server,
    browser,
  }) => {
    const localhost = server.baseUrl.replace('127.0.0.1', 'localhost');
    const contexts: BrowserContext[] = [];
    const openAt = async (base: string, options?: ContextOptions) => {
      const opened = await openPage(browser, base, options);
      contexts.push(opened.context);
      return opened;
    };
    try {
      const owner = await openAt(localhost);
      await createAccount(server, owner.context.request, uniqueEmail('addr-owner'));
      await skipOnboarding(owner.context.request);
      const key = await uploadImage(owner.context.request);
      const canvasId = await importCanvas(owner.context.request, 'Harbour photos', [
        {
          id: 'photo',
          type: 'image',
          position: { x: 0, y: 0 },
          data: { title: 'Harbour', metadata: { url: `/v1/misc/static/${key}` } },
        },
        { id: 'note', type: 'memo', position: { x: 360, y: 0 }, data: { title: '', contentPreview: 'Dawn' } },
      ]);
      await owner.page.goto(`/canvas/${canvasId}`);
      await owner.page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
      await owner.page.getByTestId('share-button-canvas').click();
      await owner.page.getByTestId('share-create').click();
      const link = owner.page.getByTestId('share-link');
      await link.waitFor();
      const shown = await link.inputValue();
      const origin = await owner.page.evaluate(() => location.origin);
      expect(origin).toBe(localhost);
      expect(shown.startsWith(`${origin}/share/sh-`)).toBe(true);
      await owner.page.getByTestId('share-copy').click();
      await owner.page.getByText('Link copied').first().waitFor();
      const copied = await owner.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(shown);
      const path = new URL(shown).pathname;

      // published: an anonymous viewer and another signed-in user, both at 127.0.0.1
      const anon = await openAt(server.baseUrl);
      const other = await openAt(server.baseUrl);
      await createAccount(server, other.context.request, uniqueEmail('addr-other'));
      await skipOnboarding(other.context.request);
      for (const viewer of [anon, other]) {
        await viewer.page.goto(path);
        expect(await imageDrawn(viewer.page)).toMatch(/^\/share\/sh-[A-Za-z0-9]+\/files\/img-0$/);
      }
      await shot(anon.page, 'viewer-image-light-en');

      // live: the image comes from the owner's canvas through the share
      await owner.page.getByTestId('share-live').click();
      await owner.page.locator('[data-testid="share-live"][aria-checked="true"]').waitFor();
      for (const viewer of [anon, other]) {
        await viewer.page.reload();
        await viewer.page.getByTestId('share-live-badge').waitFor();
        expect(await imageDrawn(viewer.page)).toMatch(/^\/share\/sh-[A-Za-z0-9]+\/live\//);
      }

      // revoked in the owner's window: the open viewer says so, without a reload
      let navigations = 0;
      anon.page.on('framenavigated', (frame) => {
        if (frame === anon.page.mainFrame()) navigations += 1;
      });
      await owner.page.getByTestId('share-stop').click();
      await owner.page.getByTestId('share-stop-confirm').click();
      await owner.page.getByTestId('share-create').waitFor();
      await anon.page.getByTestId('share-not-found').waitFor();
      await anon.page.getByText('This share link may have expired or does not exist').first().waitFor();
      expect(navigations).toBe(0);
      await shot(anon.page, 'viewer-revoked-light-en');

      // a shared document's image, for the anonymous viewer at the other address
      const doc = await apiCall<{ docId: string }>(
        owner.context.request,
        'POST',
        '/knowledge/document/create',
        {
          title: 'Harbour notes',
          initialContent: `The boats at dawn.\n\n![Harbour](/v1/misc/static/${key})\n`,
        },
      );
      const docShare = await apiCall<{ url: string }>(owner.context.request, 'POST', '/share/new', {
        entityType: 'document',
        entityId: doc.docId,
      });
      expect(docShare.url.startsWith(`${localhost}/share/`)).toBe(true);
      await anon.page.goto(new URL(docShare.url).pathname);
      await anon.page.getByText('The boats at dawn.').waitFor();
      await anon.page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('[data-testid="share-document-body"] img');
          return Boolean(img && img.complete && img.naturalWidth > 0);
        },
        undefined,
        { timeout: LONG_WAIT },
      );
    } finally {
      for (const context of contexts) await context.close();
    }
  });

  it('publishing a page: its link starts with the address in use and it is not "changed since published"', async ({
    server,
    open,
  }) => {
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('addr-page'));
    await skipOnboarding(context.request);
    const canvasId = await importCanvas(context.request, '港口计划', [
      { id: 'm', type: 'memo', position: { x: 0, y: 0 }, data: { title: '', contentPreview: '第一步' } },
    ]);
    const pageId = await pageFromCanvas(context.request, canvasId);
    await page.goto(`/pages/${pageId}`);
    await page.getByTestId('page-publish').click();
    const link = page.getByTestId('share-link');
    await link.waitFor();
    const origin = await page.evaluate(() => location.origin);
    expect(origin).toBe(server.baseUrl);
    expect((await link.inputValue()).startsWith(`${origin}/share/sh-`)).toBe(true);
    await page.getByTestId('share-copy').click();
    const shown = await link.inputValue();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: LONG_WAIT })
      .toBe(shown);
    // the dialog asks again every few seconds: after its next answer, still no notice
    await page.waitForResponse((res) => res.url().includes('/v1/share/list'), { timeout: LONG_WAIT });
    await page.waitForResponse((res) => res.url().includes('/v1/share/list'), { timeout: LONG_WAIT });
    expect(await page.getByTestId('share-stale').count()).toBe(0);
    await shot(page, 'page-published-dark-zh-CN');
  });
});
