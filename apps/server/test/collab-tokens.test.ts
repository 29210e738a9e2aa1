/**
 * Collab tokens expire by the server's clock: a token is accepted until its 5 minutes have
 * passed on the clock and refused after (`invalid-token`), with no test waiting in real time; a
 * fresh token opens the document again. A token names its sign-in: after logout it opens nothing.
 */
import { describe, expect } from 'vitest';
import { connectCollab } from './helpers/collab-client.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

describe('collab token expiry', () => {
  it('accepts a token within its 5 minutes on the clock and refuses it after', async ({ server, alice }) => {
    const doc = await alice.client.api.call('knowledge.document.create', { body: { title: 'Notes' } });
    const name = `doc:${doc.docId}`;
    const issued = await alice.client.api.call('collab.getToken');
    expect(issued.expiresIn).toBe(300);
    const connect = (token: string) => connectCollab(alice.client, name, { url: issued.url, token });

    // four minutes later: still good
    server.clock.advance(4 * 60_000);
    const within = await connect(issued.token);
    expect(within.denied).toBeUndefined();
    expect(within.client).not.toBeNull();
    within.client!.destroy();

    // past the five minutes: refused, as a token would be after that long in real time
    server.clock.advance(60_000 + 1_000);
    const after = await connect(issued.token);
    expect(after.client).toBeNull();
    expect(after.denied).toBe('invalid-token');

    // a token issued now (by the clock) opens the document again
    const fresh = await alice.client.api.call('collab.getToken');
    const again = await connect(fresh.token);
    expect(again.denied).toBeUndefined();
    again.client!.destroy();
  });

  it('refuses a token of a sign-in that has ended (logout), within its 5 minutes', async ({ alice }) => {
    const doc = await alice.client.api.call('knowledge.document.create', { body: { title: 'Notes' } });
    const issued = await alice.client.api.call('collab.getToken');
    const connect = () =>
      connectCollab(alice.client, `doc:${doc.docId}`, { url: issued.url, token: issued.token });
    const before = await connect();
    expect(before.denied).toBeUndefined();
    before.client!.destroy();

    const out = await alice.post('/v1/auth/logout', {});
    expect(out.status).toBe(200);
    const after = await connect();
    expect(after.client).toBeNull();
    expect(after.denied).toBe('invalid-token');
  });
});
