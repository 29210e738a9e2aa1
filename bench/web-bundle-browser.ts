// What Chromium actually downloads before sign-in (issue 13: ≤ 200 KB gzip), next to the build
// manifest's count (apps/web/scripts/bundle-size.mjs): the landing page, then with the sign-in
// dialog open, then with the password reset dialog open, for an English and a Chinese visitor.
// Each script the page fetches is counted once, at gzip level 9 like the manifest count (the
// server's own compression is not what is measured). Runs the built app (apps/web/dist).
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startBenchServer } from './bench-server.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL = 200 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startBenchServer('web-bundle', { WEB_DIST_DIR: join(root, 'apps', 'web', 'dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** Gzip sizes of the scripts a page fetched, by URL; `settled` waits for the ones in flight. */
function countScripts(page: Page) {
  const sizes = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !/\.m?js(?:\?|$)/.test(response.url())) return;
    const job = response
      .body()
      .then((body) => void sizes.set(response.url(), gzipSync(body, { level: 9 }).length))
      .catch(() => undefined)
      .finally(() => pending.delete(job));
    pending.add(job);
  });
  return {
    async settled(): Promise<{ bytes: number; files: number }> {
      await page.waitForLoadState('networkidle');
      await Promise.all([...pending]);
      let bytes = 0;
      for (const size of sizes.values()) bytes += size;
      return { bytes, files: sizes.size };
    },
  };
}

try {
  await server.signUp();
  const rows: string[] = [];
  for (const locale of ['en', 'zh-CN'] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = countScripts(page);
    await page.goto(`${server.base}/`);
    await page.getByTestId('landing-page').waitFor();
    const landing = await scripts.settled();
    await page.getByTestId('nav-login').click();
    await page.locator('#auth-email').waitFor();
    const signIn = await scripts.settled();
    await page.locator('.auth-modal__forgot').click();
    await page.locator('#reset-email').waitFor();
    const reset = await scripts.settled();
    const status = (b: number) => (b <= GOAL ? 'met' : 'missed');
    rows.push(
      `${locale}: landing ${kb(landing.bytes)} (${landing.files} files); ` +
        `+ sign-in dialog ${kb(signIn.bytes)} (${signIn.files}, ${status(signIn.bytes)}); ` +
        `+ password reset ${kb(reset.bytes)} (${reset.files}, ${status(reset.bytes)})`,
    );
    await context.close();
  }
  console.log(`JavaScript Chromium fetches before sign-in (gzip, goal <= ${kb(GOAL)}):`);
  for (const row of rows) console.log(`  ${row}`);
} finally {
  await browser.close();
  await server.stop();
}
