/** Label classes and labels over real HTTP: CRUD, values, labels on items, validation and other users. */
import { describe, expect } from 'vitest';
import type { LabelClass, LabelInstance } from '@atelier/contract';
import { type BuiltUser } from './helpers/factories.js';
import { createCanvas, createDocument, expectData, expectFailure } from './helpers/items.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

describe('labels', () => {
  const post = <T = unknown>(user: BuiltUser, path: string, body: unknown) =>
    user.post<T>(`/v1/label/${path}`, body);
  const get = <T = unknown>(user: BuiltUser, path: string) => user.get<T>(`/v1/label/${path}`);
  let seq = 0;
  const newClass = (user: BuiltUser, extra: Record<string, unknown> = {}) => {
    seq += 1;
    return post<LabelClass>(user, 'class/new', {
      name: `priority${seq}`,
      displayName: 'Priority',
      prompt: 'How urgent the item is',
      labels: ['High', 'Low'],
      ...extra,
    });
  };
  const newLabel = (user: BuiltUser, body: Record<string, unknown>) =>
    post<LabelInstance>(user, 'instance/new', body);

  it('creates a class with its values, updates, lists and deletes it', async ({ alice }) => {
    const cls = expectData(
      await newClass(alice, { icon: { type: 'emoji', value: '🔥' }, labels: ['High', 'Low', 'High'] }),
    );
    expect(cls.labelClassId).toMatch(/^lc-[a-z2-7]{20}$/);
    expect(cls).toMatchObject({
      displayName: 'Priority',
      prompt: 'How urgent the item is',
      values: ['High', 'Low'],
    });
    expect(cls.icon).toEqual({ type: 'emoji', value: '🔥' });

    const changed = expectData<LabelClass>(
      await post(alice, 'class/update', {
        labelClassId: cls.labelClassId,
        displayName: 'Urgency',
        icon: null,
      }),
    );
    expect(changed).toMatchObject({
      name: cls.name,
      displayName: 'Urgency',
      icon: null,
      values: ['High', 'Low'],
    });
    const listed = expectData(await get<LabelClass[]>(alice, 'class/list'));
    expect(listed.find((c) => c.labelClassId === cls.labelClassId)).toEqual(changed);

    expectData(await post(alice, 'class/delete', { labelClassId: cls.labelClassId }));
    expectFailure(await post(alice, 'class/delete', { labelClassId: cls.labelClassId }), 'E1007');
    expect(expectData(await get<LabelClass[]>(alice, 'class/list')).map((c) => c.labelClassId)).not.toContain(
      cls.labelClassId,
    );
  });

  it('needs a name, display name, prompt and at least one value; names are unique per user', async ({
    alice,
    bob,
  }) => {
    for (const body of [
      { displayName: 'D', prompt: 'p', labels: ['a'] },
      { name: 'n', prompt: 'p', labels: ['a'] },
      { name: 'n', displayName: 'D', labels: ['a'] },
      { name: 'n', displayName: 'D', prompt: 'p' },
      { name: 'n', displayName: 'D', prompt: 'p', labels: [] },
      { name: 'n', displayName: 'D', prompt: 'p', labels: ['  '] },
      { name: '  ', displayName: 'D', prompt: 'p', labels: ['a'] },
    ]) {
      expectFailure(await post(alice, 'class/new', body), 'E0003');
    }
    expect(
      expectFailure(
        await post(alice, 'class/new', { name: 'n', displayName: 'D', prompt: 'p', labels: [] }),
        'E0003',
      ),
    ).toContain('At least one label value is required');
    const first = expectData(await newClass(alice, { name: 'Topic' }));
    expectFailure(await newClass(alice, { name: 'topic' }), 'E0003');
    const other = expectData(await newClass(alice, { name: 'Other' }));
    expectFailure(
      await post(alice, 'class/update', { labelClassId: other.labelClassId, name: 'TOPIC' }),
      'E0003',
    );
    // another user may use the same name
    expectData(await newClass(bob, { name: 'Topic' }));
    expect(first.name).toBe('Topic');
  });

  it('puts values of a class on items, one label per value and item', async ({ alice }) => {
    const cls = expectData(await newClass(alice));
    const canvasId = await createCanvas(alice);
    const docId = await createDocument(alice);
    const project = expectData(await alice.post<{ projectId: string }>('/v1/project/new', { name: 'P' }));
    const artifact = expectData(
      await alice.post<{ artifactId: string }>('/v1/codeArtifact/new', {
        type: 'code',
        title: 'c',
        content: '',
      }),
    );
    const targets = [
      { entityType: 'canvas', entityId: canvasId },
      { entityType: 'document', entityId: docId },
      { entityType: 'project', entityId: project.projectId },
      { entityType: 'codeArtifact', entityId: artifact.artifactId },
    ];
    for (const target of targets) {
      const label = expectData(
        await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', ...target }),
      );
      expect(label.labelId).toMatch(/^lb-[a-z2-7]{20}$/);
      expect(label).toMatchObject({ labelClassId: cls.labelClassId, value: 'High', ...target });
      const again = expectData(
        await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', ...target }),
      );
      expect(again.labelId).toBe(label.labelId);
    }
    const loose = expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'Low' }));
    expect(loose).toMatchObject({ entityType: null, entityId: null });

    const ofClass = expectData(
      await get<LabelInstance[]>(alice, `instance/list?labelClassId=${cls.labelClassId}`),
    );
    expect(ofClass).toHaveLength(5);
    const onDoc = expectData(
      await get<LabelInstance[]>(alice, `instance/list?entityType=document&entityId=${docId}`),
    );
    expect(onDoc.map((l) => l.value)).toEqual(['High']);
    expect(
      expectData(
        await get<LabelInstance[]>(alice, `instance/list?labelClassId=${cls.labelClassId}&value=Low`),
      ),
    ).toEqual([loose]);

    // deleting the project removes the labels on it
    expectData(await alice.post('/v1/project/delete', { projectId: project.projectId }));
    const onProject = expectData(
      await get<LabelInstance[]>(alice, `instance/list?entityType=project&entityId=${project.projectId}`),
    );
    expect(onProject).toEqual([]);
  });

  it('deleting a canvas or a document removes the labels on it (and the document’s references)', async ({
    alice,
  }) => {
    const cls = expectData(await newClass(alice));
    const canvasId = await createCanvas(alice);
    const docId = await createDocument(alice);
    const otherDoc = await createDocument(alice);
    for (const [entityType, entityId] of [
      ['canvas', canvasId],
      ['document', docId],
    ] as const) {
      expectData(
        await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', entityType, entityId }),
      );
    }
    expectData(
      await alice.post('/v1/knowledge/reference/add', {
        references: [{ sourceType: 'document', sourceId: otherDoc, targetType: 'document', targetId: docId }],
      }),
    );
    expectData(await alice.post('/v1/canvas/delete', { canvasId }));
    expectData(await alice.post('/v1/knowledge/document/delete', { docId }));

    expect(
      expectData(await get<LabelInstance[]>(alice, `instance/list?labelClassId=${cls.labelClassId}`)),
    ).toEqual([]);
    const refs = expectData(
      await alice.post<unknown[]>('/v1/knowledge/reference/query', { sourceId: otherDoc }),
    );
    expect(refs).toEqual([]);
  });

  it('a label’s value must be one of its class’s values', async ({ alice }) => {
    const cls = expectData(await newClass(alice));
    expect(
      expectFailure(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'Medium' }), 'E0003'),
    ).toContain("class's values");
    const label = expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High' }));
    const changed = expectData<LabelInstance>(
      await post(alice, 'instance/update', { labelId: label.labelId, value: 'Low' }),
    );
    expect(changed.value).toBe('Low');
    expectFailure(await post(alice, 'instance/update', { labelId: label.labelId, value: 'Medium' }), 'E0003');
    expectData(await post(alice, 'instance/delete', { labelId: label.labelId }));
    expectFailure(await post(alice, 'instance/update', { labelId: label.labelId, value: 'High' }), 'E1008');
    expectFailure(await post(alice, 'instance/delete', { labelId: label.labelId }), 'E1008');
  });

  it('changes a class’s values, but never drops a value a label still carries', async ({ alice, bob }) => {
    const cls = expectData(await newClass(alice));
    const label = expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High' }));
    const more = expectData<LabelClass>(
      await post(alice, 'class/update', {
        labelClassId: cls.labelClassId,
        labels: ['High', 'Medium', 'Low', 'High'],
      }),
    );
    expect(more.values).toEqual(['High', 'Medium', 'Low']);
    expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'Medium' }));
    expect(
      expectFailure(
        await post(alice, 'class/update', { labelClassId: cls.labelClassId, labels: ['Low'] }),
        'E0003',
      ),
    ).toContain('High');
    expectFailure(await post(alice, 'class/update', { labelClassId: cls.labelClassId, labels: [] }), 'E0003');
    expectData(await post(alice, 'instance/delete', { labelId: label.labelId }));
    const fewer = expectData<LabelClass>(
      await post(alice, 'class/update', { labelClassId: cls.labelClassId, labels: ['Medium', 'Low'] }),
    );
    expect(fewer.values).toEqual(['Medium', 'Low']);
    expectFailure(
      await post(bob, 'class/update', { labelClassId: cls.labelClassId, labels: ['X'] }),
      'E1007',
    );
  });

  it('deleting a class deletes its labels', async ({ alice }) => {
    const cls = expectData(await newClass(alice));
    const label = expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High' }));
    expectData(await post(alice, 'class/delete', { labelClassId: cls.labelClassId }));
    expectFailure(await post(alice, 'instance/update', { labelId: label.labelId, value: 'Low' }), 'E1008');
    expectFailure(await get(alice, `instance/list?labelClassId=${cls.labelClassId}`), 'E1007');
    expectFailure(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High' }), 'E1007');
  });

  it('labels only the caller’s items, with each item’s not-found code', async ({ alice, bob }) => {
    const cls = expectData(await newClass(alice));
    const bobCanvas = await createCanvas(bob);
    const bobDoc = await createDocument(bob);
    const bobProject = expectData(await bob.post<{ projectId: string }>('/v1/project/new', { name: 'B' }));
    const bobArtifact = expectData(
      await bob.post<{ artifactId: string }>('/v1/codeArtifact/new', {
        type: 'code',
        title: 'c',
        content: '',
      }),
    );
    const on = (entityType: string, entityId: string) =>
      newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', entityType, entityId });
    expectFailure(await on('canvas', bobCanvas), 'E1000');
    expectFailure(await on('document', bobDoc), 'E1003');
    expectFailure(await on('project', bobProject.projectId), 'E1014');
    expectFailure(await on('codeArtifact', bobArtifact.artifactId), 'E1013');
    expectFailure(await on('resource', 'r-unknown'), 'E1002');
    expectFailure(await on('share', 'sh-x'), 'E0003');
  });

  it('someone else’s classes and labels answer E1007 / E1008 on every call and never show in lists', async ({
    alice,
    bob,
  }) => {
    const cls = expectData(await newClass(alice));
    const label = expectData(await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High' }));
    expectFailure(
      await post(bob, 'class/update', { labelClassId: cls.labelClassId, name: 'stolen' }),
      'E1007',
    );
    expectFailure(await post(bob, 'class/delete', { labelClassId: cls.labelClassId }), 'E1007');
    expectFailure(await newLabel(bob, { labelClassId: cls.labelClassId, value: 'High' }), 'E1007');
    expectFailure(await get(bob, `instance/list?labelClassId=${cls.labelClassId}`), 'E1007');
    expectFailure(await post(bob, 'instance/update', { labelId: label.labelId, value: 'Low' }), 'E1008');
    expectFailure(await post(bob, 'instance/delete', { labelId: label.labelId }), 'E1008');
    expect(expectData(await get<LabelClass[]>(bob, 'class/list')).map((c) => c.labelClassId)).not.toContain(
      cls.labelClassId,
    );
    expect(expectData(await get<LabelInstance[]>(bob, 'instance/list')).map((l) => l.labelId)).not.toContain(
      label.labelId,
    );
    const stillThere = expectData(
      await get<LabelInstance[]>(alice, `instance/list?labelClassId=${cls.labelClassId}`),
    );
    expect(stillThere).toEqual([label]);
  });

  it('answers E0003 for malformed or mistyped input, E2005 for oversize, never 500', async ({ alice }) => {
    const raw = await alice.client.fetch('/v1/label/class/new', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": [',
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { errCode: string }).errCode).toBe('E0003');
    const cls = expectData(await newClass(alice));
    expectFailure(await newClass(alice, { labels: 'High' }), 'E0003');
    expectFailure(await newClass(alice, { icon: { type: 'gif', value: 'x' } }), 'E0003');
    expectFailure(
      await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', entityType: 'canvas' }),
      'E0003',
    );
    expectFailure(
      await newLabel(alice, { labelClassId: cls.labelClassId, value: 'High', entityId: 'c-x' }),
      'E0003',
    );
    expectFailure(await newLabel(alice, { labelClassId: cls.labelClassId, value: 3 }), 'E0003');
    expectFailure(await post(alice, 'instance/update', { labelId: 'lb-x' }), 'E0003');
    expectFailure(await get(alice, 'class/list?pageSize=abc'), 'E0003');
    expectFailure(await newClass(alice, { prompt: 'p'.repeat(110_000) }), 'E2005');
  });
});
