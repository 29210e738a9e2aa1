/**
 * The canvas against the real server: create a canvas from the list, add a memo, a document
 * (typed into the collaborative editor) and a mermaid artifact, see changes live in a second
 * tab, export the canvas as PNG and the document as DOCX, copy and paste nodes across canvases,
 * group and ungroup, and keep a view toggle across a reload.
 */
import { describe, expect } from 'vitest';
import { createAccount, uniqueEmail } from './support/accounts';
import { sendFresh, skipOnboarding } from './support/api';
import { chooseMenuItem, clickToFocus, LONG_WAIT, openWindow, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { HomePage } from './pages/HomePage';
import { CanvasListPage, CanvasScreen, downloadBytes } from './pages/CanvasPage';

const it = e2eTest();

describe('canvas', () => {
  it('creates a canvas, adds a memo and a document, and shows changes live in a second tab', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('canvas'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await home.sidebar.getByText('Canvas', { exact: true }).click();
      const list = new CanvasListPage(page);
      await list.root.waitFor();
      await screenshot(page, 'canvas-list-empty-light');

      const canvas = await list.createCanvas();
      await canvas.addMemo('Hello from tab one');

      const second = await openWindow(page, `/canvas/${canvas.canvasId()}`);
      const other = new CanvasScreen(second);
      await other.waitUntilSaved();
      await other.memos.locator('textarea').first().waitFor();
      expect(await other.memos.locator('textarea').first().inputValue()).toBe('Hello from tab one');

      // a change made in the second tab arrives in the first one live
      await other.memos.locator('textarea').first().fill('Edited in tab two');
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLTextAreaElement>('[data-testid="canvas-node-memo"] textarea')?.value ===
          'Edited in tab two',
        undefined,
        { timeout: LONG_WAIT },
      );

      await canvas.addDocument('A heading and some words');
      await second.getByTestId('canvas-node-document').waitFor();
      await canvas.waitUntilSaved();

      // the second tab opens the document and sees the text typed in the first one, then live edits
      await other.flowNode('document').click({ position: { x: 3, y: 3 } });
      const otherEditor = second.getByTestId('doc-editor');
      await otherEditor.waitFor();
      await second.waitForFunction(
        () => document.querySelector('[data-testid="doc-editor"]')?.textContent?.includes('some words'),
        undefined,
        { timeout: LONG_WAIT },
      );
      await clickToFocus(page.getByTestId('doc-editor'));
      await page.keyboard.press('End');
      await page.keyboard.type(' and more');
      await second.waitForFunction(
        () => document.querySelector('[data-testid="doc-editor"]')?.textContent?.includes('and more'),
        undefined,
        { timeout: LONG_WAIT },
      );

      // the document exports as DOCX from the panel's export menu (a zip: starts with PK)
      const docxDownload = page.waitForEvent('download', { timeout: LONG_WAIT });
      await chooseMenuItem(page.getByTestId('doc-export'), page.getByRole('menuitem', { name: /docx/i }));
      const docx = await docxDownload;
      const docxBytes = await downloadBytes(docx);
      expect(docxBytes.subarray(0, 2).toString('latin1')).toBe('PK');

      // a mermaid artifact: the node appears with its type, the preview opens beside the canvas
      await canvas.addCodeArtifact('mermaid');
      await expect.poll(() => canvas.node('codeArtifact').count()).toBe(1);
      expect(await canvas.node('codeArtifact').getByTestId('artifact-type-badge').textContent()).toBe(
        'mermaid',
      );
      const preview = page.getByTestId('canvas-preview');
      await preview.waitFor();
      expect(await preview.getAttribute('data-kind')).toBe('codeArtifact');
      const svg = preview.locator('svg[id], svg[aria-roledescription]').first();
      const rendered = await svg
        .waitFor()
        .then(() => true)
        .catch(() => false);
      if (rendered) expect(await preview.locator('svg').count()).toBeGreaterThan(0);
      await second.getByTestId('canvas-node-codeArtifact').waitFor();
      await canvas.waitUntilSaved();
      await screenshot(page, 'canvas-screen-light');
      await screenshot(second, 'canvas-second-tab-light');

      // export as PNG: a real PNG file
      const png = await canvas.exportImage();
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.length).toBeGreaterThan(1000);

      await page.goto('/canvas');
      await page.getByTestId('canvas-card').first().waitFor();
      await screenshot(page, 'canvas-list-light');
    } finally {
      await context.close();
    }
  });

  it('copies and pastes across canvases, groups and ungroups, and keeps view toggles', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('canvas-clip'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await page.goto('/canvas');
      const list = new CanvasListPage(page);
      await list.root.waitFor();

      // an empty canvas cannot be exported as an image
      const first = await list.createCanvas();
      await page.getByTestId('canvas-export-image').click();
      await page.getByText('Canvas is empty, cannot export image').waitFor();
      await first.waitForToasts();

      await first.addMemo('Copy me');
      await first.addMemo('And me');
      await first.waitUntilSaved();
      // select both, copy with the keyboard
      await first.select('memo', 0);
      await first.select('memo', 1, true);
      await page.keyboard.press('ControlOrMeta+c');
      await page.getByText('2 nodes copied').waitFor();
      await first.waitForToasts();
      const firstId = first.canvasId();

      await page.goto('/canvas');
      const second = await list.createCanvas();
      expect(second.canvasId()).not.toBe(firstId);
      await second.paneContextMenu('Paste here');
      await expect.poll(() => second.memos.count()).toBe(2);
      const texts = await second.memos
        .locator('textarea')
        .evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value).sort());
      expect(texts).toEqual(['And me', 'Copy me']);
      // the shortcut pastes again, with new ids
      await page.locator('.react-flow__pane').click({ position: { x: 40, y: 40 } });
      await page.keyboard.press('ControlOrMeta+v');
      await expect.poll(() => second.memos.count()).toBe(4);

      // duplicate from the node's context menu
      await second.contextMenu(second.flowNode('memo', 0), 'Duplicate');
      await expect.poll(() => second.memos.count()).toBe(5);

      // group two nodes, then ungroup from the group's context menu
      await second.select('memo', 0);
      await second.select('memo', 1, true);
      await second.waitForToasts();
      await page.getByTestId('canvas-group').click();
      await second.node('group').waitFor();
      const group = page.locator('.react-flow__node-group').first();
      expect(await page.locator('.react-flow__node[data-id]').count()).toBe(6);
      await screenshot(page, 'canvas-group-light');
      // right-click the group's top-right corner (other nodes may lie over its left side)
      const groupBox = await group.boundingBox();
      await second.contextMenu(group, 'Ungroup', { x: (groupBox?.width ?? 20) - 6, y: 6 });
      await expect.poll(() => second.node('group').count()).toBe(0);
      await expect.poll(() => second.memos.count()).toBe(5);

      // a right-click on the pane shows the pane menu
      await page.locator('.react-flow__pane').click({ button: 'right', position: { x: 60, y: 60 } });
      await page.getByTestId('canvas-context-menu').waitFor();
      await screenshot(page, 'canvas-context-menu-light');
      await page.keyboard.press('Escape');

      // view toggles are saved per user: compact nodes and hidden edges survive a reload
      const view = await second.openViewSettings();
      await view.getByTestId('canvas-pref-sizeMode').getByText('Compact').click();
      await page.locator('[data-size-mode="compact"]').waitFor();
      // the preference is stored once the server answered the settings update that carries it
      const saved = page.waitForResponse(
        (res) =>
          res.url().endsWith('/v1/user/settings') &&
          res.request().method() === 'PUT' &&
          (res.request().postData() ?? '').includes('"edgesShown":false') &&
          res.ok(),
      );
      await view.getByTestId('canvas-pref-edgesShown').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="canvas-pref-edgesShown"]')?.getAttribute('aria-checked') ===
          'false',
      );
      await saved;
      await page.reload();
      await second.waitUntilSaved();
      await page.locator('[data-size-mode="compact"]').waitFor();
      const again = await second.openViewSettings();
      expect(await again.getByTestId('canvas-pref-edgesShown').getAttribute('aria-checked')).toBe('false');
      await screenshot(page, 'canvas-view-settings-light');
    } finally {
      await context.close();
    }
  });

  it('zoomed far out, a large canvas shows frames with big titles and no node changes size', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('canvas-far'));
      await skipOnboarding(context.request);
      const types = ['document', 'codeArtifact', 'website', 'resource', 'memo'] as const;
      const nodes = Array.from({ length: 120 }, (_, i) => ({
        id: `n${i}`,
        type: types[i % types.length],
        position: { x: (i % 20) * 320, y: Math.floor(i / 20) * 240 },
        data: {
          title: `Far node ${i}`,
          entityId: '',
          contentPreview: `What node ${i} holds, in a few words.`,
          metadata: {},
        },
      }));
      const file = JSON.stringify({
        format: 'atelier-canvas',
        version: 2,
        title: 'Far and wide',
        nodes,
        edges: [],
      });
      const res = await sendFresh(context.request, () =>
        context.request.post('/v1/canvas/import', {
          multipart: { file: { name: 'far.json', mimeType: 'application/json', buffer: Buffer.from(file) } },
        }),
      );
      const body = (await res.json()) as { success: boolean; data: { canvasId: string } };
      expect(body.success, JSON.stringify(body)).toBe(true);
      const { data } = body;
      await page.goto(`/canvas/${data.canvasId}`);
      const screen = new CanvasScreen(page);
      await screen.waitUntilSaved();
      await page.getByTestId('canvas-node-document').first().waitFor();
      // the whole canvas is fitted into view, which is far out: cards show only a big title
      await page.locator('.canvas-screen__flow.is-far').waitFor();
      const sizes = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map(
            (n) => `${n.offsetWidth}x${n.offsetHeight}`,
          ),
        );
      const far = await sizes();
      expect(far).toHaveLength(120);
      expect(await page.locator('[data-far-title="Far node 1"]').count()).toBe(1);
      await screenshot(page, 'canvas-far-zoom-light');

      // zooming in past the threshold shows the cards' details; no node changed its size
      await page.mouse.move(300, 300);
      for (let i = 0; i < 12 && (await page.locator('.canvas-screen__flow.is-far').count()) > 0; i++) {
        // the next step only after this one's zoom reached the viewport transform
        const before = await page.locator('.react-flow__viewport').getAttribute('style');
        await page.mouse.wheel(0, -400);
        await page.waitForFunction(
          (prev) => document.querySelector('.react-flow__viewport')?.getAttribute('style') !== prev,
          before,
        );
      }
      expect(await page.locator('.canvas-screen__flow.is-far').count()).toBe(0);
      expect(await sizes()).toEqual(far);
    } finally {
      await context.close();
    }
  });

  it('renders in dark mode and in Chinese', async ({ server, open }) => {
    const { context, page } = await open({
      colorScheme: 'dark',
      locale: 'zh-CN',
    });
    try {
      await createAccount(server, context.request, uniqueEmail('canvas-zh'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await page.goto('/canvas');
      const list = new CanvasListPage(page);
      await list.root.waitFor();
      const canvas = await list.createCanvas();
      await canvas.addMemo('你好，画布');
      await page.getByTestId('canvas-add-website').click();
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.getByText('网页节点需要填写网址').waitFor();
      await page.getByTestId('canvas-website-url').fill('https://example.com');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.getByTestId('canvas-node-website').waitFor();
      await page.locator('.ant-modal').waitFor({ state: 'hidden' });
      await canvas.waitUntilSaved();
      await screenshot(page, 'canvas-screen-dark-zh');
    } finally {
      await context.close();
    }
  });
});
