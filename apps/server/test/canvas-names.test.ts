/**
 * Names and faces of canvases over real HTTP: copies and imports get distinct titles ("Title
 * (copy)", "Title (copy 2)"…, "Title (2)"…; docs/decisions.md), and a canvas's minimap is the
 * owner's file: nobody else can put their key on a canvas or read the thumbnail.
 */
import { describe, expect } from 'vitest';
import type { Canvas } from '@atelier/contract';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import type { Wrapped } from './helpers/http.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

async function importFile(user: BuiltUser, title: string, filename = 'board.json', given?: string) {
  const fd = new FormData();
  const file = { format: 'atelier-canvas', version: 2, title, nodes: [], edges: [] };
  fd.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), filename);
  if (given) fd.append('title', given);
  const res = await user.client.fetch('/v1/canvas/import', { method: 'POST', body: fd });
  return ((await res.json()) as Wrapped<Canvas>).data!;
}

async function uploadPng(user: BuiltUser): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'mini.png');
  const res = await user.client.fetch('/v1/misc/upload', { method: 'POST', body: fd });
  return ((await res.json()) as Wrapped<{ storageKey: string }>).data!.storageKey;
}

const titles = async (user: BuiltUser) =>
  expectData(await user.get<Canvas[]>('/v1/canvas/list', { pageSize: 100 })).map((c) => c.title);

describe('distinct titles', () => {
  it('duplicating four times gives four distinct titles, and a copy of a copy counts on', async ({
    alice,
  }) => {
    const source = expectData(await alice.post<Canvas>('/v1/canvas/create', { title: 'Roadmap' }));
    const copies: string[] = [];
    for (let i = 0; i < 4; i++) {
      const copy = expectData(
        await alice.post<Canvas>('/v1/canvas/duplicate', { canvasId: source.canvasId }),
      );
      copies.push(copy.title);
    }
    expect(copies).toEqual(['Roadmap (copy)', 'Roadmap (copy 2)', 'Roadmap (copy 3)', 'Roadmap (copy 4)']);
    const ids = expectData(await alice.get<Canvas[]>('/v1/canvas/list', { pageSize: 100 }));
    const fromCopy = ids.find((c) => c.title === 'Roadmap (copy 2)')!;
    const again = expectData(
      await alice.post<Canvas>('/v1/canvas/duplicate', { canvasId: fromCopy.canvasId }),
    );
    expect(again.title).toBe('Roadmap (copy 5)');
    // A title the caller gives is kept as given.
    const named = expectData(
      await alice.post<Canvas>('/v1/canvas/duplicate', { canvasId: source.canvasId, title: 'Roadmap' }),
    );
    expect(named.title).toBe('Roadmap');
  });

  it('importing the same file four times gives "Title", "Title (2)", "Title (3)", "Title (4)"', async ({
    alice,
  }) => {
    const imported: string[] = [];
    for (let i = 0; i < 4; i++) imported.push((await importFile(alice, 'Field notes 田野')).title);
    expect(imported).toEqual([
      'Field notes 田野',
      'Field notes 田野 (2)',
      'Field notes 田野 (3)',
      'Field notes 田野 (4)',
    ]);
    expect((await titles(alice)).filter((t) => t.startsWith('Field notes 田野'))).toHaveLength(4);
    // A name typed into the import form stays as typed.
    expect((await importFile(alice, 'Field notes 田野', 'x.json', 'Field notes 田野')).title).toBe(
      'Field notes 田野',
    );
  });

  it('counts per owner: another user’s canvases do not make a title taken; LIKE wildcards are plain text', async ({
    alice,
    bob,
  }) => {
    await importFile(alice, 'Shared name');
    expect((await importFile(bob, 'Shared name')).title).toBe('Shared name');
    await importFile(alice, '100%_done');
    expect((await importFile(alice, '100%_done')).title).toBe('100%_done (2)');
    const untitled = expectData(await alice.post<Canvas>('/v1/canvas/create', {}));
    const first = expectData(
      await alice.post<Canvas>('/v1/canvas/duplicate', { canvasId: untitled.canvasId }),
    );
    const second = expectData(
      await alice.post<Canvas>('/v1/canvas/duplicate', { canvasId: untitled.canvasId }),
    );
    expect([first.title, second.title]).toEqual(['(copy)', '(copy 2)']);
  });
});

describe('minimap ownership', () => {
  it('bob cannot put alice’s file on his canvas, nor read alice’s minimap', async ({ alice, bob }) => {
    const key = await uploadPng(alice);
    const canvas = expectData(await alice.post<Canvas>('/v1/canvas/create', { title: 'Faces' }));
    const updated = expectData(
      await alice.post<Canvas>('/v1/canvas/update', { canvasId: canvas.canvasId, minimapStorageKey: key }),
    );
    expect(updated.minimapStorageKey).toBe(key);
    const url = new URL(updated.minimapUrl!, 'http://localhost');
    const own = await alice.client.fetch(url.pathname);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');

    const bobs = expectData(await bob.post<Canvas>('/v1/canvas/create', { title: 'Bob’s' }));
    expectFailure(
      await bob.post('/v1/canvas/update', { canvasId: bobs.canvasId, minimapStorageKey: key }),
      'E1012',
    );
    expectFailure(await bob.post('/v1/canvas/create', { minimapStorageKey: key }), 'E1012');
    // Nor on alice's canvas (not found for him), nor by reading the file.
    expectFailure(
      await bob.post('/v1/canvas/update', { canvasId: canvas.canvasId, minimapStorageKey: key }),
      'E1000',
    );
    const denied = (await (await bob.client.fetch(url.pathname)).json()) as Wrapped;
    expect(denied.errCode).toBe('E1012');
    expect(
      expectData(await bob.get<Canvas>('/v1/canvas/detail', { canvasId: bobs.canvasId })).minimapUrl,
    ).toBeNull();
  });
});
