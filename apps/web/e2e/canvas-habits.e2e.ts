/**
 * Canvas habits a person expects (issue 10, points 4–6), with real clicks and key presses, in
 * light and dark, English and Chinese:
 * - a new memo takes the keyboard, and double-clicking the empty canvas makes a focused memo there;
 * - new nodes never land on each other (near the view's middle, or beside the selected node),
 *   fit-view leaves room for the Ask AI launchpad, Arrange lays out at a readable zoom;
 * - a node's title and preview follow its entity live in a second tab and after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, skipOnboarding } from './support/api';
import {
  clickToFocus,
  launchBrowser,
  LONG_WAIT,
  openPage,
  openWindow,
  screenshot,
  waitForFocus,
} from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { CanvasListPage, CanvasScreen } from './pages/CanvasPage';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Variant {
  name: string;
  locale: string;
  colorScheme: 'light' | 'dark';
}
const LIGHT_EN: Variant = { name: 'en-light', locale: 'en-US', colorScheme: 'light' };
const DARK_ZH: Variant = { name: 'zh-dark', locale: 'zh-CN', colorScheme: 'dark' };
const DARK_EN: Variant = { name: 'en-dark', locale: 'en-US', colorScheme: 'dark' };
const LIGHT_ZH: Variant = { name: 'zh-light', locale: 'zh-CN', colorScheme: 'light' };

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return box;
}

/** The screen boxes of every node on the canvas. */
async function nodeBoxes(page: Page): Promise<Box[]> {
  const nodes = page.locator('.react-flow__node');
  const boxes: Box[] = [];
  for (let i = 0; i < (await nodes.count()); i += 1) boxes.push(await boxOf(nodes.nth(i)));
  return boxes;
}

function expectNoOverlap(boxes: Box[]): void {
  for (const [i, a] of boxes.entries())
    for (const [j, b] of boxes.entries())
      if (j > i) expect(intersects(a, b), `nodes ${i} and ${j} overlap`).toBe(false);
}

/** The zoom React Flow draws at (the viewport's scale). */
async function zoomOf(page: Page): Promise<number> {
  return page
    .locator('.react-flow__viewport')
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

async function signedIn(variant: Variant): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, server.baseUrl, {
    locale: variant.locale,
    colorScheme: variant.colorScheme,
  });
  await createAccount(server, opened.context.request, uniqueEmail(`habits-${variant.name}`));
  await skipOnboarding(opened.context.request);
  return opened;
}

async function newCanvas(page: Page): Promise<CanvasScreen> {
  await page.goto('/canvas');
  const list = new CanvasListPage(page);
  await list.root.waitFor();
  return list.createCanvas();
}

async function openCanvas(page: Page, canvasId: string): Promise<CanvasScreen> {
  await page.goto(`/canvas/${canvasId}`);
  const screen = new CanvasScreen(page);
  await screen.waitUntilSaved();
  await page.locator('.react-flow__node').first().waitFor();
  return screen;
}

describe.each([LIGHT_EN, DARK_ZH])('a new memo takes the keyboard ($name)', (variant) => {
  it('Add memo then typing fills that memo (Space does not add memos); double-click makes a focused memo there', async () => {
    const { context, page } = await signedIn(variant);
    try {
      const canvas = await newCanvas(page);
      await page.getByTestId('canvas-add-memo').click();
      await waitForFocus(canvas.memos.first().locator('textarea'));
      await page.keyboard.type('one sentence with five words');
      const first = canvas.memos.first().locator('textarea');
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLTextAreaElement>('[data-testid="canvas-node-memo"] textarea')?.value ===
          'one sentence with five words',
      );
      expect(await canvas.memos.count()).toBe(1);
      expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);

      // double-click on the empty canvas: a memo right there, taking the keyboard
      const pane = await boxOf(page.locator('.react-flow__pane'));
      const at = { x: pane.x + pane.width * 0.25, y: pane.y + pane.height * 0.3 };
      await page.mouse.dblclick(at.x, at.y);
      await waitForFocus(canvas.memos.nth(1).locator('textarea'));
      await page.keyboard.type('right here');
      const second = canvas.memos.nth(1);
      await page.waitForFunction(
        () =>
          document.querySelectorAll<HTMLTextAreaElement>('[data-testid="canvas-node-memo"] textarea')[1]
            ?.value === 'right here',
      );
      const box = await boxOf(second);
      expect(box.x <= at.x && at.x <= box.x + box.width && box.y <= at.y && at.y <= box.y + box.height).toBe(
        true,
      );
      expect(await canvas.memos.count()).toBe(2);
      expect(await first.inputValue()).toBe('one sentence with five words');
      await canvas.waitUntilSaved();
      await screenshot(page, `canvas-habits-memo-focus-${variant.name}`);
    } finally {
      await context.close();
    }
  });
});

