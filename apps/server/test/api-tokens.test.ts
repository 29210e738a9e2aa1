/**
 * Personal API tokens (issue 12, point 9): create, list, revoke; `Authorization: Bearer atl_…`
 * on /v1 under the same access policy as cookies; read tokens cannot write; tokens cannot
 * manage tokens; revoked and expired tokens answer 401; the token is never in a list answer.
 */
import { describe, expect, vi } from 'vitest';
import type { ApiToken, CreatedApiToken } from '@atelier/contract';
import { serverTest } from './helpers/fixtures.js';
import { buildCanvas, buildDocument, buildResource, type BuiltUser } from './helpers/factories.js';
import { createTestClient, type TestClient } from './helpers/http.js';
import { expectData, expectFailure } from './helpers/items.js';
import { ROUTES, type Mine } from './helpers/access-routes.js';

const it = serverTest();

async function makeToken(
  user: BuiltUser,
  input: { name?: string; scope: 'read' | 'read-write'; expiresInDays?: number },
): Promise<CreatedApiToken> {
  return expectData<CreatedApiToken>(
    await user.post('/v1/user/apiToken/create', { name: input.name ?? 'script', ...input }),
  );
}

const withToken = (user: BuiltUser, token: string): TestClient =>
  createTestClient(user.server.url, { authorization: `Bearer ${token}` });

