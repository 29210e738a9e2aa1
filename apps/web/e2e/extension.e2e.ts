/**
 * The web clipper (apps/extension) loaded unpacked in Debian's Chromium against the built
 * server: the options page refuses an address that is not Atelier and saves the server's, shows
 * the sign-in state and opens the sign-in page; a page served on 127.0.0.1 is clipped as an
 * article (through the popup), as a selection and as a link (through the documented message
 * protocol), and through its context-menu entries and shortcut (the worker's own listeners) with
 * a notification; each resource reaches "finish" in the library; a clip onto a canvas shows as a
 * node there; errors for a PDF, a browser page, a signed-out session (also after signing out in
 * the web app), a page over the content limit (E2004) and a full library (E2001); screenshots of
 * the popup and options, light and dark, en and zh-CN.
 *
 * Needs the extension's build: `npm run build` (or `npm run build -w @atelier/extension`).
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';
import { HomePage } from './pages/HomePage';
import { LibraryScreen } from './pages/LibraryPage';

/** Fixed by the manifest's `key` (apps/extension/wxt.config.ts). */
const EXTENSION_ID = 'bagkolnpkfjfaglakhagbdlmcilddngn';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const extensionDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../extension/.output/chrome-mv3');

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tidewater almanac</title></head>
<body>
  <nav><a href="/">Home</a> <a href="/shop">Shop</a> <span>menubarjunk</span></nav>
  <main><article>
    <h1>Tidewater almanac</h1>
    <p>Herons wade along the estuary at dawn, when the tide turns and the mudflats shine. The
       keyword of this article is saltmarshquill, and it should reach the library intact.</p>
    <p id="selected">The heron keeps perfectly still for minutes, then strikes faster than the eye
       can follow; observers call this the glassheron moment.</p>
    <p>Oystercatchers, curlews and godwits share the flats with the herons, each probing the mud to
       a different depth, so that the birds rarely compete for the same food.</p>
    <p>Tide tables printed in the almanac give the times of high and low water for each day of
       the year, and the heights in metres above chart datum.</p>
  </article></main>
  <footer>footerjunk</footer>
</body></html>`;

/** An article of about 130,000 characters: over the 100,000 of E2004. */
const LONG_ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The long almanac</title></head>
<body><main><article><h1>The long almanac</h1>
${Array.from(
  { length: 1300 },
  (_, i) => `<p>Entry ${i}: the tide rose over the mudflats and fell again, as it does twice a day.</p>`,
).join('\n')}
</article></main></body></html>`;

let web: Server | undefined;
let webBase = '';

beforeAll(async () => {
  web = createServer((req, res) => {
    if (req.url === '/almanac') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(ARTICLE);
    } else if (req.url === '/long') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(LONG_ARTICLE);
    } else if (req.url === '/other/v1/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', version: '3.1.0' }));
    } else if (req.url === '/paper.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n%%EOF\n');
    } else {
      // not an Atelier server: no /v1/health
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((done) => web!.listen(0, '127.0.0.1', done));
  webBase = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => (web ? web.close(() => done()) : done()));
});

// loopback links allowed (the link clip is fetched by the server); the extension's origin listed;
// the plans' quotas on, so that the free plan's 100 library items can be filled (E2001)
const it = e2eTest({
  FETCH_ALLOW_PRIVATE: 'true',
  CORS_ORIGINS: EXTENSION_ORIGIN,
  FEATURE_SUBSCRIPTION: 'true',
});

interface ChromeTab {
  id?: number;
  url?: string;
}
interface ChromeEvent {
  hasListener(listener: unknown): boolean;
}
interface ChromeApi {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { local: { set(items: Record<string, string>): Promise<void> } };
  tabs: { query(q: object): Promise<ChromeTab[]>; get(id: number): Promise<ChromeTab> };
  contextMenus: { onClicked: ChromeEvent };
  commands: { onCommand: ChromeEvent };
  notifications: { onClicked: ChromeEvent; create(id: string, options: object): Promise<string> };
}

