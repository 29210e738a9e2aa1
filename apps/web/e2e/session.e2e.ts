/**
 * The 401 flow of spec section 4 against the real server: concurrent requests share one refresh
 * and are replayed; a failed refresh wipes and reloads. The test expires the access token in the
 * browser (a token of the same sign-in whose `exp` has passed), so nothing waits for its TTL.
 */
import { describe, expect } from 'vitest';
import { createAccount, uniqueEmail } from './support/accounts';
import { e2eTest } from './support/fixture';
import { expireAccessToken } from './support/session';
import { sendFresh } from './support/api';
import { buildPng } from './support/files';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { LONG_WAIT } from './support/browser';

const it = e2eTest();

describe('expired access token', () => {
  it('refreshes once for several concurrent requests and replays them all', async ({ server, open }) => {
    const { context, page } = await open({ debug: true });
    try {
      await createAccount(server, context.request, uniqueEmail('refresh'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();

      // Only requests sent after the token expired count: a refetch the home page had sent with
      // the valid token may answer late on a busy machine. (Telling them apart by the token
      // fails: a refresh in the same second as the token's issue signs the very same token.)
      // The app may refetch by itself meanwhile, so the counts are "at least": every request
      // that carried the expired token met a 401, and each was replayed with a 200.
      await expireAccessToken(context);
      const expiredToken = (await context.cookies()).find((c) => c.name === 'atelier_access')?.value;
      const seen: Promise<{ expired: boolean; status: number }>[] = [];
      let refreshCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/v1/auth/refreshToken')) refreshCalls += 1;
        if (!request.url().endsWith('/v1/user/settings')) return;
        seen.push(
          Promise.all([request.headerValue('cookie'), request.response()]).then(([cookie, response]) => ({
            expired: !!expiredToken && !!cookie?.includes(expiredToken),
            status: response?.status() ?? 0,
          })),
        );
      });

      const results = await page.evaluate(async () => {
        const debug = window.atelierDebug;
        if (!debug) throw new Error('debug hook missing');
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => debug.request('user.settings.get')),
        );
        return answers.map((a) => (a as { success: boolean }).success);
      });

      expect(results).toEqual([true, true, true, true, true]);
      expect(refreshCalls).toBe(1);
      const sent = await Promise.all(seen);
      const withExpired = sent.filter((r) => r.expired);
      expect(withExpired.length).toBeGreaterThanOrEqual(5);
      expect(withExpired.every((r) => r.status === 401)).toBe(true);
      const replayed = sent.filter((r) => !r.expired);
      expect(replayed.every((r) => r.status === 200)).toBe(true);
      expect(replayed.length).toBeGreaterThanOrEqual(withExpired.length);
      expect(await home.root.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a private image that met the expired token is loaded again after the refresh', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('image'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      const res = await sendFresh(context.request, () =>
        context.request.post('/v1/misc/upload', {
          multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: buildPng(40, 30) } },
        }),
      );
      const { url } = ((await res.json()) as { data: { url: string } }).data;
      const path = new URL(url).pathname;

      const statuses: number[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === path && r.request().method() === 'GET') statuses.push(r.status());
      });
      await expireAccessToken(context);
      // an image the page shows now: its first request meets the expired token
      await page.evaluate((src) => {
        const img = document.createElement('img');
        img.dataset.testid = 'private-image';
        img.src = src;
        document.body.append(img);
      }, path);
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('[data-testid="private-image"]');
          return Boolean(img?.complete && img.naturalWidth === 40);
        },
        undefined,
        { timeout: LONG_WAIT },
      );
      expect(statuses).toEqual([401, 200]);
    } finally {
      await context.close();
    }
  });

  it('wipes local data and reloads when the refresh fails', async ({ server, open }) => {
    const { context, page } = await open();
    try {
      await createAccount(server, context.request, uniqueEmail('wipe'));
      const home = await new HomePage(page).goto();
      await home.skipHighlightsIfShown();
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            localStorage.setItem('draft', 'unsaved');
            const open = indexedDB.open('atelier-drafts', 1);
            open.onupgradeneeded = () => open.result.createObjectStore('d');
            open.onsuccess = () => {
              open.result.close();
              done();
            };
          }),
      );
      // the dialog opens before the sign-in breaks: the app's own requests (its access tokens
      // live 3 s here) would otherwise meet the broken sign-in and reload the page first
      await home.openSettings();
      const reloaded = page.waitForEvent('load', { timeout: LONG_WAIT });
      // Failed refreshes only: one the app started before the sign-in ended may still succeed.
      let failedRefreshes = 0;
      page.on('response', (r) => {
        if (r.url().endsWith('/v1/auth/refreshToken') && r.status() !== 200) failedRefreshes += 1;
      });
      // The sign-in ends elsewhere (a logout on another device): the server revokes its whole
      // refresh-token family and its access tokens, so no refresh in flight can revive it (a
      // swapped cookie could be overwritten by the answer of a refresh the app had under way).
      const refresh = (await context.cookies()).find((c) => c.name === 'atelier_refresh');
      expect(refresh).toBeTruthy();
      const logout = await fetch(`${server.baseUrl}/v1/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `atelier_refresh=${refresh?.value ?? ''}` },
        body: '{}',
      });
      expect(logout.status).toBe(200);

      // from now on every signed-in request answers 401 and every refresh fails: the live
      // username check sends one (the typing is not awaited: one of the app's own may come
      // first and reload the page under it)
      void page
        .getByTestId('account-username')
        .fill('someone_new')
        .catch(() => undefined);
      await reloaded;

      await new LandingPage(page).waitUntilShown();
      expect(failedRefreshes).toBe(4);
      const state = await page.evaluate(async () => ({
        keys: Object.keys(localStorage),
        dbs: (await indexedDB.databases()).map((d) => d.name),
        cookie: document.cookie,
      }));
      expect(state.keys).toEqual(['atelier.reloadGuard']);
      expect(state.dbs).toEqual([]);
      expect(state.cookie).not.toContain('atelier_uid');
    } finally {
      await context.close();
    }
  });
});
