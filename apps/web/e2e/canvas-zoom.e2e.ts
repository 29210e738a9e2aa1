/**
 * The canvas feels right at every zoom (issue 32, point 5), walked like a person:
 * - at zoom 0.1, 0.4 and 2, "Add memo" then typing "hello world" makes exactly one new memo with
 *   that text (the keys never reach the button, whose Space added a memo per word gap), shown at
 *   a zoom it can be read at;
 * - nodes added into a crowded canvas by the toolbar, a paste of text, a paste of nodes, a
 *   duplicate and an AI answer never overlap (DOM rects), and the Fit View button fits them into
 *   what the launchpad, minimap and controls leave free;
 * - two nodes copied and pasted into a document editor read as their titles and text, never as
 *   the canvas's internal JSON;
 * - the canvas header stays one line at 1440 × 900 with a 200-character title and several
 *   people's avatars.
 * Light + English and dark + Chinese alternate across the tests (docs/testing.md, variants).
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, skipOnboarding } from './support/api';
import { clickToFocus, LONG_WAIT, screenshot, waitForFocus } from './support/browser';
import { e2eTest } from './support/fixture';
import type { TestServer } from './support/server';
import { CanvasScreen } from './pages/CanvasPage';

let fake: FakeModelServer;

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

beforeAll(async () => {
  fake = await startFakeModelServer();
});

afterAll(async () => {
  await fake?.close();
});

interface Variant {
  locale: string;
  colorScheme: 'light' | 'dark';
  name: string;
}
const LIGHT_EN: Variant = { locale: 'en-US', colorScheme: 'light', name: 'light-en' };
const DARK_ZH: Variant = { locale: 'zh-CN', colorScheme: 'dark', name: 'dark-zh-CN' };

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return box;
}

/** The screen rects of every node on the canvas, with the node's id. */
async function nodeRects(page: Page): Promise<(Box & { id: string })[]> {
  return page.locator('.react-flow__node').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-id') ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

function expectNoOverlap(boxes: (Box & { id: string })[]): void {
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(intersects(a, b), `nodes ${a.id} and ${b.id} overlap`).toBe(false);
}

/** The zoom React Flow draws at (the viewport's scale). */
async function zoomOf(page: Page): Promise<number> {
  return page
    .locator('.react-flow__viewport')
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/**
 * Zooms with the mouse wheel over the empty canvas until the view is at `target` (within 2 %).
 * React Flow zooms by 2^(-deltaY × 0.002) per wheel event; each step waits for the zoom to move.
 */
async function zoomTo(page: Page, target: number): Promise<void> {
  const pane = await boxOf(page.locator('.react-flow__pane'));
  await page.mouse.move(pane.x + pane.width * 0.15, pane.y + pane.height * 0.2);
  for (let step = 0; step < 12; step += 1) {
    const zoom = await zoomOf(page);
    if (Math.abs(zoom - target) / target < 0.02) return;
    await page.mouse.wheel(0, -Math.log2(target / zoom) / 0.002);
    await page.waitForFunction(
      (before) => {
        const el = document.querySelector('.react-flow__viewport');
        return el !== null && Math.abs(new DOMMatrix(getComputedStyle(el).transform).a - before) > 1e-4;
      },
      zoom,
      { timeout: LONG_WAIT },
    );
  }
  throw new Error(`could not zoom to ${target} (at ${await zoomOf(page)})`);
}

type Open = (options: {
  locale: string;
  colorScheme: 'light' | 'dark';
}) => Promise<{ context: BrowserContext; page: Page }>;

/** A signed-in person at 1440 × 900 in the given look. */
async function signedIn(server: TestServer, open: Open, variant: Variant, tag: string) {
  const opened = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
  await opened.page.setViewportSize({ width: 1440, height: 900 });
  await createAccount(server, opened.context.request, uniqueEmail(tag));
  await skipOnboarding(opened.context.request);
  return opened;
}

async function openCanvas(page: Page, canvasId: string): Promise<CanvasScreen> {
  await page.goto(`/canvas/${canvasId}`);
  const screen = new CanvasScreen(page);
  await screen.waitUntilSaved();
  return screen;
}

const memoValues = (page: Page) =>
  page
    .locator('[data-testid="canvas-node-memo"] textarea')
    .evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value));

