/**
 * The library against the real server: upload a PDF and a DOCX (generated here), add a pasted
 * text and a web link served from loopback (the server allows private addresses through
 * FETCH_ALLOW_PRIVATE), watch each reach "Finished", open a detail, find a word of it from the
 * home search box and the library filter, add a resource to a canvas, delete one; screenshots in
 * light/dark and English/Chinese.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { Document, Packer, Paragraph, HeadingLevel, TextRun } from 'docx';
import PDFDocument from 'pdfkit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { LONG_WAIT, screenshot } from './support/browser';
import { sendFresh } from './support/api';
import { e2eTest } from './support/fixture';
import { buildPng } from './support/files';
import { HomePage } from './pages/HomePage';
import { LibraryScreen, ResourceDetail } from './pages/LibraryPage';

function buildPdf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    doc.fontSize(14).text(text);
  }
  doc.end();
  return done;
}

function buildDocx(heading: string, body: string): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(heading)] }),
          new Paragraph({ children: [new TextRun(body)] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const WEB_PAGE = `<!doctype html><html><head><title>Tidal gardens</title></head><body><article>
<h1>Tidal gardens</h1>
<p>Seaweed farmers along the coast harvest kelp twice a year. The word of this page is marigoldfern.</p>
<p>Each plot is tended by hand and the kelp is dried on wooden racks before it is sold.</p>
</article></body></html>`;

let web: Server;
let webUrl: string;

beforeAll(async () => {
  web = createServer((req, res) => {
    if (req.url === '/tidal-gardens') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(WEB_PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/tidal-gardens`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (web ? web.close(() => resolve()) : resolve()));
});

// quotas on (the free plan's 100 files), uploads capped at 200 KB, loopback links allowed
const it = e2eTest({
  FETCH_ALLOW_PRIVATE: 'true',
  FEATURE_SUBSCRIPTION: 'true',
  UPLOAD_MAX_BYTES: String(200 * 1024),
});

describe('library', () => {
  it('imports files, text and a link, shows them finished, opens, finds, adds to a canvas and deletes', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      const { email } = await createAccount(server, context.request, uniqueEmail('library'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await home.sidebar.getByText('Library', { exact: true }).click();
      const library = new LibraryScreen(page);
      await library.root.waitFor();
      await page.getByTestId('resource-list-empty').waitFor();

      const pdf = await buildPdf([
        'Quarterly report on lighthouse maintenance. The keyword is zephyrquartz.',
        'Second page: the lamps were cleaned and the lenses polished.',
      ]);
      const docx = await buildDocx(
        'Orchard notes',
        'Apple trees need pruning in winter; the code word is velvetplum.',
      );

      const modal = await library.openImport();
      await screenshot(page, 'library-import-files-light');
      await modal.uploadFiles([
        { name: 'lighthouse-report.pdf', mimeType: 'application/pdf', buffer: pdf },
        {
          name: 'orchard-notes.docx',
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          buffer: docx,
        },
        { name: 'too-big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(300 * 1024, 'a') },
      ]);
      expect(await modal.uploads('file').and(page.locator('[data-state="done"]')).count()).toBe(2);
      await modal
        .uploads('file')
        .and(page.locator('[data-state="error"]'))
        .getByText('File size cannot exceed the limit')
        .waitFor();
      await screenshot(page, 'library-import-progress-light');
      await modal.uploadFiles(
        [{ name: 'swatch.png', mimeType: 'image/png', buffer: buildPng(40, 30) }],
        'image',
      );
      // state and text of each row: a failed upload shows its message in the assertion
      expect(
        await modal
          .uploads('image')
          .evaluateAll((rows) => rows.map((r) => `${r.dataset.state}: ${r.textContent}`)),
      ).toEqual([expect.stringMatching(/^done: /)]);

      // validation of the links and text tabs, with the spec's messages
      await modal.addLinks('ftp://example.com/file');
      await modal.root.getByText('Web links must start with http or https', { exact: false }).waitFor();
      await modal.openTab('text');
      await modal.root.getByTestId('import-text-save').click();
      await modal.root.getByText('Pasted text needs both title and content').waitFor();
      await modal.openTab('clipper');
      await modal.root.getByTestId('import-clipper').waitFor();
      await screenshot(page, 'library-import-clipper-light');

      await modal.addLinks(webUrl);
      await modal.root.waitFor({ state: 'hidden' });
      await (
        await library.openImport()
      ).addText(
        'Meeting notes',
        '# Standup\n\n- Ship the **library** screen\n- The secret word is amberlynx',
      );
      await library.importModal.root.waitFor({ state: 'hidden' });

      await library.waitForStatus('lighthouse-report', 'finish');
      await library.waitForStatus('orchard-notes', 'finish');
      await library.waitForStatus('Meeting notes', 'finish');
      await library.waitForStatus('Tidal gardens', 'finish');
      await library.waitForStatus('swatch', 'finish');
      expect(await library.rows.count()).toBe(5);
      await screenshot(page, 'library-resources-light');

      // the detail: metadata, download, content rendered from Markdown
      await library.row('lighthouse-report').getByTestId('library-row-title').click();
      const detail = new ResourceDetail(page);
      await detail.root.waitFor();
      await detail.content.getByText('zephyrquartz', { exact: false }).first().waitFor();
      expect(await page.getByTestId('resource-download').getAttribute('href')).toContain('/v1/misc/static/');
      await page.getByTestId('resource-meta').getByText('Finished').waitFor();
      await screenshot(page, 'library-resource-detail-light');

      await page.getByTestId('resource-back').click();
      await library.row('swatch').getByTestId('library-row-title').click();
      await page.getByTestId('resource-meta').getByText('40 × 30 px').waitFor();
      await page.locator('.resource-panel__image img').waitFor();
      await page.getByTestId('resource-back').click();
      await library.row('Meeting notes').getByTestId('library-row-title').click();
      await detail.content.locator('h1', { hasText: 'Standup' }).waitFor();
      await detail.content.locator('strong', { hasText: 'library' }).waitFor();

      // home search finds words inside the files
      await home.goto();
      await home.search.fill('velvetplum');
      const hit = page.getByTestId('library-search-hit').filter({ hasText: 'orchard-notes' });
      await hit.waitFor();
      await screenshot(page, 'library-home-search-light');
      await hit.click();
      await detail.content.getByText('velvetplum', { exact: false }).first().waitFor();

      await home.goto();
      await home.search.fill('marigoldfern');
      await page.getByTestId('library-search-hit').filter({ hasText: 'marigoldfern' }).first().waitFor();

      // the library's filter matches titles and content
      await library.goto();
      await library.filter('zephyrquartz');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="library-row"]').length === 1,
        undefined,
        { timeout: LONG_WAIT },
      );
      await library.row('lighthouse-report').waitFor();
      await library.filter('');

      // add to canvas through the live canvas document
      await signIn(context.request, email);
      const created = await sendFresh(context.request, () =>
        context.request.post('/v1/canvas/create', { data: { title: 'Research board' } }),
      );
      expect(((await created.json()) as { success: boolean }).success).toBe(true);
      await library.row('orchard-notes').getByTestId('library-row-add-to-canvas').click();
      await page.getByTestId('add-to-canvas-item').filter({ hasText: 'Research board' }).click();
      // one connection, or a second when the first is refused (addToCanvas.ts): up to 2 × 15 s
      await page.getByTestId('add-to-canvas-done').waitFor({ timeout: LONG_WAIT });
      await page.getByTestId('add-to-canvas-open').click();
      const node = page.getByTestId('canvas-node-resource').filter({ hasText: 'orchard-notes' });
      await node.waitFor();
      // the canvas preview panel shows the same resource detail
      await node.dblclick();
      await page
        .getByTestId('canvas-preview')
        .getByTestId('resource-content')
        .getByText('velvetplum', { exact: false })
        .waitFor();
      await screenshot(page, 'library-resource-in-canvas-light');

      // delete one
      await library.goto();
      await library.delete('Meeting notes');
      expect(await library.rows.count()).toBe(4);
    } catch (err) {
      await screenshot(page, `library-failure-${Date.now()}`);
      // what the app said (a toast names a failed call) goes into the runner's output
      const said = await page.locator('.ant-message-notice').allTextContents();
      if (said.length) console.error(`library e2e failed with on screen: ${said.join(' | ')}`);
      throw err;
    } finally {
      await context.close();
    }
  });

  it('renders the library in dark mode and in Chinese', async ({ server, open }) => {
    const { context, page } = await open({
      colorScheme: 'dark',
      locale: 'zh-CN',
    });
    try {
      await createAccount(server, context.request, uniqueEmail('library-zh'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      const library = await new LibraryScreen(page).goto();
      const modal = await library.openImport();
      await modal.addText('会议记录', '今天讨论了知识库的**导入**功能。');
      await modal.root.waitFor({ state: 'hidden' });
      await library.waitForStatus('会议记录', 'finish');
      await page.getByText('已完成').first().waitFor();
      await screenshot(page, 'library-resources-dark-zh');
      await library.openImport();
      await modal.addLinks('not a link');
      await modal.root.getByText('网页链接必须以 http 或 https 开头', { exact: false }).waitFor();
      await screenshot(page, 'library-import-dark-zh');
      await modal.close();
      await library.row('会议记录').getByTestId('library-row-title').click();
      await new ResourceDetail(page).content.locator('strong', { hasText: '导入' }).waitFor();
      await screenshot(page, 'library-resource-detail-dark-zh');
      await page.goto('/library/documents');
      await page.getByTestId('library-documents').waitFor();
      await screenshot(page, 'library-documents-dark-zh');
    } catch (err) {
      await screenshot(page, `library-failure-${Date.now()}`);
      throw err;
    } finally {
      await context.close();
    }
  });
  it('shows the storage-exceeded dialog when the free plan is full', async ({ server, open }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('library-quota'));
      for (const [from, count] of [
        [0, 50],
        [50, 49],
      ] as const) {
        const items = Array.from({ length: count }, (_, i) => ({
          resourceType: 'text',
          title: `Note ${from + i + 1}`,
          content: `Short note number ${from + i + 1}`,
        }));
        // access tokens of the test server live 3 s: a 401 refreshes the session and sends again
        const res = await sendFresh(context.request, () =>
          context.request.post('/v1/knowledge/resource/batchCreate', { data: { items } }),
        );
        const body = (await res.json()) as { success: boolean };
        expect(body, JSON.stringify(body).slice(0, 300)).toMatchObject({ success: true });
      }
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      const library = await new LibraryScreen(page).goto();
      const modal = await library.openImport();
      await modal.addLinks('https://example.com/one\nhttps://example.com/two');
      const dialog = page.getByTestId('storage-exceeded-modal').locator('.ant-modal');
      await dialog.getByText('Insufficient storage: only 1 file can be saved.').waitFor();
      await screenshot(page, 'library-storage-exceeded-light');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
    } catch (err) {
      await screenshot(page, `library-failure-${Date.now()}`);
      throw err;
    } finally {
      await context.close();
    }
  });
});
