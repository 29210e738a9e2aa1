/** Code artifacts over real HTTP: create/ensure, update, detail, list, mind maps, previews, limits, other users. */
import { describe, expect } from 'vitest';
import type { CodeArtifact } from '@atelier/contract';
import { copyCodeArtifactForCanvas } from '../src/modules/code-artifact/code-artifact.duplicate.js';
import { duplicateCodeArtifact } from '../src/modules/code-artifact/code-artifact.service.js';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { PNG, expectData, expectFailure, uploadFile } from './helpers/items.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

const MIND_MAP = JSON.stringify({
  id: 'root',
  label: 'Launch',
  children: [
    { id: 'a', label: 'Marketing', children: [{ id: 'a1', label: 'Blog post' }] },
    { id: 'b', label: 'Engineering' },
  ],
});

describe('code artifacts', () => {
  const create = (user: BuiltUser, body: unknown) => user.post<CodeArtifact>('/v1/codeArtifact/new', body);
  const update = (user: BuiltUser, body: unknown) => user.post<CodeArtifact>('/v1/codeArtifact/update', body);
  const detail = (user: BuiltUser, id: string) =>
    user.get<CodeArtifact>(`/v1/codeArtifact/detail?artifactId=${encodeURIComponent(id)}`);
  const list = (user: BuiltUser, qs = '') => user.get<CodeArtifact[]>(`/v1/codeArtifact/list${qs}`);

  it('creates an artifact of every type and reads it back with its content', async ({ alice }) => {
    for (const type of ['react', 'svg', 'mermaid', 'markdown', 'code', 'html'] as const) {
      const made = expectData(
        await create(alice, { type, title: `A ${type}`, content: `<${type}/>`, language: 'tsx' }),
      );
      expect(made.artifactId).toMatch(/^ca-[a-z2-7]{20}$/);
      expect(made).toMatchObject({
        type,
        title: `A ${type}`,
        content: `<${type}/>`,
        language: 'tsx',
        previewUrl: null,
      });
      expect(expectData(await detail(alice, made.artifactId))).toEqual(made);
    }
    const map = expectData(await create(alice, { type: 'mindmap', title: 'Plan', content: MIND_MAP }));
    expect(JSON.parse(map.content!)).toEqual(JSON.parse(MIND_MAP));
  });

  it('refuses a mind map that is not a valid mind map, on create and on update', async ({ alice }) => {
    for (const content of [
      'not json',
      '[]',
      '{"label":"no id"}',
      '{"id":"r","label":"x","children":[{"id":1}]}',
    ]) {
      const msg = expectFailure(await create(alice, { type: 'mindmap', title: 'Bad', content }), 'E0003');
      expect(msg).toContain('Invalid mind map data format');
    }
    const map = expectData(await create(alice, { type: 'mindmap', title: 'Plan', content: MIND_MAP }));
    // content alone, type unchanged: still a mind map
    expectFailure(await update(alice, { artifactId: map.artifactId, content: '{oops' }), 'E0003');
    // type alone: the stored content must then be a mind map
    const code = expectData(await create(alice, { type: 'code', title: 'Snippet', content: 'let x = 1' }));
    const msg = expectFailure(await update(alice, { artifactId: code.artifactId, type: 'mindmap' }), 'E0003');
    expect(msg).toContain('Invalid mind map data format');
    expect(expectData(await detail(alice, map.artifactId)).content).toBe(MIND_MAP);
  });

  it('with an artifactId: createIfNotExists creates it once and then answers it; without, an unknown id is E1013', async ({
    alice,
  }) => {
    const artifactId = 'ca-client-chosen-1';
    expectFailure(await create(alice, { artifactId, type: 'code', title: 'T', content: 'x' }), 'E1013');
    const made = expectData(
      await create(alice, {
        artifactId,
        type: 'code',
        title: 'First',
        content: 'one',
        createIfNotExists: true,
      }),
    );
    expect(made.artifactId).toBe(artifactId);
    const again = expectData(
      await create(alice, {
        artifactId,
        type: 'html',
        title: 'Second',
        content: 'two',
        createIfNotExists: true,
      }),
    );
    expect(again).toEqual(made);
    // an existing artifact is answered as it is with the flag off too
    expect(expectData(await create(alice, { artifactId, type: 'code', title: 'T', content: 'x' }))).toEqual(
      made,
    );
    expectFailure(
      await create(alice, {
        artifactId: 'not-a-ca-id',
        type: 'code',
        title: 'T',
        content: 'x',
        createIfNotExists: true,
      }),
      'E0003',
    );
  });

  it('updates the fields given and keeps the rest', async ({ alice }) => {
    const made = expectData(
      await create(alice, { type: 'code', title: 'Before', content: 'a', language: 'js' }),
    );
    const changed = expectData(
      await update(alice, { artifactId: made.artifactId, title: 'After', content: 'b' }),
    );
    expect(changed).toMatchObject({ title: 'After', content: 'b', language: 'js', type: 'code' });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    expect(expectData(await detail(alice, made.artifactId))).toEqual(changed);
  });

  it('update: an unknown id is E1013, or created with createIfNotExists (which needs a type)', async ({
    alice,
  }) => {
    expectFailure(await update(alice, { artifactId: 'ca-nothing-here', title: 'x' }), 'E1013');
    expectFailure(
      await update(alice, { artifactId: 'ca-upsert-1', title: 'x', createIfNotExists: true }),
      'E0003',
    );
    const made = expectData(
      await update(alice, {
        artifactId: 'ca-upsert-1',
        type: 'svg',
        title: 'Icon',
        content: '<svg/>',
        createIfNotExists: true,
      }),
    );
    expect(made).toMatchObject({ artifactId: 'ca-upsert-1', type: 'svg', title: 'Icon', content: '<svg/>' });
  });

  it('lists the caller’s artifacts without content, by type, paged', async ({ server }) => {
    const user = await buildUser(server);
    for (let i = 0; i < 3; i++)
      expectData(await create(user, { type: 'code', title: `Code ${i}`, content: 'c' }));
    expectData(await create(user, { type: 'svg', title: 'Pic', content: '<svg/>' }));
    const all = expectData(await list(user));
    expect(all).toHaveLength(4);
    for (const a of all) expect(a).not.toHaveProperty('content');
    expect(expectData(await list(user, '?type=svg')).map((a) => a.title)).toEqual(['Pic']);
    const oldest = expectData(await list(user, '?order=creationAsc&pageSize=2&page=1')).map((a) => a.title);
    expect(oldest).toEqual(['Code 0', 'Code 1']);
    expect(expectData(await list(user, '?order=creationAsc&pageSize=2&page=2')).map((a) => a.title)).toEqual([
      'Code 2',
      'Pic',
    ]);
    expectFailure(await list(user, '?type=video'), 'E0003');
    expectFailure(await list(user, '?pageSize=1000'), 'E0003');
  });

  it('takes a preview image the user uploaded and answers its URL', async ({ server, alice, bob }) => {
    const key = await uploadFile(alice.client, { body: PNG, name: 'preview.png', type: 'image/png' });
    const made = expectData(
      await create(alice, { type: 'html', title: 'Page', content: '<p/>', previewStorageKey: key }),
    );
    expect(made.previewUrl).toBe(`${server.server.ctx.config.fileBaseUrl}/v1/misc/static/${key}`);
    const text = await uploadFile(alice.client, { body: 'hello', name: 'notes.txt', type: 'text/plain' });
    expectFailure(await update(alice, { artifactId: made.artifactId, previewStorageKey: text }), 'E0003');
    expectFailure(
      await update(alice, { artifactId: made.artifactId, previewStorageKey: 'f-missing.png' }),
      'E1012',
    );
    // someone else's file answers like a missing one
    const bobs = await uploadFile(bob.client, { body: PNG, name: 'b.png', type: 'image/png' });
    expectFailure(await update(alice, { artifactId: made.artifactId, previewStorageKey: bobs }), 'E1012');
    expectFailure(
      await create(alice, { type: 'svg', title: 'x', content: '', previewStorageKey: bobs }),
      'E1012',
    );
  });

  it('answers E0003 for malformed or mistyped input, E2004/E2005 for oversize, never 500', async ({
    alice,
  }) => {
    const raw = await alice.client.fetch('/v1/codeArtifact/new', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type": "code", "title": ',
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { errCode: string }).errCode).toBe('E0003');
    expectFailure(await create(alice, { title: 'no type', content: '' }), 'E0003');
    expectFailure(await create(alice, { type: 'python', title: 'x', content: '' }), 'E0003');
    expectFailure(await create(alice, { type: 'code', title: 42, content: '' }), 'E0003');
    expectFailure(await create(alice, { type: 'code', title: 'x' }), 'E0003');
    expectFailure(
      await create(alice, { type: 'code', title: 'x', content: '', createIfNotExists: 'yes' }),
      'E0003',
    );
    expectFailure(await create(alice, { type: 'code', title: 't'.repeat(600), content: '' }), 'E0003');
    expectFailure(await update(alice, { title: 'no id' }), 'E0003');
    expectFailure(await alice.get('/v1/codeArtifact/detail'), 'E0003');
    // 100,000 characters fit; one more is E2004; a body over 100 KB is E2005
    expectData(await create(alice, { type: 'markdown', title: 'Long', content: 'x'.repeat(100_000) }));
    expectFailure(
      await create(alice, { type: 'markdown', title: 'Long', content: 'x'.repeat(100_001) }),
      'E2004',
    );
    expectFailure(
      await create(alice, { type: 'markdown', title: 'Long', content: 'x'.repeat(150_000) }),
      'E2005',
    );
  });

  it('someone else’s artifact answers E1013 on every call and never shows in their list', async ({
    alice,
    bob,
  }) => {
    const secret = expectData(await create(alice, { type: 'code', title: 'Secret', content: 'hidden' }));
    const id = secret.artifactId;
    expectFailure(await detail(bob, id), 'E1013');
    expectFailure(await update(bob, { artifactId: id, title: 'mine now' }), 'E1013');
    expectFailure(
      await update(bob, { artifactId: id, type: 'code', title: 'x', createIfNotExists: true }),
      'E1013',
    );
    expectFailure(await create(bob, { artifactId: id, type: 'code', title: 'x', content: '' }), 'E1013');
    expectFailure(
      await create(bob, { artifactId: id, type: 'code', title: 'x', content: '', createIfNotExists: true }),
      'E1013',
    );
    expect(expectData(await list(bob)).map((a) => a.artifactId)).not.toContain(id);
    expect(expectData(await detail(alice, id))).toEqual(secret);
  });

  it('needs a session', async ({ server }) => {
    const anonymous = server.client();
    const res = await anonymous.json<{ errCode: string }>('GET', '/v1/codeArtifact/list');
    expect(res.status).toBe(401);
    expect(res.body.errCode).toBe('E0011');
  });

  it('duplicateCodeArtifact copies an artifact for a canvas copy (same user keeps the preview)', async ({
    server,
    alice,
    bob,
  }) => {
    const key = await uploadFile(alice.client, { body: PNG, name: 'p.png', type: 'image/png' });
    const source = expectData(
      await create(alice, { type: 'react', title: 'Widget', content: 'export {}', previewStorageKey: key }),
    );
    const { db } = server.server.ctx;
    const copy = await duplicateCodeArtifact(db, { fromUid: alice.uid, artifactId: source.artifactId });
    expect(copy.artifactId).not.toBe(source.artifactId);
    const shown = expectData(await detail(alice, copy.artifactId));
    expect(shown).toMatchObject({
      type: 'react',
      title: 'Widget',
      content: 'export {}',
      previewUrl: source.previewUrl,
    });
    const forBob = await duplicateCodeArtifact(db, {
      fromUid: alice.uid,
      artifactId: source.artifactId,
      toUid: bob.uid,
    });
    expect(expectData(await detail(bob, forBob.artifactId))).toMatchObject({
      title: 'Widget',
      previewUrl: null,
    });
    await expect(
      duplicateCodeArtifact(db, { fromUid: bob.uid, artifactId: source.artifactId }),
    ).rejects.toMatchObject({
      code: 'E1013',
    });
  });

  it('the canvas duplicator copies once per seed and leaves others’ artifacts alone', async ({
    server,
    alice,
    bob,
  }) => {
    const source = expectData(
      await create(alice, { type: 'mermaid', title: 'Flow', content: 'graph TD; A-->B' }),
    );
    const { db } = server.server.ctx;
    const input = { uid: alice.uid, entityId: source.artifactId, seed: 'c-copy/node-1' };
    const first = await copyCodeArtifactForCanvas(db, input);
    expect(first).toMatch(/^ca-[a-z2-7]{20}$/);
    expect(first).not.toBe(source.artifactId);
    // a retried job finds its earlier copy
    expect(await copyCodeArtifactForCanvas(db, input)).toBe(first);
    expect(expectData(await detail(alice, first!))).toMatchObject({
      type: 'mermaid',
      content: 'graph TD; A-->B',
    });
    expect(
      await copyCodeArtifactForCanvas(db, { ...input, uid: bob.uid, seed: 'c-other/node-1' }),
    ).toBeNull();
    expect(await copyCodeArtifactForCanvas(db, { ...input, entityId: 'ca-missing', seed: 'x' })).toBeNull();
  });
});