/** A notification the service worker created (recorded by `recordNotices`). */
interface Notice {
  id: string;
  title: string;
  message: string;
}

/**
 * What the service worker sees: the chrome API, and the listeners its main function registered
 * and answered (WXT keeps them as the global `background`, apps/extension background.ts).
 */
interface WorkerScope {
  chrome: ChromeApi;
  background: {
    onMenuClicked(info: object, tab: ChromeTab): void;
    onCommand(command: string): void;
    onNotificationClicked(id: string): void;
  };
  atelierNotices?: Notice[];
}

async function launchWithExtension(baseURL: string): Promise<{ context: BrowserContext; profile: string }> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(
      `The extension is not built (${extensionDir} has no manifest.json): run npm run build -w @atelier/extension`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'atelier-ext-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    baseURL,
    locale: 'en-US',
    colorScheme: 'light',
    viewport: { width: 1100, height: 760 },
    args: [
      // extensions need the new headless mode
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  context.setDefaultTimeout(LONG_WAIT);
  return { context, profile };
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers().find((w) => w.url().startsWith(EXTENSION_ORIGIN));
  return running ?? context.waitForEvent('serviceworker', (w) => w.url().startsWith(EXTENSION_ORIGIN));
}

/** Sends one protocol message from an extension page, as the popup does. */
function message<T>(page: Page, body: unknown): Promise<T> {
  return page.evaluate(
    (m) => (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage(m),
    body,
  ) as Promise<T>;
}

async function tabIdOf(worker: Worker, url: string): Promise<number> {
  const ids = await worker.evaluate(
    async (u) =>
      (await (globalThis as unknown as { chrome: ChromeApi }).chrome.tabs.query({}))
        .filter((t) => t.url === u)
        .map((t) => t.id),
    url,
  );
  const id = ids[0];
  if (typeof id !== 'number') throw new Error(`no tab shows ${url}`);
  return id;
}

async function tabIds(worker: Worker): Promise<number[]> {
  const ids = await worker.evaluate(async () =>
    (await (globalThis as unknown as { chrome: ChromeApi }).chrome.tabs.query({})).map((t) => t.id),
  );
  return ids.filter((id): id is number => typeof id === 'number');
}

/**
 * Records every notification the service worker creates from now on (`chrome.notifications.create`
 * wrapped in the worker; the real one still runs) and checks that the listeners the test will
 * call are the ones the worker registered.
 */
async function recordNotices(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = globalThis as unknown as WorkerScope;
    const { chrome, background } = scope;
    if (
      !chrome.contextMenus.onClicked.hasListener(background.onMenuClicked) ||
      !chrome.commands.onCommand.hasListener(background.onCommand) ||
      !chrome.notifications.onClicked.hasListener(background.onNotificationClicked)
    ) {
      throw new Error('the worker did not register the listeners it answers');
    }
    if (scope.atelierNotices) return;
    scope.atelierNotices = [];
    const create = chrome.notifications.create.bind(chrome.notifications);
    chrome.notifications.create = (id: string, options: object) => {
      const { title, message } = options as { title: string; message: string };
      scope.atelierNotices!.push({ id, title, message });
      return create(id, options);
    };
  });
}

/** Runs `fire` (which calls a listener in the worker), then waits for the notification it creates. */
async function noticeAfter(worker: Worker, fire: () => Promise<unknown>): Promise<Notice> {
  const before = await worker.evaluate(() => (globalThis as unknown as WorkerScope).atelierNotices!.length);
  await fire();
  let notice: Notice | undefined;
  await expect
    .poll(
      async () => {
        notice = await worker.evaluate(
          (n) => (globalThis as unknown as WorkerScope).atelierNotices![n],
          before,
        );
        return notice;
      },
      { timeout: LONG_WAIT },
    )
    .toBeDefined();
  return notice!;
}

