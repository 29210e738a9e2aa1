/**
 * Dropping and pasting onto the canvas (issue 10, point 11), with DataTransfer objects built in
 * the page and the browser's own clipboard:
 * - files dropped on the canvas show an overlay, upload with a progress row each, and become a
 *   resource node and an image node at the drop point (listed in the library too); a file over
 *   the size limit is refused with the catalogue's message and the others still arrive;
 * - a dropped link and a pasted link become website nodes (and library links that are fetched
 *   from a loopback page); pasted text becomes a focused memo; copied nodes still paste as
 *   nodes; pasting inside a memo stays the memo's own paste;
 * - screenshots of the overlay and the progress rows in light/dark and English/Chinese.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import PDFDocument from 'pdfkit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSHandle, Page, Route } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { skipOnboarding } from './support/api';
import { LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { buildPng } from './support/files';
import { CanvasListPage, CanvasScreen } from './pages/CanvasPage';
import { LibraryScreen } from './pages/LibraryPage';

interface DroppedFile {
  name: string;
  type: string;
  base64: string;
}

function pdfWith(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(14).text(text);
  doc.end();
  return done;
}

const file = (name: string, type: string, bytes: Buffer): DroppedFile => ({
  name,
  type,
  base64: bytes.toString('base64'),
});

/** A DataTransfer made in the page, holding the files and the string items given. */
function transferIn(page: Page, files: DroppedFile[], strings: Record<string, string> = {}) {
  return page.evaluateHandle(
    ({ files, strings }) => {
      const data = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], f.name, { type: f.type }));
      }
      for (const [type, value] of Object.entries(strings)) data.setData(type, value);
      return data;
    },
    { files, strings },
  );
}

/** The middle of the canvas pane, in page coordinates. */
async function paneCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('.react-flow__pane').boundingBox();
  if (!box) throw new Error('no pane');
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

async function dragOver(page: Page, data: JSHandle<DataTransfer>, at: { x: number; y: number }) {
  const pane = page.locator('.react-flow__pane');
  const init = { dataTransfer: data, clientX: at.x, clientY: at.y, bubbles: true, cancelable: true };
  await pane.dispatchEvent('dragenter', init);
  await pane.dispatchEvent('dragover', init);
}

async function drop(page: Page, data: JSHandle<DataTransfer>, at: { x: number; y: number }) {
  await page.locator('.react-flow__pane').dispatchEvent('drop', {
    dataTransfer: data,
    clientX: at.x,
    clientY: at.y,
    bubbles: true,
    cancelable: true,
  });
}

/** Holds the library uploads until `release` is called (to see a row while it is uploading). */
async function holdUploads(page: Page): Promise<{ release: () => Promise<void>; held: () => number }> {
  const waiting: Route[] = [];
  let open = false;
  await page.route('**/v1/knowledge/resource/createWithFile', (route) => {
    if (open) void route.continue();
    else waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: async () => {
      open = true;
      await Promise.all(waiting.splice(0).map((r) => r.continue()));
    },
  };
}

async function pasteText(page: Page, text: string, at: { x: number; y: number }) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  // a click on the empty pane takes the focus off any field, as a person would
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press('ControlOrMeta+v');
}

const WEB_PAGE = `<!doctype html><html><head><title>Kelp drying racks</title></head><body><article>
<h1>Kelp drying racks</h1><p>Racks of cedar hold the kelp while it dries in the wind for three days.</p>
<p>The word of this page is saltmeadow.</p></article></body></html>`;

let web: Server;
let webBase: string;