describe.each([DARK_EN, LIGHT_ZH])('nodes never land on each other ($name)', (variant) => {
  it('new memos take free spots near the middle, beside the selected node, and above the launchpad', async () => {
    const { context, page } = await signedIn(variant);
    try {
      const canvas = await newCanvas(page);
      for (let i = 0; i < 5; i += 1) {
        await page.getByTestId('canvas-add-memo').click();
        await waitForFocus(canvas.memos.nth(i).locator('textarea'));
        await page.keyboard.type(`memo ${i + 1}`);
      }
      const pane = await boxOf(page.locator('.react-flow__pane'));
      const launchpad = await boxOf(page.getByTestId('ai-launchpad'));
      const boxes = await nodeBoxes(page);
      expect(boxes).toHaveLength(5);
      expectNoOverlap(boxes);
      for (const box of boxes) {
        expect(intersects(box, launchpad)).toBe(false);
        expect(box.x >= pane.x && box.x + box.width <= pane.x + pane.width).toBe(true);
      }

      // with a node selected, the next one goes right beside it
      await canvas.select('memo', 0);
      const selected = await boxOf(canvas.flowNode('memo', 0));
      await page.getByTestId('canvas-add-memo').click();
      await waitForFocus(canvas.memos.nth(5).locator('textarea'));
      await page.keyboard.type('beside');
      const beside = await boxOf(canvas.flowNode('memo', 5));
      expect(beside.x).toBeGreaterThanOrEqual(selected.x + selected.width);
      expect(beside.x - (selected.x + selected.width)).toBeLessThan(selected.width);
      expect(Math.abs(beside.y - selected.y)).toBeLessThan(selected.height * 2);
      expectNoOverlap(await nodeBoxes(page));
      await canvas.waitUntilSaved();
      await screenshot(page, `canvas-habits-placement-${variant.name}`);
    } finally {
      await context.close();
    }
  });

  it('fit-view keeps nodes clear of the launchpad, and Arrange lays twelve notes out at a readable zoom', async () => {
    const { context, page } = await signedIn(variant);
    try {
      // twelve notes in a grid: fitted, the bottom row must not sit under the launchpad
      const nodes = Array.from({ length: 12 }, (_, i) => ({
        id: `m${i}`,
        type: 'memo',
        position: { x: (i % 4) * 300, y: Math.floor(i / 4) * 200 },
        data: { title: '', contentPreview: `note ${i + 1}` },
      }));
      const canvas = await openCanvas(page, await importCanvas(context.request, 'Habits', nodes));
      const launchpad = await boxOf(page.getByTestId('ai-launchpad'));
      for (const box of await nodeBoxes(page)) expect(intersects(box, launchpad)).toBe(false);
      await screenshot(page, `canvas-habits-fit-${variant.name}`);

      const before = await boxOf(canvas.flowNode('memo', 11));
      const panel = await canvas.openViewSettings();
      await panel.getByTestId('canvas-layout-now').click();
      await page.keyboard.press('Escape');
      // Arrange moved the notes (a positive signal), then the fitted view settles
      await page.waitForFunction((x) => {
        const nodes = document.querySelectorAll('.react-flow__node');
        const last = nodes[nodes.length - 1]?.getBoundingClientRect();
        return last !== undefined && Math.abs(last.x - x) > 1;
      }, before.x);
      // …and the view is fitted again: every note above the launchpad
      await page.waitForFunction(
        (top) =>
          [...document.querySelectorAll('.react-flow__node')].every(
            (n) => n.getBoundingClientRect().bottom <= top,
          ),
        launchpad.y,
        { timeout: LONG_WAIT },
      );
      await canvas.waitUntilSaved();
      const zoom = await zoomOf(page);
      expect(zoom).toBeGreaterThanOrEqual(0.6);
      const after = await nodeBoxes(page);
      expectNoOverlap(after);
      const pane = await boxOf(page.locator('.react-flow__pane'));
      const lowest = Math.max(...after.map((b) => b.y + b.height));
      const highest = Math.min(...after.map((b) => b.y));
      // laid out in rows, not one tall column: everything fits in the view above the launchpad
      expect(highest).toBeGreaterThanOrEqual(pane.y);
      expect(lowest).toBeLessThanOrEqual(launchpad.y);
      await screenshot(page, `canvas-habits-arrange-${variant.name}`);
    } finally {
      await context.close();
    }
  });
});

