/**
 * The session flow end to end inside the client: the contract's real client, our fetch
 * wrapper and refresh queue, against a fake /v1 whose access token has expired.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@atelier/contract/client';
import { RELOAD_GUARD_KEY, SIGNED_IN_COOKIE } from '../platform/storageKeys';
import { createFakePlatform } from '../test/fakePlatform';
import { createRefreshQueue } from './refreshQueue';
import { createSessionControl } from './session';
import { createSessionFetch } from './sessionFetch';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: requests carry the token current when they are sent (like a cookie). */
function fakeServer(opts: { refreshWorks: boolean; slowPaths?: Record<string, number> }) {
  let token = 'expired';
  const stats = { refreshCalls: 0, settingsCalls: 0 };
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const sentWith = token;
    if (url.endsWith('/auth/refreshToken')) {
      stats.refreshCalls += 1;
      await wait(5);
      if (!opts.refreshWorks) return json(401, { success: false, errCode: 'E0011', traceId: 'tr-refresh' });
      token = `fresh-${stats.refreshCalls}`;
      return json(200, { success: true, traceId: 'tr-refresh', data: { isRefreshed: true } });
    }
    stats.settingsCalls += 1;
    await wait(opts.slowPaths?.[new URL(url, 'http://x').search] ?? 10);
    if (sentWith === 'expired') return json(401, { success: false, errCode: 'E0011', traceId: 'tr-401' });
    return json(200, { success: true, traceId: 'tr-ok', data: { uid: 'u-1', token: sentWith } });
  };
  return { fetch, stats };
}

function setup(refreshWorks: boolean, slowPaths?: Record<string, number>) {
  const server = fakeServer({ refreshWorks, slowPaths });
  const platform = createFakePlatform();
  platform.local.set('atelier.localSettings', '{"uiLocale":"en"}');
  platform.local.set('other-app-cache', 'x');
  platform.session.set('atelier.pendingVerification', '{}');
  platform.cookies.set(SIGNED_IN_COOKIE, 'u-1');
  platform.databases.add('atelier-canvas');
  const control = createSessionControl(platform);
  let failures = 0;
  const bare = createApiClient({ baseUrl: 'http://test/v1', fetch: server.fetch });
  const queue = createRefreshQueue({
    refresh: async () => (await bare.request('auth.refreshToken')).success,
    sleep: async (ms) => {
      await wait(ms);
    },
    onFailure: async () => {
      failures += 1;
      await control.wipeLocalData();
      control.reloadWithGuard();
    },
  });
  const api = createApiClient({
    baseUrl: 'http://test/v1',
    fetch: createSessionFetch(server.fetch, queue),
    onUnauthorized: () => queue.refresh(),
  });
  return { api, server, platform, queue, failures: () => failures };
}

describe('401 flow', () => {
  it('refreshes once for several concurrent requests and replays all of them', async () => {
    const { api, server } = setup(true);
    const results = await Promise.all(Array.from({ length: 5 }, () => api.call('user.settings.get')));
    expect(server.stats.refreshCalls).toBe(1);
    expect(results.map((r) => (r as unknown as { token: string }).token)).toEqual(Array(5).fill('fresh-1'));
    // 5 rejected with 401, 5 replays
    expect(server.stats.settingsCalls).toBe(10);
  });

  it('replays a request whose 401 arrives after the refresh finished, without a second refresh', async () => {
    // the `?slow` request answers its 401 long after the others triggered and finished the refresh
    const { api, server } = setup(true, { '?field=name&value=slow': 80 });
    const fast = api.call('user.settings.get');
    const slow = api.call('user.checkSettingsField', { query: { field: 'name', value: 'slow' } });
    await expect(fast).resolves.toBeTruthy();
    await expect(slow).resolves.toBeTruthy();
    expect(server.stats.refreshCalls).toBe(1);
  });

  it('on refresh failure rejects every waiter, wipes local data once and reloads', async () => {
    const { api, server, platform, queue, failures } = setup(false);
    const settled = await Promise.allSettled(Array.from({ length: 4 }, () => api.call('user.settings.get')));

    for (const result of settled) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.errCode).toBe('E0011');
    }
    // the first try and 3 more
    expect(server.stats.refreshCalls).toBe(4);
    expect(queue.failed).toBe(true);
    await expect.poll(() => platform.reloads).toBe(1);
    expect(failures()).toBe(1);
    expect(platform.local.keys()).toEqual([RELOAD_GUARD_KEY]);
    expect(platform.session.keys()).toEqual([]);
    expect(platform.databases.size).toBe(0);
    expect(platform.getCookie(SIGNED_IN_COOKIE)).toBeNull();

    // later 401s do not start another round of refreshes
    await expect(api.call('user.settings.get')).rejects.toMatchObject({ errCode: 'E0011' });
    expect(server.stats.refreshCalls).toBe(4);
  });
});
