/**
 * Library documents over real HTTP: create (with initial Markdown), update (title, project,
 * read-only, content), batch update, delete, list, detail, Markdown export, the 100k content cap,
 * read-only enforcement, bad input (never a 500), and privacy: user B gets E1003 everywhere.
 */
import { describe, expect } from 'vitest';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { type Wrapped } from './helpers/http.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const post = <T = unknown>(user: BuiltUser, path: string, body: unknown) =>
  user.post<T>(`/v1${path}`, body).then((r) => r.body);
const get = <T = unknown>(user: BuiltUser, path: string) => user.get<T>(`/v1${path}`).then((r) => r.body);
const create = (user: BuiltUser, body: Record<string, unknown> = {}) =>
  user.client.api.call('knowledge.document.create', { body: { title: 'Doc', ...body } });
const detail = (user: BuiltUser, docId: string) =>
  user.client.api.call('knowledge.document.detail', { query: { docId } });

describe('create and detail', () => {
  it('creates an empty writable document (readOnly defaults to false)', async ({ alice }) => {
    const doc = await create(alice, { title: ' Empty ' });
    expect(doc).toMatchObject({ title: 'Empty', readOnly: false, contentPreview: '', projectId: null });
    expect(doc.docId).toMatch(/^d-[a-z2-7]{20}$/);
    expect(doc).not.toHaveProperty('content');
    expect((await detail(alice, doc.docId)).content).toBe('');
  });

  it('seeds the document from initialContent (Markdown, normalised) and derives the preview', async ({
    alice,
  }) => {
    const doc = await create(alice, {
      initialContent: '# 标题\n\nSome *text* with [a link](https://example.com).\n\n* one\n* two',
    });
    expect(doc.contentPreview).toBe('标题 Some text with a link. one two');
    const full = await detail(alice, doc.docId);
    expect(full.content).toBe('# 标题\n\nSome *text* with [a link](https://example.com).\n\n- one\n- two\n');
  });

  it('takes a client id, answers the same document for the same id, refuses a taken or malformed one', async ({
    alice,
    bob,
  }) => {
    const id = `d-client-${Date.now()}`;
    const first = await create(alice, { docId: id, title: 'first', readOnly: true });
    expect(first).toMatchObject({ docId: id, readOnly: true });
    expect(await create(alice, { docId: id, title: 'again' })).toMatchObject({ docId: id, title: 'first' });
    expect((await post(bob, '/knowledge/document/create', { docId: id })).errCode).toBe('E1003');
    expect((await post(alice, '/knowledge/document/create', { docId: 'c-not-a-doc' })).errCode).toBe('E0003');
    expect((await post(alice, '/knowledge/document/create', { projectId: 'p-missing' })).errCode).toBe(
      'E1014',
    );
  });

  it('caps content at 100k characters (E2004) and payloads at 100 KB (E2005)', async ({ alice }) => {
    const fits = await create(alice, { initialContent: 'a'.repeat(100_000) });
    expect((await detail(alice, fits.docId)).content!.length).toBe(100_001);
    expect(
      (await post(alice, '/knowledge/document/create', { initialContent: 'a'.repeat(100_001) })).errCode,
    ).toBe('E2004');
    expect(
      (await post(alice, '/knowledge/document/create', { initialContent: '字'.repeat(60_000) })).errCode,
    ).toBe('E2005');
    const doc = await create(alice);
    expect(
      (await post(alice, '/knowledge/document/update', { docId: doc.docId, content: 'b'.repeat(100_001) }))
        .errCode,
    ).toBe('E2004');
  });
});

describe('update', () => {
  it('renames, moves between projects and replaces the content', async ({ alice }) => {
    const project = await alice.client.api.call('project.new', { body: { name: 'Docs' } });
    const doc = await create(alice, { initialContent: 'old' });
    const moved = await alice.client.api.call('knowledge.document.update', {
      body: { docId: doc.docId, title: 'New title', projectId: project.projectId, content: '## New\n\nbody' },
    });
    expect(moved).toMatchObject({
      title: 'New title',
      projectId: project.projectId,
      contentPreview: 'New body',
    });
    expect((await detail(alice, doc.docId)).content).toBe('## New\n\nbody\n');
    const out = await alice.client.api.call('knowledge.document.update', {
      body: { docId: doc.docId, projectId: null },
    });
    expect(out.projectId).toBeNull();
  });

  it('refuses content changes while read-only; the owner can turn it off (also in the same call)', async ({
    alice,
  }) => {
    const doc = await create(alice, { initialContent: 'locked', readOnly: true });
    const refused = await post(alice, '/knowledge/document/update', { docId: doc.docId, content: 'changed' });
    expect(refused.errCode).toBe('E0003');
    expect((await detail(alice, doc.docId)).content).toBe('locked\n');
    // Renaming a read-only document is fine; its text stays as it is.
    expect(
      (
        await alice.client.api.call('knowledge.document.update', {
          body: { docId: doc.docId, title: 'Renamed' },
        })
      ).title,
    ).toBe('Renamed');
    const unlocked = await alice.client.api.call('knowledge.document.update', {
      body: { docId: doc.docId, readOnly: false, content: 'changed' },
    });
    expect(unlocked).toMatchObject({ readOnly: false, contentPreview: 'changed' });
  });

  it('batch-updates several documents, and changes nothing when one of them is not found', async ({
    alice,
  }) => {
    const a = await create(alice, { title: 'a' });
    const b = await create(alice, { title: 'b' });
    const done = await alice.client.api.call('knowledge.document.batchUpdate', {
      body: {
        items: [
          { docId: a.docId, title: 'A' },
          { docId: b.docId, readOnly: true },
        ],
      },
    });
    expect(done.map((d) => [d.title, d.readOnly])).toEqual([
      ['A', false],
      ['b', true],
    ]);
    const partial = await post(alice, '/knowledge/document/batchUpdate', {
      items: [{ docId: a.docId, title: 'AA' }, { docId: 'd-missing' }],
    });
    expect(partial.errCode).toBe('E1003');
    expect((await detail(alice, a.docId)).title).toBe('A');
    const badProject = await post(alice, '/knowledge/document/batchUpdate', {
      items: [
        { docId: a.docId, title: 'AAA' },
        { docId: b.docId, projectId: 'p-missing' },
      ],
    });
    expect(badProject.errCode).toBe('E1014');
    const locked = await post(alice, '/knowledge/document/batchUpdate', {
      items: [
        { docId: a.docId, title: 'AAA' },
        { docId: b.docId, content: 'into a read-only one' },
      ],
    });
    expect(locked.errCode).toBe('E0003');
    expect((await detail(alice, a.docId)).title).toBe('A');
    expect((await post(alice, '/knowledge/document/batchUpdate', { items: [] })).errCode).toBe('E0003');
  });
});

