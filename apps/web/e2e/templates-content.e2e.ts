/**
 * Templates keep what they promise (issue 32, point 7), as a person sees it:
 * - dark + Chinese: a built-in template (its cover, a picture of its canvas, loaded) picked in the
 *   gallery and used opens a canvas named like the template whose cards show the template's titles
 *   and memo text, inside their group, and whose edges are drawn from the right side of the source
 *   card to the left side of the target card (not from an empty box beside it);
 * - light + English: a user's own template with a cover shows that image (naturalWidth > 0) in
 *   another user's gallery; the gallery is screenshotted in this look.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, sendFresh, skipOnboarding } from './support/api';
import { LONG_WAIT, screenshot } from './support/browser';
import { buildPng } from './support/files';
import { e2eTest } from './support/fixture';
import { waitForBuiltins } from './support/templates';

const it = e2eTest({ BUILTIN_TEMPLATES: 'true' });

interface TemplateRow {
  templateId: string;
  title: string;
  shareId: string;
}
interface SharedNode {
  id: string;
  type: string;
  parentId?: string;
  data: { title: string; contentPreview?: string };
}
interface SharedCanvas {
  data: { nodes: SharedNode[]; edges: Array<{ id: string; source: string; target: string }> };
}

/** Where an edge's drawn line starts and ends on screen, and the boxes of its two cards. */
async function edgeGeometry(page: Page, edgeId: string, source: string, target: string) {
  return page.evaluate(
    ({ edgeId, source, target }) => {
      const path = document.querySelector<SVGPathElement>(
        `[data-testid="rf__edge-${edgeId}"] path.react-flow__edge-path`,
      );
      const card = (id: string) =>
        document.querySelector(`[data-testid="rf__node-${id}"] .canvas-node`)?.getBoundingClientRect();
      const matrix = path?.getScreenCTM();
      if (!path || !matrix) return null;
      const at = (length: number) => {
        const point = path.getPointAtLength(length);
        return new DOMPoint(point.x, point.y).matrixTransform(matrix);
      };
      const from = at(0);
      const to = at(path.getTotalLength());
      const box = (r: DOMRect | undefined) =>
        r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
      return {
        from: { x: from.x, y: from.y },
        to: { x: to.x, y: to.y },
        source: box(card(source)),
        target: box(card(target)),
      };
    },
    { edgeId, source, target },
  );
}

it('a built-in template used from the gallery shows its titles, memo text, group and edges (dark, zh-CN)', async ({
  server,
  open,
}) => {
  const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
  await createAccount(server, context.request, uniqueEmail('tpl-content-zh'));
  await skipOnboarding(context.request);
  await waitForBuiltins(context.request);
  const [template] = await apiCall<TemplateRow[]>(
    context.request,
    'GET',
    `/template/list?language=zh-CN&q=${encodeURIComponent('系统设计')}`,
  );
  expect(template!.title).toBe('系统设计');
  const shared = await apiCall<SharedCanvas>(
    context.request,
    'GET',
    `/share/detail?shareId=${template!.shareId}`,
  );
  const { nodes, edges } = shared.data;
  // the template has what this test looks at: a memo, cards in a group, code and edges
  expect(nodes.some((n) => n.type === 'memo')).toBe(true);
  expect(nodes.some((n) => n.parentId)).toBe(true);
  expect(nodes.some((n) => n.type === 'codeArtifact')).toBe(true);
  expect(edges.length).toBeGreaterThanOrEqual(4);

  await page.goto('/templates');
  await page.getByTestId('templates-search').fill('系统设计');
  const card = page.locator(`[data-template-id="${template!.templateId}"]`);
  await card.waitFor({ timeout: LONG_WAIT });
  await expect.poll(() => page.getByTestId('template-card').count(), { timeout: LONG_WAIT }).toBe(1);
  // its cover is a picture of the canvas
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector<HTMLImageElement>(
        `[data-template-id="${id}"] .template-card__cover img`,
      );
      return Boolean(el?.complete && el.naturalWidth > 0);
    },
    template!.templateId,
    { timeout: LONG_WAIT },
  );
  await screenshot(page, 'templates-content-gallery-dark-zh-CN');
  await card.getByTestId('template-use').click();
  await page.waitForFunction(() => /^\/canvas\/[^/]+$/.test(location.pathname), undefined, {
    timeout: LONG_WAIT,
  });
  await page.waitForFunction(
    (count) => document.querySelectorAll('.react-flow__node').length === count,
    nodes.length,
    { timeout: LONG_WAIT },
  );
  await page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
  // the canvas is named like the template, not "(copy)"
  expect((await page.getByTestId('canvas-title').innerText()).trim()).toBe('系统设计');

  for (const node of nodes) {
    const element = page.getByTestId(`rf__node-${node.id}`);
    if (node.type === 'memo') {
      const text = element.locator('textarea');
      await text.waitFor();
      expect(await text.inputValue()).toBe(node.data.contentPreview);
      // its first line is the memo's title
      expect(node.data.contentPreview!.split('\n')[0]).toBe(node.data.title);
    } else {
      // what a person reads on the card (innerText leaves out hidden text)
      await expect
        .poll(async () => (await element.innerText()).includes(node.data.title), { timeout: LONG_WAIT })
        .toBe(true);
    }
    if (node.parentId) {
      const inside = await page.evaluate(
        ({ id, parent }) => {
          const a = document.querySelector(`[data-testid="rf__node-${id}"]`)!.getBoundingClientRect();
          const b = document.querySelector(`[data-testid="rf__node-${parent}"]`)!.getBoundingClientRect();
          return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
        },
        { id: node.id, parent: node.parentId },
      );
      expect(inside, `${node.id} inside ${node.parentId}`).toBe(true);
    }
  }

  // every edge runs from the right side of its source card to the left side of its target card
  const near = 8;
  for (const edge of edges) {
    let geometry: Awaited<ReturnType<typeof edgeGeometry>> = null;
    await expect
      .poll(
        async () => {
          geometry = await edgeGeometry(page, edge.id, edge.source, edge.target);
          return geometry !== null && geometry.source !== null && geometry.target !== null;
        },
        { timeout: LONG_WAIT },
      )
      .toBe(true);
    const { from, to, source, target } = geometry!;
    const where = `${edge.source} → ${edge.target}`;
    expect(Math.abs(from.x - source!.right), where).toBeLessThan(near);
    expect(from.y > source!.top && from.y < source!.bottom, where).toBe(true);
    expect(Math.abs(to.x - target!.left), where).toBeLessThan(near);
    expect(to.y > target!.top && to.y < target!.bottom, where).toBe(true);
  }
  await screenshot(page, 'templates-content-canvas-dark-zh-CN');
});