// the same flow in any theme and language: one variant (docs/testing.md, variants)
describe.each([DARK_ZH])('node cards follow their entity ($name)', (variant) => {
  it('a renamed document and an edited HTML artifact update their nodes and chip in a second tab and after a reload', async () => {
    const { context, page } = await signedIn(variant);
    try {
      const canvas = await newCanvas(page);
      await canvas.addDocument('Some words');
      const title = page.getByTestId('doc-title');
      await clickToFocus(title);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Field notes');
      await page.keyboard.press('Enter');
      // the node in this tab follows the rename
      await page
        .getByTestId('canvas-node-document')
        .locator('.canvas-node__title', { hasText: 'Field notes' })
        .waitFor();

      const second = await openWindow(page, `/canvas/${canvas.canvasId()}`);
      const twin = new CanvasScreen(second);
      await twin.waitUntilSaved();
      await second
        .getByTestId('canvas-node-document')
        .locator('.canvas-node__title', { hasText: 'Field notes' })
        .waitFor();

      // the context chip of the selected node reads the new title too
      await twin.select('document');
      await second.getByTestId('ai-context-item').filter({ hasText: 'Field notes' }).waitFor();

      // an HTML artifact edited: its rendered preview follows in both tabs, live
      await canvas.addCodeArtifact('html');
      await second.getByTestId('canvas-node-codeArtifact').waitFor();
      // its code edited (the panel saves through codeArtifact.update, as this call does)
      const data = await apiCall<{ nodes: { type: string; data: { entityId?: string } }[] }>(
        context.request,
        'GET',
        `/canvas/data?canvasId=${canvas.canvasId()}`,
      );
      const artifactId = data.nodes.find((n) => n.type === 'codeArtifact')?.data.entityId;
      await apiCall(context.request, 'POST', '/codeArtifact/update', {
        artifactId,
        content: '<h1>Fresh code</h1>',
      });
      // the card draws the page itself (in its sandbox frame), never the code
      await second
        .getByTestId('canvas-node-codeArtifact')
        .frameLocator('iframe')
        .getByText('Fresh code')
        .waitFor({ timeout: LONG_WAIT });
      await screenshot(second, `canvas-habits-live-cards-${variant.name}`);

      // and after a reload
      await second.reload();
      await twin.waitUntilSaved();
      await second
        .getByTestId('canvas-node-document')
        .locator('.canvas-node__title', { hasText: 'Field notes' })
        .waitFor();
      // the card draws the page itself (in its sandbox frame), never the code
      await second
        .getByTestId('canvas-node-codeArtifact')
        .frameLocator('iframe')
        .getByText('Fresh code')
        .waitFor({ timeout: LONG_WAIT });
    } finally {
      await context.close();
    }
  });
});
