/**
 * A shared canvas holding references to other private entities that are NOT on it (issue 11: "a
 * shared canvas holding links to other private entities exposes none of them"): its document
 * links to the owner's private document, canvas and file, a memo names their ids, a node points
 * at another user's document. Every /v1/share route, the /share/{id} HTML, the share file route
 * and the live collab token are tried with those ids, by an anonymous caller, another user and
 * the owner: none of them opens anything, publishes anything, or shows a title or body.
 */
import type { SharedContent, ShareRecord } from '@atelier/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { shares } from '../src/db/schema/index.js';
import { connectCollab } from './helpers/collab-client.js';
import { buildCodeArtifact, buildDocument, buildResource, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import type { TestClient } from './helpers/http.js';
import { createCanvas, expectData, expectFailure, importCanvas, PNG, uploadFile } from './helpers/items.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

/** Words that appear only in the private entities: none may reach a viewer. */
const SECRETS = [
  'Private plan',
  'PRIVATE-DOC-BODY',
  'Private canvas',
  'PRIVATE-RES-BODY',
  'PRIVATE-ART',
  'Bob secret',
];

async function setup(alice: BuiltUser, bob: BuiltUser) {
  const privateDoc = await buildDocument(alice, {
    title: 'Private plan',
    initialContent: 'PRIVATE-DOC-BODY',
  });
  const privateCanvas = await createCanvas(alice, 'Private canvas');
  const privateRes = await buildResource(alice, { title: 'Private source', content: 'PRIVATE-RES-BODY' });
  const privateArt = await buildCodeArtifact(alice, { title: 'PRIVATE-ART', content: 'PRIVATE-ART code' });
  const key = await uploadFile(alice.client, { body: PNG, name: 'private.png', type: 'image/png' });
  const bobDoc = await buildDocument(bob, { title: 'Bob secret', initialContent: 'Bob secret body' });
  const linking = await buildDocument(alice, {
    title: 'Public notes',
    initialContent: [
      '# Notes',
      '',
      `See [the plan](/knowledge/document/${privateDoc.docId}) and [the canvas](/canvas/${privateCanvas}).`,
      '',
      `![private image](/v1/misc/static/${key})`,
    ].join('\n'),
  });
  const memo = `Ids: ${privateDoc.docId} ${privateCanvas} ${privateRes.resourceId} ${privateArt.artifactId} ${key}`;
  const canvasId = await importCanvas(alice, 'Shared board', [
    {
      id: 'notes',
      type: 'document',
      position: { x: 0, y: 0 },
      data: { title: 'notes', entityId: linking.docId },
    },
    { id: 'memo', type: 'memo', position: { x: 1, y: 1 }, data: { title: 'memo', contentPreview: memo } },
    { id: 'bob', type: 'document', position: { x: 2, y: 2 }, data: { title: 'bob', entityId: bobDoc.docId } },
  ]);
  const ids = [
    privateDoc.docId,
    privateCanvas,
    privateRes.resourceId,
    privateArt.artifactId,
    key,
    bobDoc.docId,
  ];
  return { canvasId, linking, ids, key };
}

/** Everything a link holder can read of the share: the canvas, its children and their HTML. */
async function readable(client: TestClient, shareId: string): Promise<string> {
  const seen = expectData(await client.get<SharedContent>('/v1/share/detail', { shareId }));
  const out = [JSON.stringify(seen), await (await client.fetch(`/share/${shareId}`)).text()];
  if (seen.data.kind === 'canvas') {
    for (const child of Object.values(seen.data.children)) out.push(await readable(client, child));
  }
  return out.join('\n');
}

describe('a shared canvas with links to private entities not on it', () => {
  it('exposes none of them through any share route, file route or live token', async ({
    server,
    alice,
    bob,
  }) => {
    const { canvasId, linking, ids, key } = await setup(alice, bob);
    const rec = expectData<ShareRecord>(
      await alice.post('/v1/share/new', {
        entityType: 'canvas',
        entityId: canvasId,
        live: true,
        allowDuplication: true,
      }),
    );
    const anon = server.client();
    const all = await readable(anon, rec.shareId);
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    // The one child is the document on the canvas; Bob's document is not even a node of it.
    const canvas = expectData(await anon.get<SharedContent>('/v1/share/detail', { shareId: rec.shareId }));
    if (canvas.data.kind !== 'canvas') throw new Error(`a canvas snapshot, not ${canvas.data.kind}`);
    expect(Object.keys(canvas.data.children)).toEqual([linking.docId]);
    const childId = canvas.data.children[linking.docId]!;
    const live = expectData<{ url: string; token: string }>(
      await anon.get('/v1/share/liveToken', { shareId: rec.shareId }),
    );

    const db = server.server.ctx.db;
    const rowsBefore = (await db.select({ id: shares.shareId }).from(shares)).length;
    for (const [who, client] of [
      ['anonymous', anon],
      ['bob', bob.client],
      ['alice', alice.client],
    ] as const) {
      for (const id of ids) {
        const where = `${who} ${id}`;
        for (const shareId of [id, rec.shareId, childId]) {
          // share.child: the canvas share (live), its child, or the private id as a share.
          expectFailure(await client.get('/v1/share/child', { shareId, entityId: id }), 'E1009');
        }
        expectFailure(await client.get('/v1/share/detail', { shareId: id }), 'E1009');
        expectFailure(await client.get('/v1/share/liveToken', { shareId: id }), 'E1009');
        for (const format of ['pdf', 'pptx'])
          expectFailure(await client.get('/v1/share/export', { shareId: id, format }), 'E1009');
        const dup = await client.post('/v1/share/duplicate', { shareId: id });
        if (who === 'anonymous') expect(dup.status, where).toBe(401);
        else expectFailure(dup, 'E1009');
        const urls = [
          `/share/${encodeURIComponent(id)}`,
          `/share/${encodeURIComponent(id)}/files/cover`,
          `/share/${rec.shareId}/files/${encodeURIComponent(id)}`,
          `/share/${childId}/files/${encodeURIComponent(id)}`,
        ];
        for (const url of urls) {
          const res = await client.fetch(url);
          expect(res.status, `${where} ${url}`).toBe(404);
          const body = await res.text();
          for (const secret of SECRETS) expect(body, `${where} ${url}`).not.toContain(secret);
        }
      }
      // The share's own files: only what it copied (nothing here), never the owner's upload.
      expect((await client.fetch(`/share/${rec.shareId}/files/img-0`)).status).toBe(404);
    }
    // Trying published nothing new.
    expect((await db.select({ id: shares.shareId }).from(shares)).length).toBe(rowsBefore);
    expect(await db.select().from(shares).where(inArray(shares.entityId, ids))).toEqual([]);
    expect(await db.select().from(shares).where(eq(shares.parentShareId, rec.shareId))).toHaveLength(1);

    // The private file stays private: the link in the shared document opens nothing for others.
    for (const client of [anon, bob.client]) {
      const res = await client.fetch(`/v1/misc/static/${encodeURIComponent(key)}`);
      expect(res.headers.get('content-type') ?? '').not.toContain('image/png');
    }

    // The canvas's live token opens that canvas only, never a private entity's collab document.
    for (const name of [`doc:${ids[0]}`, `canvas:${ids[1]}`, `doc:${ids[5]}`, `doc:${linking.docId}`]) {
      const res = await connectCollab(anon, name, { url: live.url, token: live.token });
      expect(res.denied, name).toBeDefined();
      res.client?.destroy();
    }
  });
});
