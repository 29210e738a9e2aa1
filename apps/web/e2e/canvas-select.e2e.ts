/**
 * Selection and shortcuts on the canvas (issue 10, point 10), with real clicks, drags and key
 * presses, in light + English and dark + Chinese (the sheet and the search box also in the other
 * two):
 * - Shift-click adds a node to the selection and takes it out again; a drag on the empty canvas
 *   box-selects the nodes it touches, drawn as selected;
 * - Delete and Backspace delete the selection with its edges, one Ctrl+Z brings them back; never
 *   while typing in a memo;
 * - Escape leaves the memo being typed in (its node stays selected), then clears the selection;
 * - "?" and the toolbar's help button open the shortcut sheet, with Ctrl written as on Linux;
 * - Ctrl+F opens the search box over the canvas (not while typing in a memo): "1 of 2", Enter and
 *   Shift+Enter go through the hits, each selected and panned to the middle of the view; Escape
 *   closes it.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { importCanvas, skipOnboarding } from './support/api';
import { clickToFocus, screenshot, waitForFocus } from './support/browser';
import { e2eTest } from './support/fixture';
import type { TestServer } from './support/server';
import type { ContextOptions } from './support/browser';

// several accounts whose pages refresh their short-lived tokens: more than the per-IP default
const it = e2eTest();

interface Variant {
  name: string;
  locale: string;
  colorScheme: 'light' | 'dark';
  sheetTitle: string;
  count: (current: number, total: number) => string;
}
const LIGHT_EN: Variant = {
  name: 'light-en',
  locale: 'en-US',
  colorScheme: 'light',
  sheetTitle: 'Keyboard shortcuts',
  count: (current, total) => `${current} of ${total}`,
};
const DARK_ZH: Variant = {
  name: 'dark-zh-CN',
  locale: 'zh-CN',
  colorScheme: 'dark',
  sheetTitle: '键盘快捷键',
  count: (current, total) => `第 ${current} 个，共 ${total} 个`,
};
const DARK_EN: Variant = { ...LIGHT_EN, name: 'dark-en', colorScheme: 'dark' };
const LIGHT_ZH: Variant = { ...DARK_ZH, name: 'light-zh-CN', colorScheme: 'light' };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return box;
}

async function signedIn(
  server: TestServer,
  open: (options?: ContextOptions) => Promise<{ context: BrowserContext; page: Page }>,
  variant: Variant,
  tag: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
  await createAccount(server, opened.context.request, uniqueEmail(`${tag}-${variant.name}`.toLowerCase()));
  await skipOnboarding(opened.context.request);
  return opened;
}

const memo = (id: string, x: number, y: number, text: string) => ({
  id,
  type: 'memo',
  position: { x, y },
  data: { title: '', contentPreview: text },
});

/**
 * Opens the canvas and waits for its nodes. The import gives nodes new ids, so each node is known
 * by the first word of its text from then on: `ids` maps that word to the node's id.
 */
async function openCanvas(page: Page, canvasId: string, nodeCount: number): Promise<void> {
  await page.goto(`/canvas/${canvasId}`);
  await page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
  await page.waitForFunction(
    (count) => document.querySelectorAll('.react-flow__node').length === count,
    nodeCount,
  );
  const found = await page.$$eval('.react-flow__node', (els) =>
    els.map((el) => {
      const text =
        el.querySelector('textarea')?.value ?? el.querySelector('.canvas-node__title')?.textContent ?? '';
      return [text.trim().split(/\s+/)[0] ?? '', el.getAttribute('data-id') ?? ''] as const;
    }),
  );
  ids.clear();
  for (const [word, id] of found) ids.set(word.toLowerCase(), id);
}

const ids = new Map<string, string>();
/** A node's id by the first word of its text. */
const idOf = (word: string): string => {
  const id = ids.get(word);
  if (!id) throw new Error(`no node starting with "${word}"`);
  return id;
};
const flowNode = (page: Page, word: string) => page.locator(`.react-flow__node[data-id="${idOf(word)}"]`);

