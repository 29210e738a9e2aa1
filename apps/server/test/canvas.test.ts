/**
 * Canvas API over real HTTP: create, update, delete, list, detail, data, autoName, validation
 * and bad input (never a 500), and privacy: user B gets E1000 for user A's canvas on every call.
 */
import { describe, expect } from 'vitest';
import type { Canvas } from '@atelier/contract';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { type Wrapped } from './helpers/http.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const post = <T = unknown>(user: BuiltUser, path: string, body: unknown) =>
  user.post<T>(`/v1${path}`, body).then((r) => r.body);
const get = <T = unknown>(user: BuiltUser, path: string) => user.get<T>(`/v1${path}`).then((r) => r.body);
const create = (user: BuiltUser, body: Record<string, unknown> = {}) =>
  user.client.api.call('canvas.create', { body: { title: 'A canvas', ...body } });

describe('create', () => {
  it('creates an empty, writable, ready canvas with a c- id', async ({ alice }) => {
    const canvas = await create(alice, { title: '  My canvas  ' });
    expect(canvas).toMatchObject({
      title: 'My canvas',
      readOnly: false,
      status: 'ready',
      projectId: null,
      minimapUrl: null,
    });
    expect(canvas.canvasId).toMatch(/^c-[a-z2-7]{20}$/);
    expect(Date.parse(canvas.createdAt)).not.toBeNaN();
    const data = await alice.client.api.call('canvas.data', { query: { canvasId: canvas.canvasId } });
    expect(data).toMatchObject({ title: 'My canvas', nodes: [], edges: [], owner: { uid: alice.uid } });
  });

  it('takes a client-chosen id; the same id again answers the same canvas; another user cannot take it', async ({
    alice,
    bob,
  }) => {
    const id = `c-client-${Date.now()}`;
    const first = await create(alice, { canvasId: id, title: 'offline' });
    expect(first.canvasId).toBe(id);
    const again = await create(alice, { canvasId: id, title: 'retry' });
    expect(again).toMatchObject({ canvasId: id, title: 'offline' });
    expect((await post(bob, '/canvas/create', { canvasId: id })).errCode).toBe('E1000');
    expect((await post(alice, '/canvas/create', { canvasId: 'x-wrong-prefix' })).errCode).toBe('E0003');
  });

  it('checks the project (E1014) and the minimap file (E1012)', async ({ alice, bob }) => {
    expect((await post(alice, '/canvas/create', { projectId: 'p-missing' })).errCode).toBe('E1014');
    expect((await post(alice, '/canvas/create', { minimapStorageKey: 'f-missing.png' })).errCode).toBe(
      'E1012',
    );
    const project = await alice.client.api.call('project.new', { body: { name: 'P' } });
    const inProject = await create(alice, { projectId: project.projectId });
    expect(inProject.projectId).toBe(project.projectId);
    // Someone else's project looks missing.
    expect((await post(bob, '/canvas/create', { projectId: project.projectId })).errCode).toBe('E1014');
  });
});

describe('update', () => {
  it('renames, sets read-only, moves between projects and sets a minimap', async ({ alice }) => {
    const canvas = await create(alice);
    const project = await alice.client.api.call('project.new', { body: { name: 'Q' } });
    const fd = new FormData();
    fd.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'mini.png');
    const upload = (await (
      await alice.client.fetch('/v1/misc/upload', { method: 'POST', body: fd })
    ).json()) as Wrapped<{
      storageKey: string;
    }>;
    const key = upload.data!.storageKey;
    const updated = await alice.client.api.call('canvas.update', {
      body: {
        canvasId: canvas.canvasId,
        title: 'Renamed',
        readOnly: true,
        projectId: project.projectId,
        minimapStorageKey: key,
      },
    });
    expect(updated).toMatchObject({
      title: 'Renamed',
      readOnly: true,
      projectId: project.projectId,
      minimapStorageKey: key,
    });
    expect(updated.minimapUrl).toContain(`/v1/misc/static/${key}`);
    // The owner can always switch read-only off again; null takes it out of the project.
    const back = await alice.client.api.call('canvas.update', {
      body: { canvasId: canvas.canvasId, readOnly: false, projectId: null },
    });
    expect(back).toMatchObject({ readOnly: false, projectId: null, title: 'Renamed' });
    expect(
      (await post(alice, '/canvas/update', { canvasId: canvas.canvasId, minimapStorageKey: 'f-nope.png' }))
        .errCode,
    ).toBe('E1012');
  });
});

