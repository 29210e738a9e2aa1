/**
 * Editing habits on the canvas (issue 10, points 7 to 9), in light + en and dark + zh-CN (the
 * undo in dark + zh-CN only):
 * - mermaid renders inside the artifact's own frame; an invalid diagram shows a readable error
 *   there and mermaid's error picture never lands in the page (which never scrolls);
 * - with the collaboration socket cut for real (the route closes it and holds the reconnects
 *   open without a server), the canvas and the document say "Disconnected", never "Saving…" or
 *   "Saved"; edits made meanwhile reach the server once the socket is back, and both say "Saved";
 * - Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y undo and redo one step of this tab's own edits (real key
 *   presses), not while typing in a field, and never a second tab's edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, launchBrowser, LONG_WAIT, openPage, openWindow, screenshot } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { CanvasListPage, CanvasScreen } from './pages/CanvasPage';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // six accounts and pages refreshing their 3 s tokens: more auth calls than the default per-IP limit
  server = await startTestServer({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VARIANTS = [
  { name: 'light-en', locale: 'en-US', colorScheme: 'light', disconnected: 'Disconnected' },
  { name: 'dark-zh-CN', locale: 'zh-CN', colorScheme: 'dark', disconnected: '已断开连接' },
] as const;
type Variant = (typeof VARIANTS)[number];

async function signedIn(variant: Variant, tag: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, server.baseUrl, {
    locale: variant.locale,
    colorScheme: variant.colorScheme,
  });
  // the server stores addresses in lower case, and the outbox is searched by the exact address
  await createAccount(server, opened.context.request, uniqueEmail(tag.toLowerCase()));
  await skipOnboarding(opened.context.request);
  return opened;
}

async function newCanvas(page: Page): Promise<CanvasScreen> {
  await page.goto('/canvas');
  const list = new CanvasListPage(page);
  await list.root.waitFor();
  return list.createCanvas();
}

/** Whether the page scrolls (it must not: everything lives inside its panes). */
function pageScrolls(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return window.scrollY !== 0 || root.scrollHeight > window.innerHeight + 1;
  });
}

/** Descriptions of every mermaid error mark (its picture, its temp nodes) outside the artifact frames. */
function mermaidErrorsOutsideFrames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      // a frame and a card's own drawing (data-testid card-diagram) are the diagram's places
      .filter((el) => !el.closest('.artifact-preview, [data-testid="card-diagram"]'))
      .filter(
        (el) =>
          el.getAttribute('aria-roledescription') === 'error' ||
          el.classList.contains('error-icon') ||
          /^d?i?atelier-mermaid-/.test(el.id) ||
          (el.children.length === 0 && /Syntax error in text/.test(el.textContent ?? '')),
      )
      .map((el) => `${el.tagName}#${el.id}.${el.getAttribute('class') ?? ''}`),
  );
}

async function memoValues(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="canvas-node-memo"] textarea', (els) =>
    els.map((el) => (el as HTMLTextAreaElement).value).sort(),
  );
}

