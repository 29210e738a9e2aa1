/** Library resources over real HTTP: create, validate, ingest, list, update, reindex, delete, privacy. */
import { describe, expect, vi } from 'vitest';
import type { Resource } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { resources } from '../src/db/schema/index.js';
import { ingestResourceJob } from '../src/jobs/definitions/resource-ingest.js';
import { enqueue } from '../src/jobs/jobs.spec.js';
import { expectData, expectFailure } from './helpers/items.js';
import { createResource, createWithFile, settled } from './helpers/resources.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ UPLOAD_MAX_BYTES: String(64 * 1024) });

describe('resources', () => {
  it('adds pasted text, parses and indexes it, and fires "resource ready"', async ({ server, alice }) => {
    const ready: string[] = [];
    const off = server.server.ctx.events.on('resource.ready', (e) => {
      ready.push(e.resourceId);
    });
    const created = await createResource(alice.client, {
      title: 'Tea notes',
      resourceType: 'text',
      content: '# Oolong\n\nOolong tea is partially oxidised.',
    });
    expect(created.resourceId).toMatch(/^r-[a-z2-7]{20}$/);
    expect(['wait_parse', 'wait_index', 'finish']).toContain(created.indexStatus);
    const done = await settled(server, alice.client, created.resourceId);
    // Listeners run one after another, so ours may run after the queue drained (the trigger
    // scheduler's listener comes first and awaits the database): wait for the event itself.
    await vi.waitFor(() => expect(ready).toContain(created.resourceId), { timeout: 60_000, interval: 20 });
    off();
    expect(done.indexStatus).toBe('finish');
    expect(done.content).toContain('partially oxidised');
    expect(done.contentPreview).toBe('# Oolong Oolong tea is partially oxidised.');
    expect(done.storageSize).toBeGreaterThan(0);
  });

  it('validates input per type: links http/https, text needs content, files need an upload', async ({
    alice,
  }) => {
    const create = (body: unknown) => alice.post('/v1/knowledge/resource/create', body);
    expect(
      expectFailure(
        await create({ title: 'x', resourceType: 'weblink', data: { url: 'ftp://a.b/c' } }),
        'E0003',
      ),
    ).toMatch(/http or https/);
    expectFailure(await create({ title: 'x', resourceType: 'weblink' }), 'E0003');
    expect(expectFailure(await create({ title: 'x', resourceType: 'text', content: '  ' }), 'E0003')).toMatch(
      /title and content/,
    );
    expectFailure(await create({ title: '', resourceType: 'text', content: 'abc' }), 'E0003');
    expectFailure(await create({ title: 'x', resourceType: 'file' }), 'E0003');
    expectFailure(await create({ title: 'x', resourceType: 'video', content: 'a' }), 'E0003');
    expectFailure(await create({ title: 'x', resourceType: 'file', storageKey: 'f-nothere.pdf' }), 'E1012');
    expectFailure(
      await create({ title: 'x', resourceType: 'text', content: 'a', resourceId: 'bad id' }),
      'E0003',
    );
    expectFailure(
      await create({ title: 'x', resourceType: 'text', content: 'a', projectId: 'p-missing' }),
      'E1014',
    );
    expectFailure(await create({ title: 'x', resourceType: 'text', content: 'a'.repeat(100_001) }), 'E2004');
    expectFailure(await create('not json'), 'E0003');
    expectFailure(await alice.post('/v1/knowledge/resource/batchCreate', { items: [] }), 'E0003');
    const huge = await alice.client.fetch('/v1/knowledge/resource/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'x',
        resourceType: 'text',
        content: 'a'.repeat(99_000),
        data: { title: 'b'.repeat(1000) },
        pad: 'c'.repeat(20_000),
      }),
    });
    expect(((await huge.json()) as { errCode: string }).errCode).toBe('E2005');
  });

  it('ignores content when a storageKey is given and refuses unsupported file types (E0012)', async ({
    server,
    alice,
  }) => {
    const fd = new FormData();
    fd.append('file', new Blob(['hello from a file'], { type: 'text/plain' }), 'hello.txt');
    const up = (await (await alice.client.fetch('/v1/misc/upload', { method: 'POST', body: fd })).json()) as {
      data: { storageKey: string };
    };
    const r = await createResource(alice.client, {
      title: 'from upload',
      resourceType: 'text',
      storageKey: up.data.storageKey,
      content: 'IGNORED',
    });
    const done = await settled(server, alice.client, r.resourceId);
    expect(done.content).toBe('hello from a file');
    expect(done.rawFileKey).toBe(up.data.storageKey);
    expect(done.downloadURL).toContain(`/v1/misc/static/${up.data.storageKey}`);

    const zip = await createWithFile(alice.client, {
      body: 'PK',
      name: 'archive.zip',
      type: 'application/zip',
    });
    expect(zip.errCode).toBe('E0012');
    const big = await createWithFile(alice.client, {
      body: 'x'.repeat(70 * 1024),
      name: 'big.txt',
      type: 'text/plain',
    });
    expect(big.errCode).toBe('E0003');
    expect(big.errMsg).toBe('File size cannot exceed the limit');
    const noFile = await alice.client.fetch('/v1/knowledge/resource/createWithFile', {
      method: 'POST',
      body: new FormData(),
    });
    expect(((await noFile.json()) as { errCode: string }).errCode).toBe('E0003');
  });

  it('lists with filters and paging, updates, and keeps a retried create idempotent', async ({
    server,
    alice,
    bob,
  }) => {
    const a = await createResource(alice.client, {
      title: 'List A',
      resourceType: 'text',
      content: 'aaa',
      resourceId: 'r-client-made-1',
    });
    const again = await createResource(alice.client, {
      title: 'List A',
      resourceType: 'text',
      content: 'aaa',
      resourceId: 'r-client-made-1',
    });
    expect(again.resourceId).toBe(a.resourceId);
    expectFailure(
      await bob.post('/v1/knowledge/resource/create', {
        title: 'x',
        resourceType: 'text',
        content: 'a',
        resourceId: 'r-client-made-1',
      }),
      'E1002',
    );
    await server.server.ctx.queue.drain();
    const texts = expectData(
      await alice.get<Resource[]>(
        '/v1/knowledge/resource/list?resourceType=text&indexStatus=finish&pageSize=100',
      ),
    );
    expect(texts.map((r) => r.resourceId)).toContain(a.resourceId);
    expect(
      texts.every((r) => r.resourceType === 'text' && r.indexStatus === 'finish' && r.content === undefined),
    ).toBe(true);
    const page1 = expectData(await alice.get<Resource[]>('/v1/knowledge/resource/list?pageSize=1&page=1'));
    const page2 = expectData(await alice.get<Resource[]>('/v1/knowledge/resource/list?pageSize=1&page=2'));
    expect(page1).toHaveLength(1);
    expect(page2[0]?.resourceId).not.toBe(page1[0]?.resourceId);
    expectFailure(await alice.get('/v1/knowledge/resource/list?pageSize=0'), 'E0003');
    expectFailure(await alice.get('/v1/knowledge/resource/list?indexStatus=done'), 'E0003');

    const renamed = expectData(
      await alice.post<Resource>('/v1/knowledge/resource/update', {
        resourceId: a.resourceId,
        title: 'Renamed',
        content: 'new words here',
      }),
    );
    expect(renamed.title).toBe('Renamed');
    const done = await settled(server, alice.client, a.resourceId);
    expect(done.content).toBe('new words here');
    expect(done.indexStatus).toBe('finish');
  });

  it('keeps resources private: user B gets E1002 everywhere', async ({ server, alice, bob }) => {
    const r = await createResource(alice.client, {
      title: 'Secret',
      resourceType: 'text',
      content: 'classified',
    });
    expectFailure(await bob.get(`/v1/knowledge/resource/detail?resourceId=${r.resourceId}`), 'E1002');
    expectFailure(
      await bob.post('/v1/knowledge/resource/update', {
        resourceId: r.resourceId,
        title: 'mine',
      }),
      'E1002',
    );
    expectFailure(await bob.post('/v1/knowledge/resource/delete', { resourceId: r.resourceId }), 'E1002');
    expectFailure(await bob.post('/v1/knowledge/resource/reindex', { resourceIds: [r.resourceId] }), 'E1002');
    const bobs = expectData(await bob.get<Resource[]>('/v1/knowledge/resource/list'));
    expect(bobs.some((x) => x.resourceId === r.resourceId)).toBe(false);
    const anon = await server
      .client()
      .json('GET', `/v1/knowledge/resource/detail?resourceId=${r.resourceId}`);
    expect(anon.status).toBe(401);
  });

  it('moves resources into projects and references them', async ({ alice }) => {
    const project = expectData(
      await alice.post<{ projectId: string }>('/v1/project/new', { name: 'Research' }),
    );
    const r = await createResource(alice.client, {
      title: 'In project',
      resourceType: 'text',
      content: 'x',
      projectId: project.projectId,
    });
    expect(r.projectId).toBe(project.projectId);
    const listed = expectData(
      await alice.get<Resource[]>(`/v1/knowledge/resource/list?projectId=${project.projectId}`),
    );
    expect(listed.map((x) => x.resourceId)).toEqual([r.resourceId]);
    const out = expectData(
      await alice.post<Resource>('/v1/knowledge/resource/update', {
        resourceId: r.resourceId,
        projectId: null,
      }),
    );
    expect(out.projectId).toBeNull();
    const other = await createResource(alice.client, { title: 'Other', resourceType: 'text', content: 'y' });
    const refs = await alice.post('/v1/knowledge/reference/add', {
      references: [
        {
          sourceType: 'resource',
          sourceId: r.resourceId,
          targetType: 'resource',
          targetId: other.resourceId,
        },
      ],
    });
    expectData(refs);
  });

  it('reindexes after a failure and deletes a resource with its index and file', async ({
    server,
    alice,
  }) => {
    const broken = await createWithFile(alice.client, {
      body: '%PDF-1.4 truncated',
      name: 'broken.pdf',
      type: 'application/pdf',
    });
    const id = broken.data!.resourceId;
    const failed = await settled(server, alice.client, id);
    expect(failed.indexStatus).toBe('parse_failed');
    expect(failed.indexError?.type).toBe('unknownError');
    expect(String(failed.indexError?.metadata?.message)).toMatch(/PDF/);
    // the server keeps serving
    expectData(await alice.get('/v1/knowledge/resource/list'));

    const again = expectData(
      await alice.post<Resource[]>('/v1/knowledge/resource/reindex', { resourceIds: [id] }),
    );
    expect(again[0]!.indexStatus).toBe('wait_parse');
    expect(again[0]!.indexError).toBeNull();
    expect((await settled(server, alice.client, id)).indexStatus).toBe('parse_failed');

    const key = failed.rawFileKey!;
    expectData(await alice.post('/v1/knowledge/resource/delete', { resourceId: id }));
    expectFailure(await alice.get(`/v1/knowledge/resource/detail?resourceId=${id}`), 'E1002');
    const file = await alice.client.fetch(`/v1/misc/static/${key}`);
    expect(file.status).toBe(200);
    expect(((await file.json()) as { errCode: string }).errCode).toBe('E1012');
    expectFailure(await alice.post('/v1/knowledge/resource/reindex', { resourceIds: [] }), 'E0003');
  });

  it('enqueues waiting resources again on start (state-based recovery) and ignores stale jobs', async ({
    server,
    alice,
  }) => {
    const r = await createResource(alice.client, {
      title: 'Recover me',
      resourceType: 'text',
      content: 'recovered words',
    });
    await server.server.ctx.queue.drain();
    const { db, queue } = server.server.ctx;
    // as if the process died before the job ran
    await db.update(resources).set({ indexStatus: 'init' }).where(eq(resources.resourceId, r.resourceId));
    const { resumeIngestion } = await import('../src/modules/resource/resource.ingest.js');
    await resumeIngestion(server.server.ctx, server.server.services.resources);
    await queue.drain();
    const [row] = await db.select().from(resources).where(eq(resources.resourceId, r.resourceId));
    expect(row!.indexStatus).toBe('finish');
    // a job for an old version does nothing
    await enqueue(queue, ingestResourceJob, { resourceId: r.resourceId, version: 0 });
    await queue.drain();
    const [same] = await db.select().from(resources).where(eq(resources.resourceId, r.resourceId));
    expect(same!.indexStatus).toBe('finish');
  });
});