/** A context-menu clip in the tab `tabId`; answers the notification that tells its result. */
function clipByMenu(worker: Worker, tabId: number, info: { menuItemId: string; linkUrl?: string }) {
  return noticeAfter(worker, () => clickMenu(worker, tabId, info));
}

/** A click on one of the extension's context-menu entries in the tab `tabId`. */
function clickMenu(worker: Worker, tabId: number, info: { menuItemId: string; linkUrl?: string }) {
  return worker.evaluate(
    async ([id, i]) => {
      const { chrome, background } = globalThis as unknown as WorkerScope;
      const tab = await chrome.tabs.get(id);
      background.onMenuClicked({ editable: false, pageUrl: tab.url, ...i }, tab);
    },
    [tabId, info] as const,
  );
}

/** Opens `url` in a new tab; answers the page and the tab's id. */
async function openTab(
  context: BrowserContext,
  worker: Worker,
  url: string,
): Promise<{ page: Page; tabId: number }> {
  const page = await context.newPage();
  await page.goto(url);
  return { page, tabId: await tabIdOf(worker, url) };
}

/** The popup aimed at `tabId`, once its form is shown (after the canvases are listed) with the tab's title. */
async function openPopup(popup: Page, tabId: number, title: string): Promise<void> {
  await popup.goto(`${EXTENSION_ORIGIN}/popup.html?tabId=${tabId}`);
  await popup.locator('#clip-form').waitFor();
  await expect.poll(() => popup.locator('#title').inputValue()).toBe(title);
}

/** Clips the popup's tab as it stands and waits for the error `text` under the button. */
async function clipRefused(popup: Page, text: string): Promise<void> {
  await popup.locator('#clip').click();
  await popup.locator('#result[data-kind="error"]').getByText(text).waitFor();
}

/** The resource id at the end of an item's address (`…/library/resources/<id>`). */
const resourceIdOf = (itemUrl: string) => decodeURIComponent(itemUrl.split('/').pop() ?? '');

/** The extension's page in the given language and theme (saved settings, then a fresh load). */
async function showIn(page: Page, path: string, locale: string, theme: string): Promise<void> {
  await page.evaluate((s) => (globalThis as unknown as { chrome: ChromeApi }).chrome.storage.local.set(s), {
    locale,
    theme,
  });
  await page.goto(`${EXTENSION_ORIGIN}/${path}`);
  await page.locator(`html[lang="${locale}"][data-theme="${theme}"]`).waitFor();
}

interface ResourceDetail {
  title: string;
  indexStatus: string;
  content?: string;
  resourceType: string;
  data?: { url?: string };
}

