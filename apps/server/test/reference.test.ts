/** References over real HTTP: add, query, delete, missing ends (E1005), unknown references (E1004), other users. */
import { describe, expect } from 'vitest';
import type { Reference } from '@atelier/contract';
import { buildDocument, buildProject, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';

const it = serverTest();

describe('references', () => {
  const post = <T = unknown>(user: BuiltUser, path: string, body: unknown) =>
    user.post<T>(`/v1/knowledge/reference/${path}`, body);
  const add = (user: BuiltUser, references: unknown[]) => post<Reference[]>(user, 'add', { references });
  const query = (user: BuiltUser, body: unknown) => post<Reference[]>(user, 'query', body);
  const doc = async (user: BuiltUser) => (await buildDocument(user)).docId;
  const link = (sourceId: string, targetId: string) => ({
    sourceType: 'document',
    sourceId,
    targetType: 'document',
    targetId,
  });

  it('adds references between documents, queries them from either end and deletes them', async ({
    alice,
  }) => {
    const [a, b, c] = [await doc(alice), await doc(alice), await doc(alice)];
    const made = expectData(await add(alice, [link(a, b), link(a, c), link(c, b)]));
    expect(made.map((r) => [r.sourceId, r.targetId])).toEqual([
      [a, b],
      [a, c],
      [c, b],
    ]);
    for (const r of made) expect(r.referenceId).toMatch(/^rf-[a-z2-7]{20}$/);

    expect(
      expectData(await query(alice, { sourceId: a }))
        .map((r) => r.targetId)
        .sort(),
    ).toEqual([b, c].sort());
    expect(
      expectData(await query(alice, { targetType: 'document', targetId: b }))
        .map((r) => r.sourceId)
        .sort(),
    ).toEqual([a, c].sort());
    expect(expectData(await query(alice, { sourceId: a, targetId: c }))).toEqual([made[1]]);
    expect(expectData(await query(alice, { sourceType: 'resource', sourceId: a }))).toEqual([]);

    expectData(await post(alice, 'delete', { referenceIds: [made[0]!.referenceId] }));
    expect(expectData(await query(alice, { sourceId: a })).map((r) => r.targetId)).toEqual([c]);
  });

  it('the same link added twice is one reference', async ({ alice }) => {
    const [a, b] = [await doc(alice), await doc(alice)];
    const first = expectData(await add(alice, [link(a, b)]));
    const again = expectData(await add(alice, [link(a, b), link(a, b)]));
    expect(again).toEqual(first);
    expect(expectData(await query(alice, { sourceId: a }))).toHaveLength(1);
  });

  it('answers E1005 when a source or target is missing or not the caller’s, adding nothing', async ({
    alice,
    bob,
  }) => {
    const a = await doc(alice);
    const b = await doc(alice);
    const bobs = await doc(bob);
    expectFailure(await add(alice, [link(a, 'd-missing')]), 'E1005');
    expectFailure(await add(alice, [link('d-missing', a)]), 'E1005');
    expectFailure(await add(alice, [link(a, b), link(a, bobs)]), 'E1005');
    expectFailure(
      await add(alice, [
        { sourceType: 'resource', sourceId: 'r-unknown', targetType: 'document', targetId: a },
      ]),
      'E1005',
    );
    expect(expectData(await query(alice, { sourceId: a }))).toEqual([]);
    expectFailure(await add(alice, [link(a, a)]), 'E0003');
  });

  it('delete answers E1004 for an unknown reference and then deletes nothing', async ({ alice }) => {
    const [a, b] = [await doc(alice), await doc(alice)];
    const [ref] = expectData(await add(alice, [link(a, b)]));
    expectFailure(await post(alice, 'delete', { referenceIds: ['rf-unknown'] }), 'E1004');
    expectFailure(await post(alice, 'delete', { referenceIds: [ref!.referenceId, 'rf-unknown'] }), 'E1004');
    expect(expectData(await query(alice, { sourceId: a }))).toEqual([ref]);
    expectData(await post(alice, 'delete', { referenceIds: [ref!.referenceId, ref!.referenceId] }));
    expectFailure(await post(alice, 'delete', { referenceIds: [ref!.referenceId] }), 'E1004');
  });

  it('deleting a project’s documents removes their references', async ({ alice }) => {
    const [a, b] = [await doc(alice), await doc(alice)];
    expectData(await add(alice, [link(a, b)]));
    const project = await buildProject(alice, { name: 'P' });
    const items = [{ entityType: 'document', entityId: b }];
    expectData(
      await alice.post('/v1/project/updateItems', {
        projectId: project.projectId,
        operation: 'add',
        items,
      }),
    );
    expectData(await alice.post('/v1/project/deleteItems', { projectId: project.projectId, items }));
    expect(expectData(await query(alice, { sourceId: a }))).toEqual([]);
  });

  it('someone else’s references: E1005 to link their items, E1004 to delete, never in a query', async ({
    alice,
    bob,
  }) => {
    const [a, b] = [await doc(alice), await doc(alice)];
    const [ref] = expectData(await add(alice, [link(a, b)]));
    const bobDoc = await doc(bob);
    expectFailure(await add(bob, [link(a, b)]), 'E1005');
    expectFailure(await add(bob, [link(bobDoc, a)]), 'E1005');
    expectFailure(await post(bob, 'delete', { referenceIds: [ref!.referenceId] }), 'E1004');
    expect(expectData(await query(bob, { sourceId: a }))).toEqual([]);
    expect(expectData(await query(bob, { targetId: b }))).toEqual([]);
    expect(expectData(await query(alice, { sourceId: a }))).toEqual([ref]);
  });

  it('answers E0003 for malformed or mistyped input, E2005 for oversize, never 500', async ({ alice }) => {
    expectFailure(await alice.post('/v1/knowledge/reference/add', '{"references": [{'), 'E0003');
    const a = await doc(alice);
    expectFailure(await add(alice, []), 'E0003');
    expectFailure(
      await add(alice, [{ sourceType: 'canvas', sourceId: a, targetType: 'document', targetId: a }]),
      'E0003',
    );
    expectFailure(await add(alice, [{ sourceType: 'document', sourceId: a }]), 'E0003');
    expectFailure(await post(alice, 'add', { references: 'all' }), 'E0003');
    expectFailure(await query(alice, {}), 'E0003');
    expectFailure(await query(alice, { sourceType: 'document' }), 'E0003');
    expectFailure(await query(alice, { sourceId: 12 }), 'E0003');
    expectFailure(await post(alice, 'delete', { referenceIds: [] }), 'E0003');
    expectFailure(await post(alice, 'delete', {}), 'E0003');
    expectFailure(
      await post(alice, 'delete', { referenceIds: Array.from({ length: 51 }, (_, i) => `rf-${i}`) }),
      'E0003',
    );
    expectFailure(await query(alice, { sourceId: a, pad: 'x'.repeat(110_000) }), 'E2005');
  });
});