describe('list, detail, delete', () => {
  it('lists only the caller’s canvases, newest change first, with paging and a project filter', async ({
    server,
    bob,
  }) => {
    const user = await buildUser(server);
    const project = await user.client.api.call('project.new', { body: { name: 'L' } });
    const a = await create(user, { title: 'one' });
    const b = await create(user, { title: 'two', projectId: project.projectId });
    await user.client.api.call('canvas.update', { body: { canvasId: a.canvasId, title: 'one again' } });
    const all = await user.client.api.call('canvas.list', { query: {} });
    expect(all.map((c) => c.canvasId)).toEqual([a.canvasId, b.canvasId]);
    const page2 = await user.client.api.call('canvas.list', { query: { page: 2, pageSize: 1 } });
    expect(page2.map((c) => c.canvasId)).toEqual([b.canvasId]);
    const oldest = await user.client.api.call('canvas.list', { query: { order: 'creationAsc' } });
    expect(oldest[0]!.canvasId).toBe(a.canvasId);
    const inProject = await user.client.api.call('canvas.list', { query: { projectId: project.projectId } });
    expect(inProject.map((c) => c.canvasId)).toEqual([b.canvasId]);
    const bobs = await bob.client.api.call('canvas.list', { query: { pageSize: 100 } });
    expect(bobs.some((c: Canvas) => c.canvasId === a.canvasId || c.canvasId === b.canvasId)).toBe(false);
  });

  it('deletes a canvas: afterwards every call answers E1000', async ({ alice }) => {
    const canvas = await create(alice);
    expect(await alice.client.api.call('canvas.delete', { body: { canvasId: canvas.canvasId } })).toEqual({});
    expect((await get(alice, `/canvas/detail?canvasId=${canvas.canvasId}`)).errCode).toBe('E1000');
    expect((await get(alice, `/canvas/data?canvasId=${canvas.canvasId}`)).errCode).toBe('E1000');
    expect((await post(alice, '/canvas/delete', { canvasId: canvas.canvasId })).errCode).toBe('E1000');
  });
});

describe('autoName', () => {
  it('answers E0014 while no title-generation model is configured', async ({ alice }) => {
    const canvas = await create(alice);
    const res = await post(alice, '/canvas/autoName', { canvasId: canvas.canvasId, directUpdate: true });
    expect(res.errCode).toBe('E0014');
  });
});

describe("user B and user A's canvas", () => {
  it('answers E1000 on every endpoint and changes nothing', async ({ alice, bob }) => {
    const canvas = await create(alice, { title: 'private' });
    const id = canvas.canvasId;
    const calls: Array<[string, Promise<Wrapped>]> = [
      ['detail', get(bob, `/canvas/detail?canvasId=${id}`)],
      ['data', get(bob, `/canvas/data?canvasId=${id}`)],
      ['update', post(bob, '/canvas/update', { canvasId: id, title: 'hijacked', readOnly: true })],
      ['delete', post(bob, '/canvas/delete', { canvasId: id })],
      ['duplicate', post(bob, '/canvas/duplicate', { canvasId: id })],
      ['autoName', post(bob, '/canvas/autoName', { canvasId: id })],
      ['export', get(bob, `/canvas/export?canvasId=${id}`)],
      ['export jsoncanvas', get(bob, `/canvas/export?canvasId=${id}&format=jsoncanvas`)],
    ];
    for (const [what, call] of calls) expect((await call).errCode, what).toBe('E1000');
    const after = await alice.client.api.call('canvas.detail', { query: { canvasId: id } });
    expect(after).toMatchObject({ title: 'private', readOnly: false });
  });
});

describe('bad input', () => {
  it('answers E0003 for malformed or mistyped input, E2005 for a body over 100 KB, never a 500', async ({
    alice,
  }) => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/canvas/create', '{"title":', 'E0003'],
      ['POST', '/canvas/create', { title: 42 }, 'E0003'],
      ['POST', '/canvas/create', { title: 'x'.repeat(600) }, 'E0003'],
      ['POST', '/canvas/update', { title: 'no id' }, 'E0003'],
      ['POST', '/canvas/update', { canvasId: 'c-x', readOnly: 'yes' }, 'E0003'],
      ['POST', '/canvas/update', { canvasId: '' }, 'E0003'],
      ['POST', '/canvas/delete', [], 'E0003'],
      ['POST', '/canvas/duplicate', { canvasId: 'c-x', duplicateEntities: 'true' }, 'E0003'],
      ['POST', '/canvas/autoName', { canvasId: 7 }, 'E0003'],
      ['GET', '/canvas/detail', undefined, 'E0003'],
      ['GET', '/canvas/list?page=0', undefined, 'E0003'],
      ['GET', '/canvas/list?pageSize=1000', undefined, 'E0003'],
      ['GET', '/canvas/list?order=sideways', undefined, 'E0003'],
      ['GET', '/canvas/export?canvasId=c-x&format=pdf', undefined, 'E0003'],
      ['POST', '/canvas/create', { title: 'x'.repeat(110_000) }, 'E2005'],
    ];
    for (const [method, path, body, code] of cases) {
      const res = await alice.client.json<Wrapped>(method, `/v1${path}`, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.errCode, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(code);
    }
  });

  it('needs a session: 401 without one', async ({ server }) => {
    const anonymous = server.client();
    expect((await anonymous.json('GET', '/v1/canvas/list')).status).toBe(401);
    expect((await anonymous.json('POST', '/v1/canvas/create', {})).status).toBe(401);
  });
});