/** Resolves after the page has rendered twice: whatever a handled key press changed is on screen. */
function rendered(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Clicks an empty spot of the canvas, so the focus is on the canvas and no text field. */
async function focusPane(page: Page): Promise<void> {
  const pane = page.locator('.react-flow__pane');
  const box = await pane.boundingBox();
  if (!box) throw new Error('no pane');
  // the top-left corner: nodes are placed in the middle, the AI launchpad and minimap are below
  await pane.click({ position: { x: 24, y: 24 } });
}

describe.each(VARIANTS)('canvas editing ($name)', (variant) => {
  it('renders mermaid inside the artifact frame and keeps its errors there', async () => {
    const { context, page } = await signedIn(variant, `mermaid-${variant.name}`);
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      const canvas = await newCanvas(page);

      // the default diagram renders in the preview beside the canvas; nothing escapes the frame
      await canvas.addCodeArtifact('mermaid');
      const preview = page.getByTestId('canvas-preview');
      await preview.locator('[data-testid="artifact-mermaid"] svg').waitFor({ timeout: LONG_WAIT });
      expect(await preview.getByTestId('artifact-error').count()).toBe(0);
      expect(await mermaidErrorsOutsideFrames(page)).toEqual([]);
      expect(await pageScrolls(page)).toBe(false);
      await screenshot(page, `canvas-editing-mermaid-valid-${variant.name}`);

      // an invalid diagram: a readable error inside its own frame, nothing in the page body
      const { artifactId } = await apiCall<{ artifactId: string }>(
        context.request,
        'POST',
        '/codeArtifact/new',
        { type: 'mermaid', title: 'Broken flow', content: 'graph TD\n  A[Start] --> --> B(\n' },
      );
      await page.goto(`/artifacts/${artifactId}`);
      const error = page.getByTestId('artifact-error');
      await error.waitFor({ timeout: LONG_WAIT });
      expect(await error.evaluate((el) => Boolean(el.closest('.artifact-preview')))).toBe(true);
      expect(await error.locator('pre').textContent()).toMatch(/Parse error|Expecting|error/i);
      expect(await mermaidErrorsOutsideFrames(page)).toEqual([]);
      expect(await pageScrolls(page)).toBe(false);
      await screenshot(page, `canvas-editing-mermaid-invalid-${variant.name}`);

      // and nothing left behind on the list page either
      await page.goto('/canvas');
      await new CanvasListPage(page).root.waitFor();
      await page.getByTestId('canvas-card').first().waitFor();
      expect(await mermaidErrorsOutsideFrames(page)).toEqual([]);
      expect(await pageScrolls(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('says Disconnected while the socket is cut and saves the offline edits on reconnect', async () => {
    const { context, page } = await signedIn(variant, `offline-${variant.name}`);
    // every collaboration socket goes through this route: passed to the server, or (cut) closed
    // and its reconnects held open with no server behind them
    let cut = false;
    const live: WebSocketRoute[] = [];
    const held: WebSocketRoute[] = [];
    const answered = new Set<WebSocketRoute>();
    let onHeldMessage: (() => void) | null = null;
    await page.routeWebSocket(/\/collab/, (route) => {
      if (cut) {
        held.push(route);
        route.onMessage(() => {
          answered.add(route);
          onHeldMessage?.();
        });
        return;
      }
      route.connectToServer();
      live.push(route);
    });
    try {
      const canvas = await newCanvas(page);
      await canvas.addMemo('Before the cut');
      await canvas.addDocument('Written online.');
      await canvas.waitUntilSaved();
      const docStatus = page.getByTestId('document-panel').getByTestId('collab-status');

      // every status each indicator takes from now on
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
        new MutationObserver((mutations) => {
          for (const m of mutations) {
            const el = m.target as HTMLElement;
            const where = el.closest('[data-testid="document-panel"]') ? 'document' : 'canvas';
            seen.push(`${where}:${el.getAttribute('data-status') ?? ''}`);
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
      });

      // cut: both sockets (canvas and document) closed, page and server side; their reconnects
      // open (each provider sends its token) but no server answers them
      const twoReconnects = new Promise<void>((resolve) => {
        onHeldMessage = () => {
          if (answered.size >= 2) resolve();
        };
      });
      cut = true;
      for (const route of live.splice(0)) await route.close();
      await twoReconnects;
      await canvas.status.and(page.locator('[data-status="disconnected"]')).waitFor();
      await docStatus.and(page.locator('[data-status="disconnected"]')).waitFor();

      // edits made while disconnected: a memo on the canvas, words in the document
      await canvas.addMemo('Written offline');
      await clickToFocus(page.getByTestId('doc-editor'));
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Typed offline.');
      await rendered(page);
      expect(await canvas.status.textContent()).toBe(variant.disconnected);
      expect(await docStatus.textContent()).toBe(variant.disconnected);
      await screenshot(page, `canvas-editing-disconnected-${variant.name}`);
      const seen = await page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);
      expect([...new Set(seen)].sort()).toEqual(['canvas:disconnected', 'document:disconnected']);

      // restore: the held sockets close, the provider reconnects through to the server
      cut = false;
      for (const route of held.splice(0)) await route.close();
      await canvas.waitUntilSaved();
      await page.locator('[data-testid="document-panel"] [data-status="saved"]').waitFor();
      await screenshot(page, `canvas-editing-reconnected-${variant.name}`);

      // the server has the offline edits: a fresh tab (not routed) sees them
      const fresh = await openWindow(page, `/canvas/${canvas.canvasId()}`);
      const again = new CanvasScreen(fresh);
      await again.waitUntilSaved();
      await fresh.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLTextAreaElement>('[data-testid="canvas-node-memo"] textarea')]
            .map((el) => el.value)
            .includes('Written offline'),
        undefined,
        { timeout: LONG_WAIT },
      );
      await again.flowNode('document').click({ position: { x: 3, y: 3 } });
      await fresh.waitForFunction(
        () => document.querySelector('[data-testid="doc-editor"]')?.textContent?.includes('Typed offline.'),
        undefined,
        { timeout: LONG_WAIT },
      );
    } finally {
      await context.close();
    }
  });
});

// the undo is the same in any theme and language: one variant (docs/testing.md, variants)
describe(`canvas editing (${VARIANTS[1].name})`, () => {
  const variant: Variant = VARIANTS[1];
  it('undoes and redoes one step of its own edits by keyboard, never another tab’s', async () => {
    const { context, page } = await signedIn(variant, `undo-${variant.name}`);
    try {
      const canvas = await newCanvas(page);
      const addMemo = page.getByTestId('canvas-add-memo');

      // two quick actions are two steps
      await addMemo.click();
      await expect.poll(() => canvas.memos.count()).toBe(1);
      await addMemo.click();
      await expect.poll(() => canvas.memos.count()).toBe(2);
      await focusPane(page);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(() => canvas.memos.count()).toBe(1);
      await page.keyboard.press('ControlOrMeta+Shift+z');
      await expect.poll(() => canvas.memos.count()).toBe(2);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(() => canvas.memos.count()).toBe(1);
      await page.keyboard.press('Control+y');
      await expect.poll(() => canvas.memos.count()).toBe(2);

      // a drag is one step, however many moves it makes
      const node = canvas.flowNode('memo', 0);
      const transform = () => node.evaluate((el) => (el as HTMLElement).style.transform);
      const before = await transform();
      const box = await node.boundingBox();
      if (!box) throw new Error('no node');
      await page.mouse.move(box.x + 4, box.y + 4);
      await page.mouse.down();
      await page.mouse.move(box.x + 80, box.y + 60, { steps: 8 });
      await page.mouse.move(box.x + 160, box.y + 120, { steps: 8 });
      await page.mouse.up();
      await expect.poll(transform).not.toBe(before);
      await focusPane(page);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(transform).toBe(before);
      expect(await canvas.memos.count()).toBe(2);

      // a second tab's memo is never undone from this one
      const second = await openWindow(page, `/canvas/${canvas.canvasId()}`);
      const other = new CanvasScreen(second);
      await other.waitUntilSaved();
      await other.memos.nth(1).waitFor();
      await second.getByTestId('canvas-add-memo').click();
      await expect.poll(() => other.memos.count()).toBe(3);
      await other.memos.nth(2).locator('textarea').fill('From tab two');
      await expect.poll(() => memoValues(page)).toContain('From tab two');

      await focusPane(page);
      await page.keyboard.press('ControlOrMeta+z'); // this tab's last step: the second memo
      await expect.poll(() => canvas.memos.count()).toBe(2);
      await page.keyboard.press('ControlOrMeta+z'); // then the first one
      await expect.poll(() => canvas.memos.count()).toBe(1);
      expect(await memoValues(page)).toEqual(['From tab two']);
      await page.keyboard.press('ControlOrMeta+z'); // nothing of this tab's left: tab two's memo stays
      await rendered(page);
      expect(await memoValues(page)).toEqual(['From tab two']);
      await expect.poll(() => memoValues(second)).toEqual(['From tab two']);
      await page.keyboard.press('ControlOrMeta+Shift+z');
      await expect.poll(() => canvas.memos.count()).toBe(2);
      await expect.poll(() => other.memos.count()).toBe(2);
      await screenshot(second, `canvas-editing-undo-second-tab-${variant.name}`);

      // typing in a memo: Ctrl+Z belongs to the field, the canvas keeps its nodes
      const field = canvas.memos.first().locator('textarea');
      await clickToFocus(field);
      await page.keyboard.type('Mine');
      await page.keyboard.press('ControlOrMeta+z');
      await rendered(page);
      expect(await canvas.memos.count()).toBe(2);
      await screenshot(page, `canvas-editing-undo-${variant.name}`);
    } finally {
      await context.close();
    }
  });
});