/** A provider on the fake model server, its chat model the user's default. */
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

describe('the canvas at every zoom', () => {
  it('Add memo at zoom 0.1, 0.4 and 2: typing fills exactly one new memo, readable (light, en)', async ({
    server,
    open,
  }) => {
    const { context, page } = await signedIn(server, open, LIGHT_EN, 'zoom-memo');
    const canvas = await openCanvas(page, await importCanvas(context.request, 'Zoom', []));
    for (const zoom of [0.1, 0.4, 2]) {
      await zoomTo(page, zoom);
      const before = await canvas.memos.count();
      await page.getByTestId('canvas-add-memo').click();
      const memo = canvas.memos.nth(before).locator('textarea');
      await waitForFocus(memo);
      await page.keyboard.type('hello world');
      await expect.poll(() => memo.inputValue(), { timeout: LONG_WAIT }).toBe('hello world');
      // every key went into the memo: no memo was added by a Space on the button
      expect(await canvas.memos.count()).toBe(before + 1);
      expect((await memoValues(page)).filter((v) => v === 'hello world')).toHaveLength(before + 1);
      // …and it can be read: zoomed far out, the view came closer; the memo lies in the view
      await page.waitForFunction(() => {
        const el = document.querySelector('.react-flow__viewport');
        return el !== null && new DOMMatrix(getComputedStyle(el).transform).a >= 0.45;
      });
      await expect
        .poll(async () => {
          const box = await boxOf(canvas.memos.nth(before));
          const pane = await boxOf(page.locator('.react-flow__pane'));
          return box.width >= 200 && box.x >= pane.x && box.x + box.width <= pane.x + pane.width;
        })
        .toBe(true);
      expect(await memo.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      if (zoom === 0.1) await screenshot(page, 'canvas-zoom-memo-far-light-en');
    }
    await canvas.waitUntilSaved();
  });

  it('nodes added by the toolbar, paste, duplicate and AI into a crowded canvas never overlap; Fit View keeps them clear of the overlays (dark, zh-CN)', async ({
    server,
    open,
  }) => {
    const { context, page } = await signedIn(server, open, DARK_ZH, 'zoom-crowd');
    await configureModel(context.request);
    // a packed block of cards: the view's middle has no room for one more
    const nodes = Array.from({ length: 20 }, (_, i) => ({
      id: `c${i}`,
      type: 'memo',
      position: { x: (i % 5) * 270, y: Math.floor(i / 5) * 170 },
      data: { title: '', contentPreview: `卡片 ${i + 1}` },
    }));
    const canvasId = await importCanvas(context.request, '拥挤', nodes);
    const canvas = await openCanvas(page, canvasId);
    await canvas.flowNode('memo', 19).waitFor();

    // toolbar: two memos
    for (const text of ['新便签一', '新便签二']) {
      const before = await canvas.memos.count();
      await page.getByTestId('canvas-add-memo').click();
      await waitForFocus(canvas.memos.nth(before).locator('textarea'));
      await page.keyboard.type(text);
    }
    // a paste of text from elsewhere: a memo
    await page.evaluate(() => navigator.clipboard.writeText('粘贴的文字'));
    const pane = await boxOf(page.locator('.react-flow__pane'));
    await page.mouse.click(pane.x + 20, pane.y + 20);
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(() => canvas.memos.count()).toBe(23);
    // copied nodes pasted with the pointer over the middle of the block
    await canvas.select('memo', 6);
    await canvas.select('memo', 7, true);
    const copied = await Promise.all([6, 7].map((i) => canvas.memos.nth(i).locator('textarea').inputValue()));
    await page.keyboard.press('ControlOrMeta+c');
    await page.getByText('已复制 2 个节点').waitFor();
    const middle = await boxOf(canvas.flowNode('memo', 12));
    await page.mouse.move(middle.x + middle.width / 2, middle.y + middle.height / 2);
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(() => canvas.memos.count()).toBe(25);
    // the two pasted cards kept their places to each other (moved as one block)
    await canvas.waitUntilSaved();
    const stored = await apiCall<{
      nodes: { position: { x: number; y: number }; data: { contentPreview?: string } }[];
    }>(context.request, 'GET', `/canvas/data?canvasId=${canvasId}`);
    const [first, second] = copied.map((text) =>
      stored.nodes.filter((n) => n.data.contentPreview === text).map((n) => n.position),
    );
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(first![1]!.x - second![1]!.x).toBe(first![0]!.x - second![0]!.x);
    expect(first![1]!.y - second![1]!.y).toBe(first![0]!.y - second![0]!.y);
    // a duplicate from the context menu
    await canvas.contextMenu(canvas.flowNode('memo', 2), '创建副本');
    await expect.poll(() => canvas.memos.count()).toBe(26);
    // an AI answer with a card of the block as its context
    fake.reply = '拥挤的画布上，回答也有自己的位置。';
    await canvas.select('memo', 7);
    await page.getByTestId('ai-context-item').first().waitFor();
    await page.getByTestId('ai-input').fill('回答放在哪里？');
    await page.getByTestId('ai-input').press('Enter');
    await page
      .locator('[data-testid="canvas-node-skillResponse"][data-phase="completed"]')
      .waitFor({ timeout: LONG_WAIT });
    await canvas.waitUntilSaved();

    const rects = await nodeRects(page);
    expect(rects).toHaveLength(27);
    expectNoOverlap(rects);
    await screenshot(page, 'canvas-zoom-crowded-dark-zh-CN');

    // the Fit View button: every node above the launchpad and clear of the minimap and controls
    await page.locator('.react-flow__controls-fitview').click();
    const overlays = await Promise.all(
      [
        page.getByTestId('ai-launchpad'),
        page.locator('.react-flow__minimap'),
        page.locator('.react-flow__controls'),
      ].map(boxOf),
    );
    await expect
      .poll(
        async () =>
          (await nodeRects(page)).every((node) => overlays.every((overlay) => !intersects(node, overlay))),
        { timeout: LONG_WAIT },
      )
      .toBe(true);
    const after = await nodeRects(page);
    const flowBox = await boxOf(page.locator('.react-flow'));
    for (const node of after) expect(intersects(node, flowBox)).toBe(true);
    await screenshot(page, 'canvas-zoom-fit-dark-zh-CN');
  });

  it('two nodes copied and pasted into a document read as their titles and text, never JSON (light, en)', async ({
    server,
    open,
  }) => {
    const { context, page } = await signedIn(server, open, LIGHT_EN, 'zoom-clip');
    // a long title: the header in this look is pictured too (the header test runs in the other)
    const longTitle =
      'Observations of the tides and the harbour, and what to check before each trip out to sea '
        .repeat(3)
        .slice(0, 200);
    const canvasId = await importCanvas(context.request, longTitle, [
      {
        id: 'site',
        type: 'website',
        position: { x: 0, y: 0 },
        data: { title: 'Harbour tide tables', metadata: { url: 'https://example.com/tides' } },
      },
      {
        id: 'note',
        type: 'memo',
        position: { x: 320, y: 0 },
        data: { title: '', contentPreview: 'Check the mooring lines at dawn' },
      },
    ]);
    const canvas = await openCanvas(page, canvasId);
    await canvas.addDocument('Notes: ');
    await canvas.select('website', 0);
    await canvas.select('memo', 0, true);
    await page.keyboard.press('ControlOrMeta+c');
    await page.getByText('2 nodes copied').waitFor();

    const editor = page.getByTestId('doc-editor');
    await clickToFocus(editor);
    // on a line of its own, as a person pastes a block
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+v');
    await expect
      .poll(() => editor.innerText(), { timeout: LONG_WAIT })
      .toContain('Check the mooring lines at dawn');
    const text = await editor.innerText();
    expect(text).toContain('Harbour tide tables');
    expect(text).toContain('https://example.com/tides');
    expect(text).not.toContain('{"');
    expect(text).not.toContain('atelier-canvas-clip');
    // the title came in as a heading, as a person would format it
    await editor.locator('h3', { hasText: 'Harbour tide tables' }).waitFor();
    // nothing was pasted onto the canvas meanwhile
    expect(await canvas.memos.count()).toBe(1);
    await page.locator('[data-testid="document-panel"] [data-status="saved"]').waitFor();
    await screenshot(page, 'canvas-zoom-paste-into-document-light-en');
    expect((await boxOf(page.getByTestId('canvas-toolbar'))).height).toBeLessThanOrEqual(
      (await boxOf(page.getByTestId('canvas-add-memo'))).height + 2 * 8 + 2,
    );
  });

  it('the header stays one line at 1440 × 900 with a 200-character title and several avatars (dark, zh-CN)', async ({
    server,
    open,
  }) => {
    const { context, page } = await signedIn(server, open, DARK_ZH, 'zoom-header');
    const title = `${'潮汐与港口的观察记录，以及每一次出海前需要检查的事项 '.repeat(8)}`.slice(0, 200);
    expect(title).toHaveLength(200);
    const canvasId = await importCanvas(context.request, title, []);
    const canvas = await openCanvas(page, canvasId);

    // four more people's tabs on this canvas (collab clients in colours of the palette)
    const { url, token } = await apiCall<{ url: string; token: string }>(
      context.request,
      'GET',
      '/collab/getToken',
    );
    const peers = [
      'var(--ant-volcano-6)',
      'var(--ant-green-6)',
      'var(--ant-purple-6)',
      'var(--ant-gold-6)',
    ].map((color) => {
      const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: `canvas:${canvasId}`,
        document: new Y.Doc(),
        token,
      });
      provider.attach();
      provider.setAwarenessField('user', { name: 'peer', color });
      return { provider, socket };
    });
    try {
      const avatars = page.getByTestId('canvas-presence-avatars').locator('.ant-avatar');
      await expect.poll(() => avatars.count(), { timeout: LONG_WAIT }).toBeGreaterThanOrEqual(3);
      await canvas.waitUntilSaved();

      const toolbar = page.getByTestId('canvas-toolbar');
      const bar = await boxOf(toolbar);
      const button = await boxOf(page.getByTestId('canvas-add-memo'));
      // one line: as tall as one row of buttons and its padding (8 px above and below, a border)
      expect(bar.height).toBeLessThanOrEqual(button.height + 2 * 8 + 2);
      // every part of the header lies on that row, inside the window
      const parts = await toolbar.evaluate((el) =>
        [...el.children]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => ({ top: r.top, bottom: r.bottom, right: r.right })),
      );
      for (const part of parts) {
        expect(part.top).toBeGreaterThanOrEqual(bar.y - 0.5);
        expect(part.bottom).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
        expect(part.right).toBeLessThanOrEqual(1440);
      }
      // the share button at the end is still there, and the title is cut with an ellipsis
      expect((await boxOf(page.getByTestId('share-button-canvas'))).x + 10).toBeLessThanOrEqual(1440);
      const shown = page.getByTestId('canvas-title');
      const titleBox = await boxOf(shown);
      expect(titleBox.height).toBeLessThanOrEqual(button.height);
      expect(await shown.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await shown.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
      await screenshot(page, 'canvas-zoom-header-dark-zh-CN');
    } finally {
      for (const { provider, socket } of peers) {
        provider.destroy();
        socket.destroy();
      }
    }
  });
});
