/**
 * Storage quotas with the subscription flag on (free plan): 100 library items, then E2001 with
 * 'Insufficient storage: only N files can be saved'; the plan's file size limit; the storage meter
 * in GET /subscription/usage (file count, bytes, vectors) and the plans list; the daily advanced
 * parsing page count, which starts afresh when the server's clock passes 00:00 UTC.
 */
import { describe, expect } from 'vitest';
import type { Plan, Resource, Usage } from '@atelier/contract';
import { ParseError } from '../src/ingest/ingest.formats.js';
import { consumeParsePages } from '../src/modules/resource/resource.quota.js';
import { buildUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { createWithFile } from './helpers/resources.js';

const it = serverTest({ FEATURE_SUBSCRIPTION: 'true' });

const text = (i: number) => ({ title: `Note ${i}`, resourceType: 'text', content: `note number ${i}` });

describe('library quota on the free plan', () => {
  it('refuses the 101st item with E2001 and says how many still fit', async ({ alice }) => {
    for (let batch = 0; batch < 2; batch++) {
      const items = Array.from({ length: 49 }, (_, i) => text(batch * 49 + i));
      expectData(await alice.post<Resource[]>('/v1/knowledge/resource/batchCreate', { items }));
    }
    // 98 saved: a batch of 3 does not fit, and nothing of it is saved
    const tooMany = await alice.post('/v1/knowledge/resource/batchCreate', {
      items: [text(98), text(99), text(100)],
    });
    expect(expectFailure(tooMany, 'E2001')).toBe('Insufficient storage: only 2 files can be saved');
    expectData(await alice.post('/v1/knowledge/resource/create', text(98)));
    expectData(await alice.post('/v1/knowledge/resource/create', text(99)));
    // the 101st: a link, pasted text or a file alike
    const msg = expectFailure(await alice.post('/v1/knowledge/resource/create', text(100)), 'E2001');
    expect(msg).toBe('Insufficient storage: only 0 files can be saved');
    expectFailure(
      await alice.post('/v1/knowledge/resource/create', {
        title: 'Link',
        resourceType: 'weblink',
        data: { url: 'https://example.com/' },
      }),
      'E2001',
    );
    const file = await createWithFile(alice.client, { body: 'hello', name: 'a.txt', type: 'text/plain' });
    expect(file.errCode).toBe('E2001');

    const usage = expectData(await alice.get<Usage>('/v1/subscription/usage'));
    expect(usage.storage).toMatchObject({ uid: alice.uid, fileCountUsed: 100, fileCountQuota: 100 });
    expect(Number(usage.storage.objectStorageUsed)).toBeGreaterThan(0);
    expect(usage.storage.vectorStorageUsed).toBe('0');
    expect(usage.fileParsing).toMatchObject({ pagesParsed: 0, pagesLimit: 100, fileUploadLimit: 10 });
    expect(usage.token).toMatchObject({ t1CountQuota: 5, t2CountQuota: 50, t1CountUsed: 0 });

    // deleting one makes room for one
    const [first] = expectData(await alice.get<Resource[]>('/v1/knowledge/resource/list?pageSize=1'));
    expectData(await alice.post('/v1/knowledge/resource/delete', { resourceId: first!.resourceId }));
    expectData(await alice.post('/v1/knowledge/resource/create', text(101)));
  });

  it('counts per user: user B has a quota of their own', async ({ bob }) => {
    expectData(await bob.post('/v1/knowledge/resource/create', text(1)));
    const usage = expectData(await bob.get<Usage>('/v1/subscription/usage'));
    expect(usage.storage.fileCountUsed).toBe(1);
  });

  it('gives the last free slots to exactly as many concurrent creates as fit', async ({ server }) => {
    const dave = await buildUser(server);
    for (let batch = 0; batch < 2; batch++) {
      const items = Array.from({ length: 49 }, (_, i) => text(batch * 49 + i));
      expectData(await dave.post<Resource[]>('/v1/knowledge/resource/batchCreate', { items }));
    }
    // 98 saved, 2 free: six creates at once (single items, a batch of one, a file) race for them
    const racing = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => dave.post('/v1/knowledge/resource/create', text(200 + i))),
      dave.post('/v1/knowledge/resource/batchCreate', { items: [text(300)] }),
      createWithFile(dave.client, { body: 'racing file', name: 'race.txt', type: 'text/plain' }).then(
        (body) => ({
          status: 200,
          body,
        }),
      ),
    ]);
    const won = racing.filter((r) => r.body.success).length;
    expect(won).toBe(2);
    expect(racing.filter((r) => !r.body.success).every((r) => r.body.errCode === 'E2001')).toBe(true);
    const usage = expectData(await dave.get<Usage>('/v1/subscription/usage'));
    expect(usage.storage.fileCountUsed).toBe(100);
  });

  it("refuses files over the plan's size limit", async ({ server }) => {
    const carol = await buildUser(server);
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(97);
    const res = await createWithFile(carol.client, { body: big, name: 'big.txt', type: 'text/plain' });
    expect(res.errCode).toBe('E0003');
    expect(res.errMsg).toBe('File size cannot exceed the limit');
  });

  it('lists the plans with their quotas', async ({ alice }) => {
    const plans = expectData(await alice.get<Plan[]>('/v1/subscription/plans'));
    expect(plans.find((p) => p.planType === 'free')).toMatchObject({ fileCountQuota: 100, t1CountQuota: 5 });
  });

  it('counts advanced parsing pages per day and starts afresh when the clock passes 00:00 UTC', async ({
    server,
  }) => {
    const erin = await buildUser(server);
    const ctx = server.server.ctx;
    const parsing = async () => expectData(await erin.get<Usage>('/v1/subscription/usage')).fileParsing;
    // the free plan's 100 pages a day: 60 + 40 fit, one more page does not (and is not counted)
    await consumeParsePages(ctx, erin.uid, 60);
    await consumeParsePages(ctx, erin.uid, 40);
    const refused = await consumeParsePages(ctx, erin.uid, 1).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ParseError);
    expect(refused).toMatchObject({ type: 'pageLimitExceeded' });
    expect(await parsing()).toMatchObject({ pagesParsed: 100, pagesLimit: 100 });

    // one second past the next midnight (UTC) on the server's clock
    const now = server.clock.now();
    server.clock.advance(86_400_000 - (now % 86_400_000) + 1000);
    // the access token (15 min) expired on the way; the session (30 days) did not
    expect((await erin.client.fetch('/v1/auth/refreshToken', { method: 'POST' })).status).toBe(200);
    expect(await parsing()).toMatchObject({ pagesParsed: 0, pagesLimit: 100 });
    await consumeParsePages(ctx, erin.uid, 30);
    expect(await parsing()).toMatchObject({ pagesParsed: 30 });
  });
});