it("a user's own template shows its cover in another user's gallery (light, en)", async ({
  server,
  open,
}) => {
  const owner = await open();
  await createAccount(server, owner.context.request, uniqueEmail('tpl-cover-owner'));
  await skipOnboarding(owner.context.request);
  const canvasId = await importCanvas(owner.context.request, 'Sprint board', [
    { id: 'm', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'Goals', contentPreview: 'Goals' } },
  ]);
  const upload = await sendFresh(owner.context.request, () =>
    owner.context.request.post('/v1/misc/upload', {
      multipart: {
        entityType: 'canvas',
        visibility: 'private',
        file: { name: 'cover.png', mimeType: 'image/png', buffer: buildPng(320, 180, [47, 111, 219]) },
      },
    }),
  );
  const { storageKey } = ((await upload.json()) as { data: { storageKey: string } }).data;
  const categories = await apiCall<Array<{ categoryId: string; name: string }>>(
    owner.context.request,
    'GET',
    '/template/category/list',
  );
  const template = await apiCall<TemplateRow>(owner.context.request, 'POST', '/template/create', {
    canvasId,
    title: 'Sprint board',
    description: 'Goals, tasks and a review for a two-week sprint.',
    language: 'en',
    categoryId: categories.find((c) => c.name === 'work')!.categoryId,
    coverStorageKey: storageKey,
  });

  const { context, page } = await open();
  await createAccount(server, context.request, uniqueEmail('tpl-cover-reader'));
  await skipOnboarding(context.request);
  await waitForBuiltins(context.request);
  await page.goto('/templates');
  const card = page.locator(`[data-template-id="${template.templateId}"]`);
  await card.waitFor({ timeout: LONG_WAIT });
  await card.scrollIntoViewIfNeeded();
  const img = card.locator('.template-card__cover img');
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector<HTMLImageElement>(
        `[data-template-id="${id}"] .template-card__cover img`,
      );
      return Boolean(el?.complete && el.naturalWidth > 0);
    },
    template.templateId,
    { timeout: LONG_WAIT },
  );
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
  // the share's copy, from the address the app is reached at
  const src = new URL((await img.getAttribute('src'))!, page.url());
  expect(src.origin).toBe(new URL(page.url()).origin);
  expect(src.pathname).toBe(`/share/${template.shareId}/files/templateCover`);
  await screenshot(page, 'templates-content-cover-light-en');
  await page.getByTestId('templates-search').fill('Sprint');
  await expect.poll(() => page.getByTestId('template-card').count(), { timeout: LONG_WAIT }).toBe(1);
  await screenshot(page, 'templates-content-gallery-light-en');
});
