// Downloads outside the typed client: a 401 refreshes the session and the file is asked for again.
import { describe, expect, it } from 'vitest';
import { createRefreshingFetch } from './sessionFetch';

/** A server whose token is valid only after `refreshes` reached `validAfter`. */
function fakeServer(validAfter: number) {
  const state = { refreshes: 0, requests: [] as string[] };
  const fetch: typeof globalThis.fetch = (input) => {
    state.requests.push(String(input));
    const ok = state.refreshes >= validAfter;
    return Promise.resolve(new Response(ok ? 'PK-file' : '{"errCode":"E0001"}', { status: ok ? 200 : 401 }));
  };
  return { state, fetch };
}

describe('createRefreshingFetch', () => {
  it('refreshes once on 401 and asks again with the new session', async () => {
    const server = fakeServer(1);
    const queue = {
      refresh: () => {
        server.state.refreshes += 1;
        return Promise.resolve(true);
      },
    };
    const fileFetch = createRefreshingFetch(server.fetch, server.fetch, queue);
    const res = await fileFetch('/v1/knowledge/document/export?docId=d&format=docx');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('PK-file');
    expect(server.state.refreshes).toBe(1);
    expect(server.state.requests).toHaveLength(2);
  });

  it('answers the 401 when the refresh fails, without asking again', async () => {
    const server = fakeServer(1);
    const fileFetch = createRefreshingFetch(server.fetch, server.fetch, {
      refresh: () => Promise.resolve(false),
    });
    const res = await fileFetch('/v1/x');
    expect(res.status).toBe(401);
    expect(server.state.requests).toHaveLength(1);
  });

  it('does not refresh when the first answer is not 401', async () => {
    const server = fakeServer(0);
    let refreshes = 0;
    const fileFetch = createRefreshingFetch(server.fetch, server.fetch, {
      refresh: () => Promise.resolve(++refreshes > 0),
    });
    expect((await fileFetch('/v1/x')).status).toBe(200);
    expect(refreshes).toBe(0);
  });
});