describe('browser extension', () => {
  it('sets the server, signs in, clips a page three ways and shows clear errors', async ({ server }) => {
    const { context, profile } = await launchWithExtension(server.baseUrl);
    try {
      const worker = await serviceWorker(context);
      expect(new URL(worker.url()).host).toBe(EXTENSION_ID);

      // ---- options: an address that is not Atelier, then the server's ----
      const options = await context.newPage();
      await options.goto(`${EXTENSION_ORIGIN}/options.html`);
      const address = options.locator('#address');
      await expect.poll(() => address.inputValue()).toBe('http://localhost:5800');
      await address.fill(webBase);
      await options.locator('#test').click();
      await options
        .locator('#address-status[data-kind="error"]')
        .getByText('No Atelier server answers at this address')
        .waitFor();
      await address.fill('ftp://127.0.0.1/');
      await options.locator('#test').click();
      await options
        .locator('#address-status[data-kind="error"]')
        .getByText('This is not a web address')
        .waitFor();
      // another app with a health check of its own: answers, but not as Atelier; Save keeps nothing
      await address.fill(`${webBase}/other`);
      await options.locator('#save').click();
      await options
        .locator('#address-status[data-kind="error"]')
        .getByText('No Atelier server answers at this address. Is it the address you open Atelier at?')
        .waitFor();
      await screenshot(options, 'extension-options-not-atelier-light');
      expect(await message(options, { type: 'atelier.status' })).toMatchObject({
        address: 'http://localhost:5800',
      });
      await address.fill(`${server.baseUrl}/`);
      await options.locator('#save').click();
      await options.locator('#address-status[data-kind="ok"]').getByText(`uses ${server.baseUrl}.`).waitFor();
      await options.locator('#account-status[data-kind="error"]').getByText('You are signed out').waitFor();
      await screenshot(options, 'extension-options-signed-out-light');

      // ---- signed out: the popup says so and offers the sign-in page; a clip is refused ----
      const articleUrl = `${webBase}/almanac`;
      const { page: article, tabId } = await openTab(context, worker, articleUrl);
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 360, height: 560 });
      await popup.goto(`${EXTENSION_ORIGIN}/popup.html?tabId=${tabId}`);
      await popup.locator('#problem-text').getByText('You are signed out', { exact: false }).waitFor();
      await popup.locator('#sign-in').waitFor();
      await screenshot(popup, 'extension-popup-signed-out-light');
      expect(await message(popup, { type: 'atelier.clip', tabId, mode: 'link', title: 'Too early' })).toEqual(
        {
          error: 'signed_out',
        },
      );

      // ---- sign in: the button opens the server's sign-in page; the session is the browser's ----
      const [signInPage] = await Promise.all([
        context.waitForEvent('page'),
        options.locator('#sign-in').click(),
      ]);
      await signInPage.waitForURL(`${server.baseUrl}/`);
      const { email } = await createAccount(server, context.request, uniqueEmail('clipper'));
      await skipOnboarding(context.request);
      await options.locator('#refresh').click();
      await options.locator('#account-status[data-kind="ok"]').getByText(`Signed in as ${email}.`).waitFor();
      await expect.poll(() => options.locator('#sign-in').isHidden()).toBe(true);
      await screenshot(options, 'extension-options-light');

      // ---- the article through the popup (opened as a tab aimed at the page's tab) ----
      await openPopup(popup, tabId, 'Tidewater almanac');
      await screenshot(popup, 'extension-popup-light');
      await popup.locator('#clip').click();
      const openLink = popup.locator('#result[data-kind="ok"] a[data-resource-id]');
      await openLink.waitFor();
      const pageId = await openLink.getAttribute('data-resource-id');
      expect(await openLink.getAttribute('href')).toBe(`${server.baseUrl}/library/resources/${pageId}`);
      await screenshot(popup, 'extension-popup-clipped-light');

      // ---- the selection and the link through the message protocol ----
      await article.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById('selected')!);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
      });
      const selection = await message<{ resourceId?: string; error?: string }>(popup, {
        type: 'atelier.clip',
        tabId,
        mode: 'selection',
        title: 'Heron selection',
      });
      expect(selection.error).toBeUndefined();
      // the same message twice within 300 ms: one resource (spec section 9)
      const linkMessage = { type: 'atelier.clip', tabId, mode: 'link', title: 'Almanac link' };
      const [link, linkAgain] = (await popup.evaluate(
        (m) =>
          Promise.all([
            (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage(m),
            (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage(m),
          ]),
        linkMessage,
      )) as Array<{ resourceId?: string; error?: string }>;
      expect(link?.error).toBeUndefined();
      expect(linkAgain?.resourceId).toBe(link?.resourceId);

      // ---- relayed API call: the popup's pages reach the server only through the worker ----
      const listed = await message<{ success: boolean; data?: Array<{ resourceId: string }> }>(popup, {
        type: 'atelier.api',
        id: 'knowledge.resource.list',
        input: { query: { page: 1, pageSize: 20 } },
      });
      expect(listed.success).toBe(true);
      expect(listed.data?.map((r) => r.resourceId).sort()).toEqual(
        [pageId, selection.resourceId, link?.resourceId].sort(),
      );

      // ---- each resource is parsed and indexed like any other ----
      const library = new LibraryScreen(signInPage);
      await library.goto();
      for (const name of ['Tidewater almanac', 'Heron selection', 'Almanac link']) {
        await library.waitForStatus(name, 'finish');
      }
      expect(await library.rows.count()).toBe(3);
      await screenshot(signInPage, 'extension-library-clips-light');
      const detail = (id: string | null | undefined) =>
        apiCall<ResourceDetail>(context.request, 'GET', `/knowledge/resource/detail?resourceId=${id}`);
      const pageDetail = await detail(pageId);
      expect(pageDetail.content).toContain('saltmarshquill');
      expect(pageDetail.data?.url).toBe(articleUrl);
      expect(pageDetail.content).not.toContain('menubarjunk');
      expect(pageDetail.content).not.toContain('footerjunk');
      const selectionDetail = await detail(selection.resourceId);
      expect(selectionDetail.content).toContain('glassheron');
      expect(selectionDetail.content).not.toContain('saltmarshquill');
      expect(selectionDetail.data?.url).toBe(articleUrl);
      const linkDetail = await detail(link?.resourceId);
      expect(linkDetail.resourceType).toBe('weblink');
      expect(linkDetail.content).toContain('saltmarshquill');

      // ---- onto a canvas: picked in the popup, the node shows on the canvas ----
      const board = await apiCall<{ canvasId: string }>(context.request, 'POST', '/canvas/create', {
        title: 'Estuary board',
      });
      await popup.goto(`${EXTENSION_ORIGIN}/popup.html?tabId=${tabId}`);
      await popup.locator(`#target option[value="${board.canvasId}"]`).waitFor({ state: 'attached' });
      await popup.locator('#target').selectOption(board.canvasId);
      await popup.locator('#title').fill('Almanac on the board');
      await popup.locator('input[name="mode"][value="link"]').check();
      await screenshot(popup, 'extension-popup-canvas-light');
      await popup.locator('#clip').click();
      const canvasLink = popup.locator('#result[data-kind="ok"] a[data-node-id]');
      await canvasLink.waitFor();
      expect(await canvasLink.getAttribute('href')).toBe(`${server.baseUrl}/canvas/${board.canvasId}`);
      await signInPage.goto(`/canvas/${board.canvasId}`);
      await signInPage
        .getByTestId('canvas-node-resource')
        .filter({ hasText: 'Almanac on the board' })
        .waitFor();
      await screenshot(signInPage, 'extension-canvas-node-light');

      // ---- the context menu and the shortcut: their registered listeners, called in the worker ----
      await recordNotices(worker);
      const byMenu = await clipByMenu(worker, tabId, { menuItemId: 'atelier-page' });
      expect(byMenu).toMatchObject({
        title: 'Clipped to Atelier',
        message: '"Tidewater almanac" is in your library. Click to open it.',
      });
      // the notice's id is the item's address: a click on it opens the item
      expect(byMenu.id).toMatch(new RegExp(`^${server.baseUrl}/library/resources/[^/]+$`));
      await article.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelectorAll('article p')[2]!);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
      });
      const byMenuSelection = await clipByMenu(worker, tabId, { menuItemId: 'atelier-selection' });
      const byMenuLink = await clipByMenu(worker, tabId, { menuItemId: 'atelier-link', linkUrl: articleUrl });
      expect(byMenuLink.message).toBe(`"${articleUrl}" is in your library. Click to open it.`);
      // Alt+Shift+S clips the active tab: another tab on the article, brought to the front
      const shortcutUrl = `${articleUrl}#shortcut`;
      const second = await context.newPage();
      await second.goto(shortcutUrl);
      await second.bringToFront();
      const byShortcut = await noticeAfter(worker, () =>
        worker.evaluate(() => (globalThis as unknown as WorkerScope).background.onCommand('clip-page')),
      );
      const menuIds = [byMenu, byMenuSelection, byMenuLink, byShortcut].map((n) => resourceIdOf(n.id));
      expect(new Set(menuIds).size).toBe(4);
      for (const id of menuIds) {
        await expect.poll(async () => (await detail(id)).indexStatus, { timeout: LONG_WAIT }).toBe('finish');
      }
      const listedNow = await apiCall<Array<{ resourceId: string }>>(
        context.request,
        'GET',
        '/knowledge/resource/list?page=1&pageSize=50',
      );
      expect(listedNow.map((r) => r.resourceId)).toEqual(expect.arrayContaining(menuIds));
      expect((await detail(menuIds[0])).content).toContain('saltmarshquill');
      const menuSelection = await detail(menuIds[1]);
      expect(menuSelection.content).toContain('Oystercatchers');
      expect(menuSelection.content).not.toContain('glassheron');
      expect((await detail(menuIds[2])).resourceType).toBe('weblink');
      expect((await detail(menuIds[3])).data?.url).toBe(shortcutUrl);
      const [opened] = await Promise.all([
        context.waitForEvent('page'),
        worker.evaluate(
          (id) => (globalThis as unknown as WorkerScope).background.onNotificationClicked(id),
          byMenu.id,
        ),
      ]);
      await opened.waitForURL(byMenu.id);
      await opened.close();
      await second.close();

      // ---- clear errors ----
      const pdf = await context.newPage();
      await pdf.goto(`${webBase}/paper.pdf`).catch(() => undefined);
      const pdfTab = await tabIdOf(worker, `${webBase}/paper.pdf`);
      expect(await message(popup, { type: 'atelier.clip', tabId: pdfTab, mode: 'page' })).toEqual({
        error: 'unreadable_page',
      });
      // the extension may not read a browser page's address: its tab is the one that is new
      const tabsBefore = await tabIds(worker);
      const browserPage = await context.newPage();
      await browserPage.goto('chrome://version');
      const browserTab = (await tabIds(worker)).find((id) => !tabsBefore.includes(id));
      expect(browserTab).toBeTypeOf('number');
      expect(await message(popup, { type: 'atelier.clip', tabId: browserTab, mode: 'page' })).toEqual({
        error: 'unreadable_page',
      });
      // from the context menu, a failure is told by a notification
      const pdfNotice = await clipByMenu(worker, pdfTab, { menuItemId: 'atelier-page' });
      expect(pdfNotice.id).toMatch(/^atelier-error-/);
      expect(pdfNotice.title).toBe('Atelier could not clip this page');
      expect(pdfNotice.message).toContain('This page cannot be read');
      expect(await message(popup, { type: 'atelier.clip', tabId, mode: 'sideways' })).toEqual({
        error: 'bad_message',
      });
      await popup.goto(`${EXTENSION_ORIGIN}/popup.html?tabId=${browserTab}`);
      await clipRefused(popup, 'This page cannot be read');
      await screenshot(popup, 'extension-popup-error-light');

      // ---- screenshots: light and dark, en and zh-CN ----
      for (const [locale, theme] of [
        ['en', 'dark'],
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
      ] as const) {
        await showIn(popup, `popup.html?tabId=${tabId}`, locale, theme);
        await popup.locator('#clip-form').waitFor();
        await expect.poll(() => popup.locator('#title').inputValue()).toBe('Tidewater almanac');
        await screenshot(popup, `extension-popup-${theme}-${locale}`);
        await showIn(options, 'options.html', locale, theme);
        await options.locator('#account-status[data-kind="ok"]').getByText(email, { exact: false }).waitFor();
        await screenshot(options, `extension-options-${theme}-${locale}`);
      }
      await options.locator('h1').getByText('Atelier 网页剪藏设置').waitFor();
      // the language menu switches the page
      await options.locator('#locale').selectOption('en');
      await options.locator('html[lang="en"]').waitFor();
      await options.locator('h1').getByText('Atelier Web Clipper settings').waitFor();

      // ---- signed out in the web app: the popup and the options ask the server again ----
      await popup.goto(`${EXTENSION_ORIGIN}/popup.html?tabId=${tabId}`);
      await popup.locator('#clip-form').waitFor();
      const home = await new HomePage(signInPage).goto();
      await (await home.openSettings()).logout();
      await popup.reload();
      await popup.locator('#problem-text').getByText('You are signed out', { exact: false }).waitFor();
      await popup.locator('#sign-in').waitFor();
      expect(await popup.locator('#clip-form').isHidden()).toBe(true);
      await options.reload();
      await options.locator('#account-status[data-kind="error"]').getByText('You are signed out').waitFor();
      await expect.poll(() => options.locator('#sign-in').isVisible()).toBe(true);
      // a status read right after the cookies go (well within the 300 ms debounce window) is asked
      // anew, not answered from the signed-in read before it
      await createAccount(server, context.request, uniqueEmail('again'));
      expect(await message(options, { type: 'atelier.status' })).toMatchObject({ signedIn: true });
      await context.clearCookies();
      expect(await message(options, { type: 'atelier.status' })).toMatchObject({ signedIn: false });
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('tells a page over the content limit (E2004) and a full library (E2001) in the popup and by notification', async ({
    server,
  }) => {
    const { context, profile } = await launchWithExtension(server.baseUrl);
    try {
      const worker = await serviceWorker(context);
      const options = await context.newPage();
      await options.goto(`${EXTENSION_ORIGIN}/options.html`);
      expect(await message(options, { type: 'atelier.saveAddress', address: server.baseUrl })).toMatchObject({
        address: server.baseUrl,
      });
      await createAccount(server, context.request, uniqueEmail('quota'));
      await skipOnboarding(context.request);

      // ---- over 100,000 characters: refused before anything is sent ----
      const { tabId: longTab } = await openTab(context, worker, `${webBase}/long`);
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 360, height: 560 });
      await openPopup(popup, longTab, 'The long almanac');
      await clipRefused(popup, 'Content too large, maximum 100k characters');
      await screenshot(popup, 'extension-popup-too-large-light');
      await recordNotices(worker);
      const tooLong = await clipByMenu(worker, longTab, { menuItemId: 'atelier-page' });
      expect(tooLong).toMatchObject({
        title: 'Atelier could not clip this page',
        message: 'Content too large, maximum 100k characters',
      });
      const none = await apiCall<unknown[]>(
        context.request,
        'GET',
        '/knowledge/resource/list?page=1&pageSize=5',
      );
      expect(none).toEqual([]);

      // ---- the free plan's 100 library items, filled; then a clip is refused with E2001 ----
      const note = (i: number) => ({ title: `Note ${i}`, resourceType: 'text', content: `note number ${i}` });
      for (const from of [0, 49]) {
        const items = Array.from({ length: 49 }, (_, i) => note(from + i));
        await apiCall(context.request, 'POST', '/knowledge/resource/batchCreate', { items });
      }
      await apiCall(context.request, 'POST', '/knowledge/resource/batchCreate', {
        items: [note(98), note(99)],
      });
      const articleUrl = `${webBase}/almanac`;
      const { tabId } = await openTab(context, worker, articleUrl);
      await openPopup(popup, tabId, 'Tidewater almanac');
      await clipRefused(popup, 'Storage quota exceeded, please upgrade your subscription');
      await screenshot(popup, 'extension-popup-quota-light');
      const full = await clipByMenu(worker, tabId, { menuItemId: 'atelier-link', linkUrl: articleUrl });
      expect(full).toMatchObject({
        title: 'Atelier could not clip this page',
        message: 'Storage quota exceeded, please upgrade your subscription',
      });
      expect(
        await message(popup, { type: 'atelier.clip', tabId, mode: 'selection', title: 'No room' }),
      ).toMatchObject({ error: 'no_selection' });
      expect(
        await message(popup, { type: 'atelier.clip', tabId, mode: 'link', title: 'No room' }),
      ).toMatchObject({
        error: 'E2001',
      });
      const usage = await apiCall<{ storage: { fileCountUsed: number; fileCountQuota: number } }>(
        context.request,
        'GET',
        '/subscription/usage',
      );
      expect(usage.storage).toMatchObject({ fileCountUsed: 100, fileCountQuota: 100 });
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
