/**
 * Sharing (issue 11), whole flows against the built server:
 * - the owner shares a canvas (a memo and a document) from the canvas header; an anonymous
 *   browser opens the link, sees the nodes and opens the document in the side panel; the owner
 *   adds a node, sees "Update link" and updates; the viewer reloads and sees it; the owner stops
 *   switches the link to live and the viewer sees the next node without reloading; the owner stops
 *   sharing and the viewer gets the spec's message; a malformed id says 'Invalid share link';
 * - a signed-in second user duplicates an allowed share and lands on the copy; the "Shared by me"
 *   list shows the share; screenshots of the dialog, viewer and list in light/dark × en/zh-CN;
 * - the viewer is its own lean page (none of the app's entry, router or strings load), and its
 *   "Sign in" goes through the app's sign-in dialog and back to the share, now with "Duplicate";
 * - memo cards draw their Markdown (heading, emphasis, list, link) as the panel does, light and dark.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { createAccount, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, skipOnboarding } from './support/api';
import { clickToFocus, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { AuthModal } from './pages/AuthModal';

const it = e2eTest();
const SHOTS = '/tmp/shots/share-web';

async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, `share-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/${basename(file)}`);
}

const memo = (id: string, x: number, text: string) => ({
  id,
  type: 'memo',
  position: { x, y: 0 },
  data: { title: '', contentPreview: text },
});

const viewerNodes = (page: Page) => page.locator('[data-testid="share-canvas-node"]');
async function waitForNodes(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="share-canvas-node"]').length === n,
    count,
    { timeout: LONG_WAIT },
  );
}

describe('shares', () => {
  it('shares a canvas, an anonymous viewer follows updates, and revoking ends the link', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('share-owner'));
    await skipOnboarding(context.request);
    const canvasId = await importCanvas(context.request, 'Field trip', [memo('m1', 0, 'Alpha memo')]);
    await page.goto(`/canvas/${canvasId}`);
    await page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();

    // a document with text on the canvas
    await page.getByTestId('canvas-add-document').click();
    const editor = page.getByTestId('doc-editor');
    await editor.waitFor();
    await clickToFocus(editor);
    await page.keyboard.type('Shared notes for everyone');
    await page
      .locator('[data-testid="document-panel"] [data-testid="collab-status"][data-status="saved"]')
      .waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 2);

    // share from the canvas header
    await page.getByTestId('share-button-canvas').click();
    await page.getByTestId('share-create').click();
    const link = page.getByTestId('share-link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/share\/sh-[A-Za-z0-9]{24}$/);
    await shot(page, 'dialog-light-en');
    await page.keyboard.press('Escape');

    // an anonymous browser opens the link
    const viewer = await open();
    await viewer.page.goto(url);
    await waitForNodes(viewer.page, 2);
    expect(await viewer.page.getByTestId('share-title').textContent()).toBe('Field trip');
    expect(await viewer.page.getByTestId('share-duplicate').count()).toBe(0);
    await shot(viewer.page, 'viewer-canvas-light-en');
    await viewerNodes(viewer.page).filter({ hasText: 'Alpha memo' }).waitFor();
    await viewer.page
      .locator('.react-flow__node')
      .filter({ has: viewer.page.locator('[data-type="document"]') })
      .click();
    const panel = viewer.page.getByTestId('share-node-panel');
    await panel.getByText('Shared notes for everyone').waitFor();
    await shot(viewer.page, 'viewer-document-light-en');

    // the owner adds a node: the dialog offers "Update link"
    await page.getByTestId('canvas-add-memo').click();
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 3);
    await page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
    await page.getByTestId('share-button-canvas').click();
    await page.getByTestId('share-stale').waitFor();
    await page.getByTestId('share-update').click();
    await page.getByTestId('share-stale').waitFor({ state: 'detached' });

    await viewer.page.reload();
    await waitForNodes(viewer.page, 3);

    // live: the viewer follows the next edit without reloading
    await page.getByTestId('share-live').click();
    await page.locator('[data-testid="share-live"][aria-checked="true"]').waitFor();
    await page.keyboard.press('Escape');
    await viewer.page.reload();
    await viewer.page.getByTestId('share-live-badge').waitFor();
    await page.getByTestId('canvas-add-memo').click();
    await waitForNodes(viewer.page, 4);
    await page.getByTestId('share-button-canvas').click();

    // stop sharing: the link is gone for the viewer
    await page.getByTestId('share-stop').click();
    await page.getByTestId('share-stop-confirm').click();
    await page.getByTestId('share-create').waitFor();
    await viewer.page.reload();
    await viewer.page.getByTestId('share-not-found').waitFor();
    await viewer.page.getByText('This share link may have expired or does not exist').first().waitFor();

    await viewer.page.goto('/share/bad%20id!');
    await viewer.page.getByText('Invalid share link').waitFor();
  });

  it('the viewer loads as its own lean page; "Sign in" goes through the app and back to the share', async ({
    server,
    open,
  }) => {
    const owner = await open();
    await createAccount(server, owner.context.request, uniqueEmail('share-lean-owner'));
    await skipOnboarding(owner.context.request);
    const canvasId = await importCanvas(owner.context.request, 'Lean plan', [memo('a', 0, 'Lean memo')]);
    const share = await apiCall<{ url: string }>(owner.context.request, 'POST', '/share/new', {
      entityType: 'canvas',
      entityId: canvasId,
      allowDuplication: true,
    });
    // an account the visitor has, made from another context: the visitor starts signed out
    const scratch = await open();
    const { email } = await createAccount(server, scratch.context.request, uniqueEmail('share-lean-visitor'));

    const visitor = await open();
    const scripts: string[] = [];
    visitor.page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await visitor.page.goto(share.url);
    await waitForNodes(visitor.page, 1);
    expect(scripts.some((p) => /\/assets\/share-[\w-]+\.js$/.test(p))).toBe(true);
    // none of the app's entry, router, session gate or full strings
    expect(scripts.filter((p) => /\/assets\/(main|AppRouter|i18n|SessionGate)-/.test(p))).toEqual([]);

    await visitor.page.getByTestId('share-sign-in').click();
    const login = new AuthModal(visitor.page);
    await login.root.waitFor({ timeout: LONG_WAIT });
    await login.submitWith(email, TEST_PASSWORD);
    await visitor.page.getByTestId('share-duplicate').waitFor({ timeout: LONG_WAIT });
    expect(new URL(visitor.page.url()).pathname).toBe(new URL(share.url).pathname);
    await waitForNodes(visitor.page, 1);
  });

  it('lets a signed-in user duplicate an allowed share; "Shared by me" lists it', async ({
    server,
    open,
  }) => {
    for (const variant of [
      {
        name: 'light-en',
        locale: 'en-US',
        colorScheme: 'light' as const,
        duplicate: 'Duplicate to my workspace',
      },
      { name: 'dark-zh-CN', locale: 'zh-CN', colorScheme: 'dark' as const, duplicate: '复制到我的工作区' },
    ]) {
      const owner = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(
        server,
        owner.context.request,
        uniqueEmail(`share-dup-${variant.name}`.toLowerCase()),
      );
      await skipOnboarding(owner.context.request);
      const canvasId = await importCanvas(owner.context.request, `Plan ${variant.name}`, [
        memo('a', 0, 'First step'),
        memo('b', 320, 'Second step'),
      ]);
      const share = await apiCall<{ url: string }>(owner.context.request, 'POST', '/share/new', {
        entityType: 'canvas',
        entityId: canvasId,
        allowDuplication: true,
      });

      await owner.page.goto('/library/shared');
      await owner.page.locator('[data-testid="shared-row"]').first().waitFor();
      expect(await owner.page.locator('[data-testid="shared-row"]').count()).toBe(1);
      await shot(owner.page, `shared-by-me-${variant.name}`);
      if (variant.name !== 'light-en') {
        await owner.page.goto(`/canvas/${canvasId}`);
        await owner.page.getByTestId('share-button-canvas').click();
        await owner.page.getByTestId('share-link').waitFor();
        await shot(owner.page, `dialog-${variant.name}`);
      }

      const second = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(
        server,
        second.context.request,
        uniqueEmail(`share-second-${variant.name}`.toLowerCase()),
      );
      await skipOnboarding(second.context.request);
      await second.page.goto(share.url);
      await waitForNodes(second.page, 2);
      if (variant.name !== 'light-en') {
        await shot(second.page, `viewer-canvas-${variant.name}`);
        await second.page.locator('.react-flow__node').first().click();
        await second.page.getByTestId('share-node-panel').waitFor();
        await shot(second.page, `viewer-panel-${variant.name}`);
      }
      const duplicate = second.page.getByTestId('share-duplicate');
      expect(await duplicate.textContent()).toContain(variant.duplicate);
      await duplicate.click();
      await second.page
        .waitForFunction(() => /^\/canvas\/[^/]+$/.test(location.pathname), undefined, { timeout: LONG_WAIT })
        .catch(async (error: unknown) => {
          await shot(second.page, `duplicate-failed-${variant.name}`);
          throw error;
        });
      expect(second.page.url()).not.toContain(canvasId);
      await second.page.locator('.react-flow__node').first().waitFor();
    }
  });

  it("draws a memo card's Markdown instead of its raw text", async ({ server, open }) => {
    const owner = await open();
    await createAccount(server, owner.context.request, uniqueEmail('share-memo-md'));
    await skipOnboarding(owner.context.request);
    const text =
      '# Trip plan\n\n- **Pack** the tent\n- Buy [maps](https://example.com/maps)\n\n> Leave at _dawn_';
    const canvasId = await importCanvas(owner.context.request, 'Memo Markdown', [memo('a', 0, text)]);
    const share = await apiCall<{ url: string }>(owner.context.request, 'POST', '/share/new', {
      entityType: 'canvas',
      entityId: canvasId,
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      const viewer = await open({ colorScheme });
      await viewer.page.goto(share.url);
      const card = viewerNodes(viewer.page).first();
      const body = card.getByTestId('share-memo-text');
      await body.waitFor({ timeout: LONG_WAIT });
      expect(await body.locator('h1').textContent()).toBe('Trip plan');
      expect(await body.locator('li').count()).toBe(2);
      expect(await body.locator('strong').textContent()).toBe('Pack');
      expect(await body.locator('em').textContent()).toBe('dawn');
      expect(await body.locator('a').getAttribute('href')).toBe('https://example.com/maps');
      const shown = (await card.textContent()) ?? '';
      expect(shown).not.toMatch(/[#*>_[\]]/);
      await shot(viewer.page, `viewer-memo-markdown-${colorScheme}`);
    }
  });
});
