/**
 * Presence on the canvas (issue 10, point 13), in light + en and dark + zh-CN: the same person
 * has one canvas open in two browsers (two signed-in contexts). Browser A moves its mouse over a
 * memo and selects the other one; browser B shows A's named cursor on that memo (also after B
 * zooms in) and A's coloured, named outline around the selected memo, and A in its avatar stack.
 * A never sees its own cursor or outline. When A's pointer leaves the canvas its cursor goes;
 * when A closes the tab, its cursor, outline and avatar go from B.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas as importCanvasFile, skipOnboarding } from './support/api';
import { LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { CanvasScreen } from './pages/CanvasPage';

const it = e2eTest();

const VARIANTS = [
  { name: 'light-en', lang: 'en', locale: 'en-US', colorScheme: 'light', nickname: 'Mei Lin' },
  { name: 'dark-zh-CN', lang: 'zh-CN', locale: 'zh-CN', colorScheme: 'dark', nickname: '林梅' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not on screen');
  return box;
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** A canvas with two memos side by side, made through the import route; answers its id. */
async function importCanvas(context: BrowserContext): Promise<string> {
  const memo = (id: string, x: number, text: string) => ({
    id,
    type: 'memo',
    position: { x, y: 0 },
    data: { title: '', contentPreview: text },
  });
  return importCanvasFile(context.request, 'Presence', [
    memo('left', 0, 'Left'),
    memo('right', 400, 'Right'),
  ]);
}

async function openCanvas(page: Page, canvasId: string): Promise<CanvasScreen> {
  await page.goto(`/canvas/${canvasId}`);
  const screen = new CanvasScreen(page);
  await screen.waitUntilSaved();
  await screen.flowNode('memo', 1).waitFor();
  return screen;
}

/** Moves the real mouse to `to` in a few steps (pointer events all the way). */
async function moveMouse(page: Page, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(to.x, to.y, { steps: 5 });
}

describe.each(VARIANTS)('presence on the canvas ($name)', (variant) => {
  it("shows the other browser's named cursor and selection outline, and drops them when it leaves", async ({
    server,
    open,
  }) => {
    const options = { locale: variant.locale, colorScheme: variant.colorScheme };
    const a = await open(options);
    // the server keeps addresses in lower case, and the outbox is searched by the exact address
    const email = uniqueEmail(`presence-${variant.name}`.toLowerCase());
    await createAccount(server, a.context.request, email);
    await skipOnboarding(a.context.request);
    await apiCall(a.context.request, 'PUT', '/user/settings', { nickname: variant.nickname });
    const canvasId = await importCanvas(a.context);
    const b = await open(options);
    await signIn(b.context.request, email);

    const screenA = await openCanvas(a.page, canvasId);
    const screenB = await openCanvas(b.page, canvasId);
    // the import gives the nodes new ids: tell the memos apart by where they are
    const [leftId, rightId] = await a.page.locator('.react-flow__node').evaluateAll((els) =>
      els
        .map((el) => ({ id: el.getAttribute('data-id') ?? '', x: el.getBoundingClientRect().x }))
        .sort((p, q) => p.x - q.x)
        .map((n) => n.id),
    );
    const leftOf = (screen: CanvasScreen) => screen.page.locator(`.react-flow__node[data-id="${leftId}"]`);
    const rightOf = (screen: CanvasScreen) => screen.page.locator(`.react-flow__node[data-id="${rightId}"]`);

    // A points at the middle of the right memo: B's cursor tip lands on the middle of B's right memo
    await moveMouse(a.page, centre(await boxOf(rightOf(screenA))));
    const cursorOnB = b.page.getByTestId('canvas-presence-cursor');
    await cursorOnB.filter({ hasText: variant.nickname }).waitFor();
    const tipNear = async (target: Locator) => {
      const tip = await boxOf(cursorOnB.locator('svg'));
      const want = centre(await boxOf(target));
      // the arrow's tip is at (1.5, 1.5) of its 18 × 22 box
      return Math.abs(tip.x + 1.5 - want.x) <= 4 && Math.abs(tip.y + 1.5 - want.y) <= 4;
    };
    await expect.poll(() => tipNear(rightOf(screenB)), { timeout: LONG_WAIT }).toBe(true);

    // B zooms in (its own view): A's cursor stays on the same spot of the memo
    await b.page.locator('.react-flow__controls-zoomin').click();
    // (B's own pointer then leaves its canvas, so only A has a cursor on the canvas)
    await moveMouse(b.page, centre(await boxOf(b.page.getByTestId('canvas-title'))));
    await expect.poll(() => tipNear(rightOf(screenB)), { timeout: LONG_WAIT }).toBe(true);

    // A selects the left memo: B outlines it in A's colour, with A's name
    await leftOf(screenA).click({ position: { x: 3, y: 3 } });
    await a.page.locator(`.react-flow__node.selected[data-id="${leftId}"]`).waitFor();
    const outline = b.page.getByTestId('canvas-presence-selection');
    await outline.filter({ hasText: variant.nickname }).waitFor();
    expect(await outline.count()).toBe(1);
    const outlined = await boxOf(outline);
    const left = await boxOf(leftOf(screenB));
    expect(Math.abs(outlined.x - left.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(outlined.y - left.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(outlined.width - left.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(outlined.height - left.height)).toBeLessThanOrEqual(2);
    // the outline is drawn in A's colour, one of the theme's palette colours
    const outlineColor = await outline.evaluate((el) => getComputedStyle(el).outlineColor);
    expect(outlineColor).toMatch(/^rgb/);
    // and B's header says who else is here
    const avatars = b.page.getByTestId('canvas-presence-avatars');
    await avatars.waitFor();
    expect(await avatars.getAttribute('aria-label')).toContain(variant.nickname);
    await moveMouse(a.page, centre(await boxOf(rightOf(screenA))));
    await expect.poll(() => tipNear(rightOf(screenB)), { timeout: LONG_WAIT }).toBe(true);
    await screenshot(b.page, `canvas-presence-${variant.name}`);
    // and in the other colour scheme (the app follows the system's)
    const other = variant.colorScheme === 'light' ? 'dark' : 'light';
    await b.page.emulateMedia({ colorScheme: other });
    await b.page.locator(`html[data-theme="${other}"]`).waitFor({ state: 'attached' });
    await screenshot(b.page, `canvas-presence-${other}-${variant.lang}`);

    // A never draws itself: it has B's presence (B's avatar), but no cursor or outline of its own
    // (A's pointer is on its canvas now: were it drawn, the count would stay at one)
    await a.page.getByTestId('canvas-presence-avatars').waitFor();
    await expect
      .poll(() => a.page.getByTestId('canvas-presence-cursor').count(), { timeout: LONG_WAIT })
      .toBe(0);
    expect(await a.page.getByTestId('canvas-presence-selection').count()).toBe(0);

    // A's pointer leaves the canvas (to the toolbar): its cursor goes from B, the outline stays
    await moveMouse(a.page, centre(await boxOf(a.page.getByTestId('canvas-title'))));
    await cursorOnB.waitFor({ state: 'detached' });
    expect(await outline.count()).toBe(1);

    // back on the canvas, then A closes its tab: cursor, outline and avatar all go from B
    await moveMouse(a.page, centre(await boxOf(rightOf(screenA))));
    await cursorOnB.waitFor();
    await a.page.close();
    await cursorOnB.waitFor({ state: 'detached' });
    await outline.waitFor({ state: 'detached' });
    await avatars.waitFor({ state: 'detached' });
  });
});