/** Ids of the selected nodes, sorted. */
function selectedIds(page: Page): Promise<string[]> {
  return page.$$eval('.react-flow__node.selected', (els) =>
    els.map((el) => el.getAttribute('data-id') ?? '').sort(),
  );
}

/** Waits until exactly the nodes starting with these words are selected. */
async function waitForSelection(page: Page, words: string[]): Promise<void> {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('.react-flow__node.selected')]
          .map((el) => el.getAttribute('data-id') ?? '')
          .sort(),
      ) === JSON.stringify(want),
    words.map(idOf).sort(),
  );
}

function edgeCount(page: Page): Promise<number> {
  return page.locator('.react-flow__edge').count();
}

async function waitForEdgeCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__edge').length === n, count);
}

async function waitForMemoText(page: Page, word: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, want]) =>
      document.querySelector<HTMLTextAreaElement>(`.react-flow__node[data-id="${id}"] textarea`)?.value ===
      want,
    [idOf(word), text] as const,
  );
}

async function waitForNodeCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__node').length === n, count);
}

/** Clicks a node's top-left corner (outside the memo's text field). */
async function clickNode(page: Page, id: string, modifiers: Array<'Shift' | 'ControlOrMeta'> = []) {
  await flowNode(page, id).click({ position: { x: 4, y: 4 }, modifiers });
}

/** Clicks an empty spot at the top left of the canvas: the keys go to the canvas, not a field. */
async function focusPane(page: Page): Promise<void> {
  await page.locator('.react-flow__pane').click({ position: { x: 16, y: 16 } });
}

/** The viewport's pan and zoom as React Flow draws it. */
function viewportOf(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  return page.locator('.react-flow__viewport').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return { x: m.e, y: m.f, zoom: m.a };
  });
}

/** Waits until the node's middle is in the middle of the canvas (the pan has arrived). */
async function waitCentred(page: Page, word: string): Promise<void> {
  await page.waitForFunction((nodeId) => {
    const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
    const node = document.querySelector(`.react-flow__node[data-id="${nodeId}"]`)?.getBoundingClientRect();
    if (!pane || !node) return false;
    const dx = node.x + node.width / 2 - (pane.x + pane.width / 2);
    const dy = node.y + node.height / 2 - (pane.y + pane.height / 2);
    return Math.abs(dx) < 4 && Math.abs(dy) < 4;
  }, idOf(word));
}

