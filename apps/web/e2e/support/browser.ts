/** Debian's Chromium through playwright-core (never a downloaded browser), one context per test. */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../test-output/screenshots',
);

/**
 * How long a browser test waits for something that must happen (an element, a response, a
 * poll): generous, because on a loaded 2-core machine a step can take many seconds, and a hung
 * step still fails. Every page gets it as its default timeout.
 */
export const LONG_WAIT = 60_000;

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every test browser runs with (the headless mode is chosen by each launch). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
}

export interface ContextOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  /** Expose window.atelierDebug (localStorage flag set before the app starts). */
  debug?: boolean;
  /**
   * The OS setting for motion. Tests run with 'reduce' unless they ask otherwise: dialogs and
   * menus then appear without their zoom and slide, so no click lands on something still
   * moving, and the browser draws far fewer frames. Tests of the animations ask for
   * 'no-preference'.
   */
  reducedMotion?: 'reduce' | 'no-preference';
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'reduce',
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(LONG_WAIT);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  if (options.debug) {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-debug-set')) {
        localStorage.setItem('atelier.debug', '1');
        sessionStorage.setItem('e2e-debug-set', '1');
      }
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Opens another tab of `page`'s context (same cookies and storage) in a window of its own.
 * Headless Chromium draws only the front tab of a window: a page left behind a tab opened with
 * `context.newPage()` gets one animation frame a second, and each click on it then waits about
 * 2 s for Playwright's "stable" check (it compares two frames). Two windows side by side, as a
 * person would arrange them, both keep drawing.
 */
export async function openWindow(page: Page, url?: string): Promise<Page> {
  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => {
      window.open('about:blank', '_blank', 'popup,noopener');
    }),
  ]);
  if (url) await opened.goto(url);
  return opened;
}

/**
 * Waits until no CSS animation or transition runs on the page (a modal's zoom-in, a dropdown's
 * slide): on a slow machine a click aimed at an element that is still moving lands beside it.
 * A paused one counts too: antd's motion adds an opening animation paused and starts it a frame
 * later.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // endless ones (a spinner) never finish: only those that will end count
        .filter(
          (a) =>
            (a.playState === 'running' || a.playState === 'paused') &&
            a.effect?.getComputedTiming().endTime !== Infinity,
        ).length === 0,
    undefined,
    { polling: 50 },
  );
}

/**
 * Saves a screenshot once no animation runs or waits to start (`animationsDone`): a modal that
 * has just opened was caught half zoomed in, or not yet shown, because Playwright's
 * `animations: 'disabled'` finishes only the animations that already run when it is called
 * (antd starts a modal's a frame after adding it). That option still finishes any that start
 * meanwhile (a tab's ink bar, the theme's colour fade).
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsDone(page);
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/**
 * Waits until the keyboard is in `target`: the element or one of its descendants has the focus,
 * or (inside a rich-text editor) the editable root that holds it does. Call it before
 * `page.keyboard.type`: a field that takes the focus in an effect or on the next frame is focused
 * later than it appears, and on a busy machine the first letters would go elsewhere.
 */
export async function waitForFocus(target: Locator, timeout = LONG_WAIT): Promise<void> {
  const handle = await target.elementHandle({ timeout });
  if (!handle) throw new Error('waitForFocus: no element');
  await target.page().waitForFunction(
    (el) => {
      const active = document.activeElement;
      if (!active) return false;
      return (
        el.contains(active) ||
        (active instanceof HTMLElement && active.isContentEditable && active.contains(el))
      );
    },
    handle,
    { timeout },
  );
}

/** Clicks into a field and waits until it has the keyboard. */
export async function clickToFocus(target: Locator): Promise<void> {
  await target.click();
  await waitForFocus(target);
}

/**
 * Clicks `target` until `done` reaches `state`. On a loaded machine a click on a dialog that was
 * still opening was lost twice in CI (the dialog stayed open, nothing happened): each try waits
 * 10 s for the positive signal, then clicks again if the target is still there.
 */
export async function clickUntil(
  target: Locator,
  done: Locator,
  state: 'visible' | 'hidden' | 'detached' = 'visible',
  tries = 6,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (attempt === 0) await target.click();
    else if (await target.isVisible()) await target.click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await done.waitFor({ state, timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= tries - 1) throw err;
    }
  }
}

/**
 * Opens the dropdown menu of `button` and clicks its `item`, again while the menu is still open
 * after the click. In CI a click on a menu item that was still sliding in was lost once (the menu
 * stayed open, no export started, the test waited 60 s for a download). A dropdown closes when
 * an item is chosen, so "the item is hidden" is the positive signal.
 */
export async function chooseMenuItem(button: Locator, item: Locator, tries = 6): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await item.isVisible())) await button.click({ timeout: 10_000 });
      await item.click({ timeout: 10_000 });
      await item.waitFor({ state: 'hidden', timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= tries - 1) throw err;
    }
  }
}