describe('personal API tokens', () => {
  it('creates, lists without the token, authenticates, revokes (then 401)', async ({ alice }) => {
    const created = await makeToken(alice, { name: 'CI', scope: 'read-write' });
    expect(created.token).toMatch(/^atl_[0-9A-Za-z]{40}$/);
    expect(created.prefix).toBe(created.token.slice(0, 8));
    expect(created.lastUsedAt).toBeNull();

    const listRes = await alice.get<ApiToken[]>('/v1/user/apiToken/list');
    expect(JSON.stringify(listRes.body)).not.toContain(created.token);
    const listed = expectData(listRes).find((t) => t.tokenId === created.tokenId);
    expect(listed).toMatchObject({ name: 'CI', scope: 'read-write', expiresAt: null });
    expect(listed).not.toHaveProperty('token');

    const client = withToken(alice, created.token);
    const canvas = await buildCanvas(alice, { title: 'Seen by the token' });
    const rows = expectData(await client.get<{ canvasId: string }[]>('/v1/canvas/list'));
    expect(rows.map((r) => r.canvasId)).toContain(canvas.canvasId);
    // a write with a read-write token
    expectData(await client.post('/v1/canvas/create', { title: 'Made by a token' }));

    // last use is recorded (off the request path: wait for it)
    await vi.waitFor(async () => {
      const t = expectData(await alice.get<ApiToken[]>('/v1/user/apiToken/list')).find(
        (x) => x.tokenId === created.tokenId,
      );
      expect(t?.lastUsedAt).not.toBeNull();
    });

    expectData(await alice.post('/v1/user/apiToken/revoke', { tokenId: created.tokenId }));
    expect((await client.get('/v1/canvas/list')).status).toBe(401);
    const after = expectData(await alice.get<ApiToken[]>('/v1/user/apiToken/list'));
    expect(after.map((t) => t.tokenId)).not.toContain(created.tokenId);
    // revoking again, or someone else's token, answers not found
    expectFailure(await alice.post('/v1/user/apiToken/revoke', { tokenId: created.tokenId }), 'E0017');
  });

  it('a read token reads but cannot write; no token manages tokens', async ({ alice }) => {
    const read = withToken(alice, (await makeToken(alice, { scope: 'read' })).token);
    const rw = withToken(alice, (await makeToken(alice, { scope: 'read-write' })).token);
    const canvas = await buildCanvas(alice);
    const doc = await buildDocument(alice);
    const resource = await buildResource(alice);

    expectData(await read.get('/v1/canvas/data', { canvasId: canvas.canvasId }));
    expectData(await read.get('/v1/knowledge/document/detail', { docId: doc.docId }));
    expectData(await read.post('/v1/search', { query: 'resource', mode: 'keyword' }));

    const writes: [string, unknown][] = [
      ['/v1/canvas/create', { title: 'no' }],
      ['/v1/canvas/update', { canvasId: canvas.canvasId, title: 'no' }],
      ['/v1/canvas/delete', { canvasId: canvas.canvasId }],
      ['/v1/knowledge/document/create', { title: 'no' }],
      ['/v1/knowledge/document/delete', { docId: doc.docId }],
      ['/v1/knowledge/resource/create', { resourceType: 'text', title: 'no', content: 'no' }],
      ['/v1/knowledge/resource/delete', { resourceId: resource.resourceId }],
      ['/v1/project/new', { name: 'no' }],
    ];
    for (const [path, body] of writes) expectFailure(await read.post(path, body), 'E0016');
    expectFailure(await read.json('PUT', '/v1/user/settings', { nickname: 'no' }), 'E0016');
    // nothing changed
    expectData(await alice.get('/v1/canvas/detail', { canvasId: canvas.canvasId }));
    expectData(await alice.get('/v1/knowledge/document/detail', { docId: doc.docId }));

    for (const client of [read, rw]) {
      expectFailure(await client.get('/v1/user/apiToken/list'), 'E0016');
      expectFailure(await client.post('/v1/user/apiToken/create', { name: 'x', scope: 'read' }), 'E0016');
      expectFailure(await client.post('/v1/auth/logout', {}), 'E0016');
      expectFailure(await client.get('/v1/collab/getToken', { name: `canvas:${canvas.canvasId}` }), 'E0016');
    }
  });

  it("another user's token sees none of the first user's things", async ({ alice, bob }) => {
    const canvas = await buildCanvas(alice, { title: 'Private canvas' });
    const doc = await buildDocument(alice, { title: 'Private document' });
    const resource = await buildResource(alice, { title: 'Private resource' });
    const bobToken = withToken(bob, (await makeToken(bob, { scope: 'read-write' })).token);
    const ids: Record<string, string> = {
      canvas: canvas.canvasId,
      document: doc.docId,
      resource: resource.resourceId,
    };
    const mine: Mine = { projectId: 'p-none', labelClassId: 'lc-none' };
    for (const route of ROUTES.filter((r) => r.kind in ids)) {
      const res = await route.send(bobToken, ids[route.kind]!, mine);
      expect(res.body.success, `${route.name}: ${JSON.stringify(res.body)}`).toBe(false);
    }
    const found = expectData(
      await bobToken.post<unknown[]>('/v1/search', { query: 'Private', mode: 'keyword' }),
    );
    expect(found).toEqual([]);
    const canvases = expectData(await bobToken.get<{ canvasId: string }[]>('/v1/canvas/list'));
    expect(canvases.map((c) => c.canvasId)).not.toContain(canvas.canvasId);
    // Alice's token cannot be revoked by Bob's session
    const aliceToken = await makeToken(alice, { scope: 'read' });
    expectFailure(await bob.post('/v1/user/apiToken/revoke', { tokenId: aliceToken.tokenId }), 'E0017');
    expectData(await withToken(alice, aliceToken.token).get('/v1/canvas/list'));
  });
  it('an expired token answers 401; a bad token 401; bad input E0003', async ({ server, alice }) => {
    const created = await makeToken(alice, { scope: 'read', expiresInDays: 1 });
    const client = withToken(alice, created.token);
    expectData(await client.get('/v1/canvas/list'));
    expectFailure(await alice.post('/v1/user/apiToken/create', { name: '', scope: 'read' }), 'E0003');
    expectFailure(await alice.post('/v1/user/apiToken/create', { name: 'x', scope: 'admin' }), 'E0003');
    expectFailure(
      await alice.post('/v1/user/apiToken/create', { name: 'x', scope: 'read', expiresInDays: 0 }),
      'E0003',
    );
    // the last test of the file: moving a day on also ends the users' sessions
    server.clock.advance(86_400_000 + 1_000);
    expect((await client.get('/v1/canvas/list')).status).toBe(401);
    expect((await withToken(alice, `atl_${'x'.repeat(40)}`).get('/v1/canvas/list')).status).toBe(401);
    expect((await withToken(alice, 'atl_short').get('/v1/canvas/list')).status).toBe(401);
  });
});