for (const variant of [LIGHT_EN, DARK_ZH]) {
  describe(`canvas selection (${variant.name})`, () => {
    it('Shift-click, box select, Delete and Backspace with undo, Escape', async ({ server, open }) => {
      const { context, page } = await signedIn(server, open, variant, 'select');
      const nodes = [
        memo('m1', 0, 0, 'first'),
        memo('m2', 320, 0, 'second'),
        memo('m3', 640, 0, 'third'),
        memo('m4', 0, 220, 'fourth'),
      ];
      const edges = [{ id: 'e23', source: 'm2', target: 'm3' }];
      await openCanvas(page, await importCanvas(context.request, 'Select', nodes, edges), 4);
      await waitForEdgeCount(page, 1);

      // Shift-click adds to the selection, and a second Shift-click takes the node out again
      await clickNode(page, 'first');
      await waitForSelection(page, ['first']);
      await clickNode(page, 'third', ['Shift']);
      await waitForSelection(page, ['first', 'third']);
      await clickNode(page, 'fourth', ['Shift']);
      await waitForSelection(page, ['first', 'third', 'fourth']);
      await clickNode(page, 'third', ['Shift']);
      await waitForSelection(page, ['first', 'fourth']);
      // drawn as selected
      expect(await page.locator('.canvas-node.is-selected').count()).toBe(2);

      // a drag on the empty canvas selects the nodes the box touches, and only those
      await focusPane(page);
      await waitForSelection(page, []);
      const m1 = await boxOf(flowNode(page, 'first'));
      const m2 = await boxOf(flowNode(page, 'second'));
      await page.mouse.move(m1.x - 16, m1.y - 16);
      await page.mouse.down();
      await page.mouse.move(m1.x + m1.width / 2, m1.y + m1.height / 2, { steps: 5 });
      await page.mouse.move(m2.x + m2.width / 2, m2.y + m2.height / 2, { steps: 5 });
      await page.mouse.up();
      await waitForSelection(page, ['first', 'second']);
      expect(await page.locator('.canvas-node.is-selected').count()).toBe(2);
      await screenshot(page, `canvas-select-box-${variant.name}`);

      // Delete removes the selection and the edge of m2; one Ctrl+Z brings all of it back
      await page.keyboard.press('Delete');
      await waitForNodeCount(page, 2);
      expect(await flowNode(page, 'first').count()).toBe(0);
      expect(await flowNode(page, 'second').count()).toBe(0);
      expect(await edgeCount(page)).toBe(0);
      await page.keyboard.press('ControlOrMeta+z');
      await waitForNodeCount(page, 4);
      await waitForEdgeCount(page, 1);

      // typing in a memo: Backspace deletes a character, not the node
      const third = flowNode(page, 'third').locator('textarea');
      await clickToFocus(third);
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      await waitForMemoText(page, 'third', 'third!');
      await page.keyboard.press('Backspace');
      await waitForMemoText(page, 'third', 'third');
      expect(await page.locator('.react-flow__node').count()).toBe(4);

      // Escape leaves the memo, its node selected; Backspace then deletes it
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement?.tagName !== 'TEXTAREA');
      await waitForSelection(page, ['third']);
      await page.keyboard.press('Backspace');
      await waitForNodeCount(page, 3);
      expect(await flowNode(page, 'third').count()).toBe(0);
      await page.keyboard.press('ControlOrMeta+z');
      await waitForNodeCount(page, 4);

      // Escape with nothing being edited clears the selection
      await clickNode(page, 'first');
      await clickNode(page, 'second', ['Shift']);
      await waitForSelection(page, ['first', 'second']);
      await page.keyboard.press('Escape');
      await waitForSelection(page, []);
      expect(await selectedIds(page)).toEqual([]);
    });

    it('"?" and the help button open the shortcut sheet, Escape closes it; not while typing', async ({
      server,
      open,
    }) => {
      const { context, page } = await signedIn(server, open, variant, 'sheet');
      await openCanvas(page, await importCanvas(context.request, 'Select', [memo('m1', 0, 0, 'note')]), 1);

      // "?" typed into a memo is text
      const field = flowNode(page, 'note').locator('textarea');
      await field.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Slash');
      await waitForMemoText(page, 'note', 'note?');
      expect(await page.getByTestId('canvas-shortcut-sheet').count()).toBe(0);
      // and so is Ctrl+F: the canvas's search box stays shut, the typing goes on in the memo
      await page.keyboard.press('ControlOrMeta+f');
      await page.keyboard.type('!');
      await waitForMemoText(page, 'note', 'note?!');
      expect(await page.getByTestId('canvas-search').count()).toBe(0);

      await focusPane(page);
      await page.keyboard.press('Shift+Slash');
      const sheet = page.getByTestId('canvas-shortcut-sheet');
      await sheet.waitFor();
      await page.getByRole('dialog', { name: variant.sheetTitle }).waitFor();
      // Linux: Ctrl, never ⌘; every kind of shortcut is listed
      const redo = sheet.locator('[data-shortcut="redo"]');
      expect((await redo.innerText()).replace(/\s+/g, '')).toContain('CtrlShiftZ');
      for (const action of [
        'copy',
        'paste',
        'duplicate',
        'group',
        'undo',
        'delete',
        'selectAll',
        'search',
        'escape',
      ])
        expect(await sheet.locator(`[data-shortcut="${action}"]`).count()).toBe(1);
      expect(await sheet.innerText()).not.toContain('⌘');
      await screenshot(page, `canvas-select-sheet-${variant.name}`);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });

      // mouse users: the toolbar's help button
      await page.getByTestId('canvas-shortcuts-button').click();
      await sheet.waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
    });

    it('Ctrl+F searches titles and content and pans to each hit', async ({ server, open }) => {
      const { context, page } = await signedIn(server, open, variant, 'find');
      const nodes = [
        memo('near', 0, 0, 'plans for the week'),
        memo('other', 320, 0, 'nothing to see'),
        memo('beans', -2600, 1800, 'order coffee beans on Friday'),
        {
          id: 'report',
          type: 'document',
          position: { x: 3200, y: 2400 },
          data: { title: 'Coffee report', entityId: '', contentPreview: 'Sales by month' },
        },
      ];
      await openCanvas(page, await importCanvas(context.request, 'Select', nodes), 4);

      await focusPane(page);
      const before = await viewportOf(page);
      await page.keyboard.press('ControlOrMeta+f');
      const input = page.getByTestId('canvas-search-input');
      await waitForFocus(input);
      await page.keyboard.type('coffee');
      const count = page.getByTestId('canvas-search-count');
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="canvas-search-count"]')?.textContent === text,
        variant.count(1, 2),
      );
      // the first hit (top to bottom) is selected and in the middle of the view
      await waitForSelection(page, ['order']);
      await waitCentred(page, 'order');
      const atOrder = await viewportOf(page);
      expect(Math.abs(atOrder.x - before.x) + Math.abs(atOrder.y - before.y)).toBeGreaterThan(100);
      await screenshot(page, `canvas-select-search-${variant.name}`);

      // Enter: the next hit, found by its title
      await page.keyboard.press('Enter');
      expect(await count.textContent()).toBe(variant.count(2, 2));
      await waitForSelection(page, ['coffee']);
      await waitCentred(page, 'coffee');
      const atReport = await viewportOf(page);
      expect(Math.abs(atReport.x - atOrder.x) + Math.abs(atReport.y - atOrder.y)).toBeGreaterThan(100);

      // Shift+Enter: back; ArrowDown: forward (wrapping)
      await page.keyboard.press('Shift+Enter');
      await waitForSelection(page, ['order']);
      await waitCentred(page, 'order');
      expect(await count.textContent()).toBe(variant.count(1, 2));
      await page.keyboard.press('ArrowDown');
      await waitForSelection(page, ['coffee']);
      await waitCentred(page, 'coffee');

      // Escape closes the box; the hit stays selected
      await page.keyboard.press('Escape');
      await page.getByTestId('canvas-search').waitFor({ state: 'detached' });
      expect(await selectedIds(page)).toEqual([idOf('coffee')]);

      // the toolbar's search button opens it again, with the last query selected…
      await page.getByTestId('canvas-search-button').click();
      await input.waitFor();
      expect(await input.inputValue()).toBe('coffee');
      // …starting over at its first hit
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="canvas-search-count"]')?.textContent === text,
        variant.count(1, 2),
      );
      await waitForSelection(page, ['order']);
      await waitCentred(page, 'order');
      await page.keyboard.type('nomatch');
      await page.getByTestId('canvas-search-count').filter({ hasText: /\S/ }).waitFor();
      expect(await page.getByTestId('canvas-search-next').isDisabled()).toBe(true);
    });
  });
}

for (const variant of [DARK_EN, LIGHT_ZH]) {
  describe(`canvas shortcut sheet and search box (${variant.name})`, () => {
    it('draws the sheet and the search box', async ({ server, open }) => {
      const { context, page } = await signedIn(server, open, variant, 'look');
      const nodes = [memo('a', 0, 0, 'coffee with Ana'), memo('b', 320, 0, 'more coffee')];
      await openCanvas(page, await importCanvas(context.request, 'Select', nodes), 2);
      await focusPane(page);
      await page.keyboard.press('ControlOrMeta+f');
      await waitForFocus(page.getByTestId('canvas-search-input'));
      await page.keyboard.type('coffee');
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="canvas-search-count"]')?.textContent === text,
        variant.count(1, 2),
      );
      await waitForSelection(page, ['coffee']);
      await waitCentred(page, 'coffee');
      await screenshot(page, `canvas-select-search-${variant.name}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('canvas-search').waitFor({ state: 'detached' });

      await page.keyboard.press('Shift+Slash');
      await page.getByRole('dialog', { name: variant.sheetTitle }).waitFor();
      await screenshot(page, `canvas-select-sheet-${variant.name}`);
    });
  });
}
