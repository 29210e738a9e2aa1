/** Projects over real HTTP: CRUD, covers, items in and out, deleting items, validation and other users. */
import { describe, expect } from 'vitest';
import type { Project, ProjectDetail } from '@atelier/contract';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { PNG, createCanvas, createDocument, expectData, expectFailure, uploadFile } from './helpers/items.js';
import { serverTest } from './helpers/fixtures.js';

const COVER_MAX = 2048;

const it = serverTest({ PROJECT_COVER_MAX_BYTES: String(COVER_MAX) });

describe('projects', () => {
  const post = <T = unknown>(user: BuiltUser, path: string, body: unknown) =>
    user.post<T>(`/v1/project/${path}`, body);
  const create = (user: BuiltUser, body: unknown) => post<Project>(user, 'new', body);
  const detail = (user: BuiltUser, projectId: string) =>
    user.get<ProjectDetail>(`/v1/project/detail?projectId=${encodeURIComponent(projectId)}`);
  const items = (user: BuiltUser, projectId: string, operation: string, list: unknown[]) =>
    post(user, 'updateItems', { projectId, operation, items: list });

  it('creates, reads, updates, lists and deletes a project', async ({ alice }) => {
    const made = expectData(
      await create(alice, {
        name: '  Thesis  ',
        description: 'Chapter notes',
        customInstructions: 'Answer in French',
      }),
    );
    expect(made.projectId).toMatch(/^p-[a-z2-7]{20}$/);
    expect(made).toMatchObject({
      name: 'Thesis',
      description: 'Chapter notes',
      customInstructions: 'Answer in French',
      coverUrl: null,
    });
    expect(expectData(await detail(alice, made.projectId))).toEqual({ ...made, canvases: [], files: [] });

    const changed = expectData<Project>(
      await post(alice, 'update', { projectId: made.projectId, name: 'Dissertation' }),
    );
    expect(changed).toMatchObject({
      name: 'Dissertation',
      description: 'Chapter notes',
      customInstructions: 'Answer in French',
    });
    expect(expectData(await alice.get<Project[]>('/v1/project/list')).map((p) => p.projectId)).toContain(
      made.projectId,
    );

    expectData(await post(alice, 'delete', { projectId: made.projectId }));
    expectFailure(await detail(alice, made.projectId), 'E1014');
    expectFailure(await post(alice, 'delete', { projectId: made.projectId }), 'E1014');
  });

  it('requires a name ("Project name is required"), also on update', async ({ alice }) => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      expect(expectFailure(await create(alice, body), 'E0003')).toContain('Project name is required');
    }
    const made = expectData(await create(alice, { name: 'Keep me' }));
    expect(
      expectFailure(await post(alice, 'update', { projectId: made.projectId, name: ' ' }), 'E0003'),
    ).toContain('Project name is required');
  });

  it('lists by order, paged', async ({ server }) => {
    const user = await buildUser(server);
    for (const name of ['One', 'Two', 'Three']) expectData(await create(user, { name }));
    const first = expectData(await user.get<Project[]>('/v1/project/list?order=creationAsc&pageSize=2'));
    expect(first.map((p) => p.name)).toEqual(['One', 'Two']);
    const second = expectData(
      await user.get<Project[]>('/v1/project/list?order=creationAsc&pageSize=2&page=2'),
    );
    expect(second.map((p) => p.name)).toEqual(['Three']);
  });

  it('takes a PNG, JPEG, GIF or WebP cover (like pages and templates) within PROJECT_COVER_MAX_BYTES, and removes it with null', async ({
    server,
    alice,
    bob,
  }) => {
    const png = await uploadFile(alice.client, { body: PNG, name: 'cover.png', type: 'image/png' });
    const made = expectData(await create(alice, { name: 'Covered', coverStorageKey: png }));
    expect(made.coverUrl).toBe(`${server.server.ctx.config.fileBaseUrl}/v1/misc/static/${png}`);
    const jpg = await uploadFile(alice.client, {
      body: Buffer.from('ffd8ffe0', 'hex'),
      name: 'c.jpeg',
      type: 'image/jpeg',
    });
    const gif = await uploadFile(alice.client, {
      body: Buffer.from('GIF89a'),
      name: 'c.gif',
      type: 'image/gif',
    });
    const webp = await uploadFile(alice.client, { body: 'RIFF', name: 'c.webp', type: 'image/webp' });
    for (const key of [jpg, gif, webp]) {
      const res = expectData<Project>(
        await post(alice, 'update', { projectId: made.projectId, coverStorageKey: key }),
      );
      expect(res.coverUrl).toContain(key);
    }
    const text = await uploadFile(alice.client, { body: 'hello', name: 'c.txt', type: 'text/plain' });
    expect(
      expectFailure(
        await post(alice, 'update', { projectId: made.projectId, coverStorageKey: text }),
        'E0003',
      ),
    ).toContain('PNG, JPEG, GIF or WebP');
    const big = await uploadFile(alice.client, {
      body: Buffer.alloc(COVER_MAX + 1),
      name: 'big.png',
      type: 'image/png',
    });
    expectFailure(await create(alice, { name: 'Too big', coverStorageKey: big }), 'E0003');
    expectFailure(await create(alice, { name: 'Nope', coverStorageKey: 'f-missing.png' }), 'E1012');
    const bobs = await uploadFile(bob.client, { body: PNG, name: 'bob.png', type: 'image/png' });
    expectFailure(await post(alice, 'update', { projectId: made.projectId, coverStorageKey: bobs }), 'E1012');
    const removed = expectData<Project>(
      await post(alice, 'update', { projectId: made.projectId, coverStorageKey: null }),
    );
    expect(removed.coverUrl).toBeNull();
  });

  it('adds canvases and documents, lists them in the detail, removes them, and keeps items when deleted', async ({
    alice,
  }) => {
    const project = expectData(await create(alice, { name: 'Research' }));
    const other = expectData(await create(alice, { name: 'Elsewhere' }));
    const canvasId = await createCanvas(alice, 'Mind palace');
    const docId = await createDocument(alice, 'Notes');
    expectData(
      await items(alice, project.projectId, 'add', [
        { entityType: 'canvas', entityId: canvasId },
        { entityType: 'document', entityId: docId },
        { entityType: 'document', entityId: docId },
      ]),
    );
    const full = expectData(await detail(alice, project.projectId));
    expect(full.canvases).toEqual([
      expect.objectContaining({ entityType: 'canvas', entityId: canvasId, title: 'Mind palace' }),
    ]);
    expect(full.files).toEqual([
      expect.objectContaining({ entityType: 'document', entityId: docId, title: 'Notes' }),
    ]);

    // removing from another project leaves it where it is
    expectData(await items(alice, other.projectId, 'remove', [{ entityType: 'canvas', entityId: canvasId }]));
    expect(expectData(await detail(alice, project.projectId)).canvases).toHaveLength(1);
    expectData(
      await items(alice, project.projectId, 'remove', [{ entityType: 'canvas', entityId: canvasId }]),
    );
    expect(expectData(await detail(alice, project.projectId)).canvases).toEqual([]);

    // adding to another project moves it
    expectData(await items(alice, other.projectId, 'add', [{ entityType: 'document', entityId: docId }]));
    expect(expectData(await detail(alice, project.projectId)).files).toEqual([]);
    expect(expectData(await detail(alice, other.projectId)).files.map((f) => f.entityId)).toEqual([docId]);

    // deleting the project detaches its items: they can be added elsewhere
    expectData(await post(alice, 'delete', { projectId: other.projectId }));
    expectData(await items(alice, project.projectId, 'add', [{ entityType: 'document', entityId: docId }]));
    expect(expectData(await detail(alice, project.projectId)).files.map((f) => f.entityId)).toEqual([docId]);
  });

  it('answers each kind’s not-found code for unknown or someone else’s items, changing nothing', async ({
    alice,
    bob,
  }) => {
    const project = expectData(await create(alice, { name: 'Mine' }));
    const bobCanvas = await createCanvas(bob);
    const bobDoc = await createDocument(bob);
    const aliceDoc = await createDocument(alice);
    const add = (list: unknown[]) => items(alice, project.projectId, 'add', list);
    expectFailure(await add([{ entityType: 'canvas', entityId: bobCanvas }]), 'E1000');
    expectFailure(await add([{ entityType: 'document', entityId: bobDoc }]), 'E1003');
    expectFailure(await add([{ entityType: 'resource', entityId: 'r-unknown' }]), 'E1002');
    expectFailure(await add([{ entityType: 'canvas', entityId: 'c-unknown' }]), 'E1000');
    // all or nothing: alice's document did not move in with the bad canvas
    expectFailure(
      await add([
        { entityType: 'document', entityId: aliceDoc },
        { entityType: 'canvas', entityId: bobCanvas },
      ]),
      'E1000',
    );
    expect(expectData(await detail(alice, project.projectId)).files).toEqual([]);
    expectFailure(
      await items(alice, project.projectId, 'remove', [{ entityType: 'document', entityId: bobDoc }]),
      'E1003',
    );
  });

  it('deleteItems deletes the project’s items, only those in it', async ({ alice }) => {
    const project = expectData(await create(alice, { name: 'Cleanup' }));
    const canvasId = await createCanvas(alice);
    const docId = await createDocument(alice);
    const outside = await createDocument(alice);
    expectData(
      await items(alice, project.projectId, 'add', [
        { entityType: 'canvas', entityId: canvasId },
        { entityType: 'document', entityId: docId },
      ]),
    );
    const del = (list: unknown[]) =>
      post(alice, 'deleteItems', { projectId: project.projectId, items: list });
    expectFailure(await del([{ entityType: 'document', entityId: outside }]), 'E1003');
    expectFailure(await del([{ entityType: 'canvas', entityId: 'c-unknown' }]), 'E1000');
    expectData(
      await del([
        { entityType: 'canvas', entityId: canvasId },
        { entityType: 'document', entityId: docId },
      ]),
    );
    expect(expectData(await detail(alice, project.projectId))).toMatchObject({ canvases: [], files: [] });
    // gone: they cannot be added back
    expectFailure(
      await items(alice, project.projectId, 'add', [{ entityType: 'canvas', entityId: canvasId }]),
      'E1000',
    );
    expectFailure(
      await items(alice, project.projectId, 'add', [{ entityType: 'document', entityId: docId }]),
      'E1003',
    );
    // the document outside the project is untouched
    expectData(await items(alice, project.projectId, 'add', [{ entityType: 'document', entityId: outside }]));
  });

  it('someone else’s project answers E1014 on every call, and no one attaches items to it', async ({
    alice,
    bob,
  }) => {
    const secret = expectData(await create(alice, { name: 'Private', description: 'do not look' }));
    const id = secret.projectId;
    const aliceCanvas = await createCanvas(alice);
    const bobCanvas = await createCanvas(bob);
    const canvasItem = [{ entityType: 'canvas', entityId: bobCanvas }];
    expectFailure(await detail(bob, id), 'E1014');
    expectFailure(await post(bob, 'update', { projectId: id, name: 'Mine' }), 'E1014');
    expectFailure(await post(bob, 'delete', { projectId: id }), 'E1014');
    expectFailure(await items(bob, id, 'add', canvasItem), 'E1014');
    expectFailure(await items(bob, id, 'remove', canvasItem), 'E1014');
    expectFailure(await post(bob, 'deleteItems', { projectId: id, items: canvasItem }), 'E1014');
    expect(expectData(await bob.get<Project[]>('/v1/project/list')).map((p) => p.projectId)).not.toContain(
      id,
    );
    // bob cannot pull alice's canvas into his own project either
    const bobs = expectData(await create(bob, { name: 'Bob’s' }));
    expectFailure(
      await items(bob, bobs.projectId, 'add', [{ entityType: 'canvas', entityId: aliceCanvas }]),
      'E1000',
    );
    expectFailure(
      await post(bob, 'deleteItems', {
        projectId: bobs.projectId,
        items: [{ entityType: 'canvas', entityId: aliceCanvas }],
      }),
      'E1000',
    );
    expect(expectData(await detail(alice, id))).toMatchObject({ name: 'Private', canvases: [], files: [] });
  });

  it('answers E0003 for malformed or mistyped input, E2004/E2005 for oversize, never 500', async ({
    alice,
  }) => {
    const raw = await alice.client.fetch('/v1/project/new', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { errCode: string }).errCode).toBe('E0003');
    const made = expectData(await create(alice, { name: 'Valid' }));
    const id = made.projectId;
    expectFailure(await create(alice, { name: 7 }), 'E0003');
    expectFailure(await create(alice, { name: 'x', description: ['no'] }), 'E0003');
    expectFailure(await create(alice, { name: 'x', projectId: 'bad id with spaces' }), 'E0003');
    expectFailure(await create(alice, { name: 'again', projectId: id }), 'E0003');
    expectFailure(await items(alice, id, 'move', [{ entityType: 'canvas', entityId: 'c-x' }]), 'E0003');
    expectFailure(await items(alice, id, 'add', []), 'E0003');
    expectFailure(await items(alice, id, 'add', [{ entityType: 'codeArtifact', entityId: 'ca-x' }]), 'E0003');
    expectFailure(await post(alice, 'deleteItems', { projectId: id }), 'E0003');
    expectFailure(await alice.get('/v1/project/detail'), 'E0003');
    expectFailure(await alice.get('/v1/project/list?page=0'), 'E0003');
    expectData(await post(alice, 'update', { projectId: id, customInstructions: 'i'.repeat(100_000) }));
    expectFailure(
      await post(alice, 'update', { projectId: id, customInstructions: 'i'.repeat(100_001) }),
      'E2004',
    );
    expectFailure(
      await post(alice, 'update', { projectId: id, customInstructions: 'i'.repeat(120_000) }),
      'E2005',
    );
  });
});