describe('list, delete, export', () => {
  it('lists without content, newest change first, with paging and a project filter', async ({ server }) => {
    const user = await buildUser(server);
    const project = await user.client.api.call('project.new', { body: { name: 'P' } });
    const one = await create(user, { title: 'one', initialContent: 'x' });
    const two = await create(user, { title: 'two', projectId: project.projectId });
    await user.client.api.call('knowledge.document.update', { body: { docId: one.docId, title: 'one!' } });
    const all = await user.client.api.call('knowledge.document.list', { query: {} });
    expect(all.map((d) => d.docId)).toEqual([one.docId, two.docId]);
    expect(all.every((d) => d.content === undefined)).toBe(true);
    expect(
      (await user.client.api.call('knowledge.document.list', { query: { page: 2, pageSize: 1 } })).map(
        (d) => d.docId,
      ),
    ).toEqual([two.docId]);
    expect(
      (
        await user.client.api.call('knowledge.document.list', { query: { projectId: project.projectId } })
      ).map((d) => d.docId),
    ).toEqual([two.docId]);
  });

  it('deletes: afterwards every call answers E1003', async ({ alice }) => {
    const doc = await create(alice);
    expect(await alice.client.api.call('knowledge.document.delete', { body: { docId: doc.docId } })).toEqual(
      {},
    );
    expect((await get(alice, `/knowledge/document/detail?docId=${doc.docId}`)).errCode).toBe('E1003');
    expect((await post(alice, '/knowledge/document/delete', { docId: doc.docId })).errCode).toBe('E1003');
  });

  it('exports Markdown as a download named after the title', async ({ alice }) => {
    const doc = await create(alice, { title: '周报: week/1', initialContent: '# Week\n\n- done' });
    const res = await alice.client.fetch(
      `/v1/knowledge/document/export/document?docId=${doc.docId}&format=md`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="__ week 1.md"; filename*=UTF-8''%E5%91%A8%E6%8A%A5%20week%201.md`,
    );
    expect(await res.text()).toBe('# Week\n\n- done\n');
  });
});

describe("user B and user A's document", () => {
  it('answers E1003 on every endpoint and changes nothing', async ({ alice, bob }) => {
    const doc = await create(alice, { title: 'secret', initialContent: 'private words' });
    const id = doc.docId;
    const calls: Array<[string, Promise<Wrapped>]> = [
      ['detail', get(bob, `/knowledge/document/detail?docId=${id}`)],
      ['update', post(bob, '/knowledge/document/update', { docId: id, title: 'mine now' })],
      ['update content', post(bob, '/knowledge/document/update', { docId: id, content: 'defaced' })],
      [
        'batchUpdate',
        post(bob, '/knowledge/document/batchUpdate', { items: [{ docId: id, readOnly: true }] }),
      ],
      ['delete', post(bob, '/knowledge/document/delete', { docId: id })],
      ['export md', get(bob, `/knowledge/document/export/document?docId=${id}`)],
      ['export pdf', get(bob, `/knowledge/document/export/document?docId=${id}&format=pdf`)],
    ];
    for (const [what, call] of calls) expect((await call).errCode, what).toBe('E1003');
    const list = await bob.client.api.call('knowledge.document.list', { query: { pageSize: 100 } });
    expect(list.some((d) => d.docId === id)).toBe(false);
    expect(await detail(alice, id)).toMatchObject({
      title: 'secret',
      content: 'private words\n',
      readOnly: false,
    });
  });
});

describe('bad input', () => {
  it('answers E0003 for malformed or mistyped input, never a 500', async ({ alice }) => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/knowledge/document/create', '{"title":'],
      ['POST', '/knowledge/document/create', { title: ['x'] }],
      ['POST', '/knowledge/document/create', { readOnly: 'no' }],
      ['POST', '/knowledge/document/create', { initialContent: 5 }],
      ['POST', '/knowledge/document/update', { title: 'no id' }],
      ['POST', '/knowledge/document/update', { docId: 'd-x', content: null }],
      ['POST', '/knowledge/document/batchUpdate', { items: 'all' }],
      ['POST', '/knowledge/document/delete', 'null'],
      ['GET', '/knowledge/document/detail', undefined],
      ['GET', '/knowledge/document/list?pageSize=0', undefined],
      ['GET', '/knowledge/document/export/document?docId=d-x&format=odt', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await alice.client.json<Wrapped>(method, `/v1${path}`, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.errCode, `${method} ${path} ${JSON.stringify(body)}`).toBe('E0003');
    }
  });
});