beforeAll(async () => {
  web = createServer((req, res) => {
    if (req.url?.startsWith('/racks')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(WEB_PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webBase = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (web ? web.close(() => resolve()) : resolve()));
});

// loopback links allowed (the test's page), uploads capped at 200 KB
const it = e2eTest({ FETCH_ALLOW_PRIVATE: 'true', UPLOAD_MAX_BYTES: String(200 * 1024) });

async function newCanvas(page: Page): Promise<CanvasScreen> {
  await page.goto('/canvas');
  const list = new CanvasListPage(page);
  await list.root.waitFor({ timeout: LONG_WAIT });
  return list.createCanvas();
}

describe('canvas drop and paste', () => {
  it('turns dropped files, links and pasted text into nodes and library items', async ({ server, open }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('canvas-drop'));
    await skipOnboarding(context.request);
    const canvas = await newCanvas(page);
    // a first node: React Flow fits an empty canvas's view to its first nodes, which would move them
    await canvas.addMemo('Harbour plan');
    await canvas.waitUntilSaved();
    await page.mouse.move(10, 400); // away from the toolbar's tooltips

    const files = [
      file(
        'harbour-survey.pdf',
        'application/pdf',
        await pdfWith('Harbour survey. The keyword is tidewrack.'),
      ),
      file('swatch.png', 'image/png', buildPng(120, 80, [0, 150, 143])),
      file('too-big.txt', 'text/plain', Buffer.alloc(300 * 1024, 'a')),
    ];
    const centre = await paneCentre(page);
    const at = { x: centre.x - 300, y: centre.y + 120 };
    const uploads = await holdUploads(page);
    const data = await transferIn(page, files);

    await dragOver(page, data, at);
    await page.getByTestId('canvas-drop-overlay').waitFor();
    expect(await page.getByTestId('canvas-drop-overlay').getAttribute('data-kind')).toBe('files');
    await screenshot(page, 'canvas-drop-overlay-en-light');

    await drop(page, data, at);
    await page.getByTestId('canvas-drop-overlay').waitFor({ state: 'detached' });
    const rows = page.getByTestId('canvas-drop-upload');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => uploads.held()).toBe(3);
    expect(await rows.and(page.locator('[data-state="uploading"]')).count()).toBe(3);
    await rows.first().locator('.ant-progress').waitFor();
    await screenshot(page, 'canvas-drop-progress-en-light');
    await uploads.release();

    // the PDF becomes a resource node centred on the drop point, the PNG an image node beside it
    const resource = canvas.flowNode('resource');
    await resource.waitFor();
    await canvas.node('image').locator('img').waitFor();
    expect(await resource.textContent()).toContain('harbour-survey');
    const box = await resource.boundingBox();
    if (!box) throw new Error('no resource node');
    expect(at.x).toBeGreaterThan(box.x);
    expect(at.x).toBeLessThan(box.x + box.width);
    expect(at.y).toBeGreaterThan(box.y);
    expect(at.y).toBeLessThan(box.y + box.height);
    const imageBox = await canvas.flowNode('image').boundingBox();
    if (!imageBox) throw new Error('no image node');
    expect(imageBox.x).toBeGreaterThanOrEqual(box.x + box.width);
    // level with it, or a step or two lower where the first memo is in the way (never on it)
    expect(Math.abs(imageBox.y - box.y)).toBeLessThanOrEqual(80);
    const memoBox = await canvas.flowNode('memo').boundingBox();
    if (!memoBox) throw new Error('no memo node');
    for (const placed of [box, imageBox])
      expect(
        placed.x < memoBox.x + memoBox.width &&
          placed.x + placed.width > memoBox.x &&
          placed.y < memoBox.y + memoBox.height &&
          placed.y + placed.height > memoBox.y,
      ).toBe(false);
    // the image shows the stored file
    await expect
      .poll(
        () =>
          canvas
            .node('image')
            .locator('img')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        { timeout: LONG_WAIT },
      )
      .toBe(120);
    // the oversized file is refused with the catalogue's words; nothing else was lost
    const refused = rows.and(page.locator('[data-state="error"]'));
    await refused.getByText('File size cannot exceed the limit').waitFor();
    expect(await refused.textContent()).toContain('too-big.txt');
    expect(await page.locator('.react-flow__node').count()).toBe(3);
    await rows.and(page.locator('[data-state="done"]')).first().waitFor();
    await screenshot(page, 'canvas-drop-done-en-light');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'detached' });

    // a dragged link: a website node at the drop point and a library link
    const link = `${webBase}/racks`;
    const linkAt = { x: centre.x + 150, y: centre.y - 220 };
    const linkData = await transferIn(page, [], { 'text/uri-list': link, 'text/plain': link });
    await dragOver(page, linkData, linkAt);
    expect(await page.getByTestId('canvas-drop-overlay').getAttribute('data-kind')).toBe('link');
    await drop(page, linkData, linkAt);
    const website = canvas.flowNode('website');
    await website.waitFor();
    expect(await website.locator('a').getAttribute('href')).toBe(link);
    const websiteBox = await website.boundingBox();
    if (!websiteBox) throw new Error('no website node');
    expect(linkAt.x).toBeGreaterThan(websiteBox.x);
    expect(linkAt.x).toBeLessThan(websiteBox.x + websiteBox.width);

    // a pasted link: a second website node
    const empty = { x: centre.x + 450, y: centre.y + 250 };
    await pasteText(page, `${webBase}/racks?from=paste`, empty);
    await expect.poll(() => canvas.node('website').count(), { timeout: LONG_WAIT }).toBe(2);

    // pasted text: a memo holding it, with the keyboard in it
    await pasteText(page, 'Ask the harbour master\nabout the tide tables', empty);
    await canvas.memos.nth(1).waitFor();
    const memo = canvas.memos.nth(1).locator('textarea');
    expect(await memo.inputValue()).toBe('Ask the harbour master\nabout the tide tables');
    await expect.poll(() => memo.evaluate((el) => el === document.activeElement)).toBe(true);
    // pasting while typing in the memo is the memo's own paste: no new node
    await page.evaluate(() => navigator.clipboard.writeText(' (Monday)'));
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(() => memo.inputValue()).toBe('Ask the harbour master\nabout the tide tables (Monday)');
    expect(await canvas.memos.count()).toBe(2);

    // copied nodes still paste as nodes
    await canvas.select('memo', 1);
    await page.keyboard.press('ControlOrMeta+c');
    await page.getByText('1 node copied').waitFor();
    await page.mouse.click(centre.x - 450, centre.y - 250);
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(() => canvas.memos.count()).toBe(3);
    expect(await canvas.memos.nth(2).locator('textarea').inputValue()).toContain('(Monday)');

    // "Paste here" in the context menu takes the system clipboard's text too
    await page.evaluate(() => navigator.clipboard.writeText('Check the mooring lines'));
    await canvas.paneContextMenu('Paste here');
    await expect.poll(() => canvas.memos.count()).toBe(4);
    expect(await canvas.memos.nth(3).locator('textarea').inputValue()).toBe('Check the mooring lines');
    await canvas.waitUntilSaved();

    // the library has the file, the image and both links (fetched from the loopback page)
    const library = await new LibraryScreen(page).goto();
    await library.row('harbour-survey').waitFor();
    await library.row('swatch').waitFor();
    await library.waitForStatus('harbour-survey', 'finish');
    await expect.poll(() => library.row('Kelp drying racks').count(), { timeout: LONG_WAIT }).toBe(2);
    expect(await library.rows.count()).toBe(4);
  });

  for (const variant of [
    { name: 'en-dark', locale: 'en-US', colorScheme: 'dark' as const },
    { name: 'zh-light', locale: 'zh-CN', colorScheme: 'light' as const },
    { name: 'zh-dark', locale: 'zh-CN', colorScheme: 'dark' as const },
  ]) {
    it(`shows the overlay and the upload rows (${variant.name})`, async ({ server, open }) => {
      const { context, page } = await open({ locale: variant.locale, colorScheme: variant.colorScheme });
      await createAccount(server, context.request, uniqueEmail(`canvas-drop-${variant.name}`));
      await skipOnboarding(context.request);
      await newCanvas(page);
      const at = await paneCentre(page);
      const uploads = await holdUploads(page);
      const data = await transferIn(page, [
        file('notes.md', 'text/markdown', Buffer.from('# Notes\n\nDrop me on the canvas.')),
        file('setup.exe', 'application/x-msdownload', Buffer.from('MZ')),
      ]);
      await dragOver(page, data, at);
      await page.getByTestId('canvas-drop-overlay').waitFor();
      await screenshot(page, `canvas-drop-overlay-${variant.name}`);
      await drop(page, data, at);
      await expect.poll(() => uploads.held()).toBe(2);
      await uploads.release();
      // an unsupported type is refused with the catalogue's message, in the page's language
      const refused = page.getByTestId('canvas-drop-upload').and(page.locator('[data-state="error"]'));
      await refused
        .getByText(
          variant.locale === 'zh-CN' ? '暂不支持该文件类型' : 'This file type is temporarily not supported',
        )
        .waitFor();
      await new CanvasScreen(page).flowNode('resource').waitFor();
      await screenshot(page, `canvas-drop-rows-${variant.name}`);
    });
  }
});
