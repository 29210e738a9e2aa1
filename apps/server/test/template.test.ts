/**
 * Templates over real HTTP (issue 11, points 10–12): categories, built-in templates on a fresh
 * instance (en and zh-CN, featured, idempotent, updated by version, safe with two installers at
 * once), publishing a canvas as a template, update / republish / unpublish, "Use template"
 * (share.duplicate), and the cross-user and anonymous answers of every template route.
 */
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CanvasData, Template, TemplateCategory } from '@atelier/contract';
import { CANVAS_SCHEMA_VERSION } from '@atelier/canvas';
import { shares, templates } from '../src/db/schema/index.js';
import { newId } from '../src/lib/ids.js';
import {
  BUILTIN_TEMPLATES,
  BuiltinTemplateInstaller,
  SYSTEM_TEMPLATE_UID,
  type BuiltinTemplate,
} from '../src/modules/template/template.builtin.js';
import { buildDocument, buildUser, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure, PNG, uploadFile } from './helpers/items.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const it = serverTest({ BUILTIN_TEMPLATES: 'true' });

const list = (user: BuiltUser | TestServer, query: Record<string, string | number> = {}) =>
  ('post' in user ? user : user.client()).get<Template[]>('/v1/template/list', { pageSize: 100, ...query });

/** A canvas of `user` holding a document node (with its document) and a memo. */
async function canvasWithNodes(user: BuiltUser, title: string): Promise<string> {
  const doc = await buildDocument(user, { title: 'Plan', initialContent: '# Plan\n\nFirst step.' });
  const row = await user.server.server.services.canvases.insert(
    user.uid,
    { canvasId: newId('canvas'), title, projectId: null, minimapStorageKey: null },
    {
      schemaVersion: CANVAS_SCHEMA_VERSION,
      nodes: [
        {
          id: 'n1',
          type: 'document',
          position: { x: 0, y: 0 },
          data: { title: 'Plan', entityId: doc.docId, contentPreview: '', metadata: {} },
        },
        {
          id: 'n2',
          type: 'memo',
          position: { x: 400, y: 0 },
          data: { title: '', entityId: '', contentPreview: 'Read me first', metadata: {} },
        },
      ],
      edges: [],
    },
  );
  return row.canvasId;
}

async function categoryId(user: BuiltUser): Promise<string> {
  const categories = expectData(await user.get<TemplateCategory[]>('/v1/template/category/list'));
  return categories.find((c) => c.name === 'work')!.categoryId;
}

/** A template of `user` published from a new canvas (`canvasWithNodes`) titled `title`. */
async function publishTemplate(
  user: BuiltUser,
  title: string,
  extra: { coverStorageKey?: string } = {},
): Promise<Template> {
  return expectData(
    await user.post<Template>('/v1/template/create', {
      canvasId: await canvasWithNodes(user, title),
      title,
      description: title,
      language: 'en',
      categoryId: await categoryId(user),
      ...extra,
    }),
  );
}

describe('built-in templates', () => {
  test('are installed after the server listens: it answers at once, then lists them', async () => {
    const server = await startTestServer({ BUILTIN_TEMPLATES: 'true' }, { awaitBuiltinTemplates: false });
    try {
      // answers while the install may still run: health, and the list (possibly still short)
      expect((await fetch(`${server.url}/v1/health`)).ok).toBe(true);
      expectData(await list(server, { language: 'en' }));
      await server.server.builtinTemplates;
      for (const language of ['en', 'zh-CN'])
        expect(expectData(await list(server, { language })).length).toBeGreaterThanOrEqual(8);
    } finally {
      await server.close();
    }
  });

  it('a fresh instance has categories and at least 8 featured templates per language', async ({ server }) => {
    const anonymous = server.client();
    const categories = expectData(await anonymous.get<TemplateCategory[]>('/v1/template/category/list'));
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['research', 'writing', 'study', 'work', 'personal', 'product']),
    );
    for (const c of categories) {
      expect(c.labelDict.en).toBeTruthy();
      expect(c.labelDict['zh-CN']).toBeTruthy();
      expect(c.descriptionDict['zh-CN']).toBeTruthy();
    }
    for (const language of ['en', 'zh-CN']) {
      const found = expectData(await list(server, { language }));
      expect(found.length).toBeGreaterThanOrEqual(8);
      for (const t of found) {
        expect(t).toMatchObject({ language, featured: true, version: 1 });
        expect(t.shareId).toMatch(/^sh-/);
        expect(t.shareUser.uid).toBe(SYSTEM_TEMPLATE_UID);
        expect(t.category?.labelDict[language]).toBeTruthy();
      }
    }
    const zh = expectData(await list(server, { language: 'zh-CN', q: '文献' }));
    expect(zh.map((t) => t.title)).toContain('文献综述');
  });

  it('"Use template" copies the canvas with its documents into the caller\'s account', async ({
    server,
    alice,
  }) => {
    const [template] = expectData(await list(server, { language: 'en', q: 'Meeting notes' }));
    const copy = expectData(
      await alice.post<{ entityType: string; entityId: string }>('/v1/share/duplicate', {
        shareId: template!.shareId,
      }),
    );
    expect(copy.entityType).toBe('canvas');
    const data = expectData(await alice.get<CanvasData>('/v1/canvas/data', { canvasId: copy.entityId }));
    expect(data.nodes.filter((n) => n.type === 'document')).toHaveLength(3);
    expect(data.nodes.filter((n) => n.type === 'memo')).toHaveLength(1);
    const docId = data.nodes.find((n) => n.type === 'document')!.data.entityId;
    const doc = expectData(
      await alice.get<{ uid?: string; content?: string }>('/v1/knowledge/document/detail', { docId }),
    );
    expect(doc.content).toContain('#');
  });

  it('restarting installs nothing twice; a newer version updates the template in place', async ({
    server,
  }) => {
    const { ctx, services } = server.server;
    const before = await ctx.db.select().from(templates).where(eq(templates.uid, SYSTEM_TEMPLATE_UID));
    await new BuiltinTemplateInstaller(ctx, services, services.shares).install();
    const again = await ctx.db.select().from(templates).where(eq(templates.uid, SYSTEM_TEMPLATE_UID));
    expect(again.map((t) => [t.templateId, t.shareId, t.version]).sort()).toEqual(
      before.map((t) => [t.templateId, t.shareId, t.version]).sort(),
    );

    const original = BUILTIN_TEMPLATES.find((t) => t.key === 'weekly-review')!;
    const bumped: BuiltinTemplate = {
      ...original,
      version: original.version + 1,
      locales: { ...original.locales, en: { ...original.locales.en, title: 'Weekly review (new)' } },
    };
    const old = before.find((t) => t.builtinKey === 'weekly-review:en')!;
    // Two instances starting at once: one of them rebuilds, the other sees the new version.
    await Promise.all([
      new BuiltinTemplateInstaller(ctx, services, services.shares, [bumped]).install(),
      new BuiltinTemplateInstaller(ctx, services, services.shares, [bumped]).install(),
    ]);
    const after = await ctx.db.select().from(templates).where(eq(templates.uid, SYSTEM_TEMPLATE_UID));
    expect(after).toHaveLength(before.length);
    const updated = after.find((t) => t.builtinKey === 'weekly-review:en')!;
    expect(updated).toMatchObject({
      templateId: old.templateId,
      version: old.version + 1,
      title: 'Weekly review (new)',
    });
    expect(updated.shareId).not.toBe(old.shareId);
    // The previous version's link is revoked; the new one opens for anyone.
    expectFailure(await server.client().get('/v1/share/detail', { shareId: old.shareId }), 'E1009');
    expectData(await server.client().get('/v1/share/detail', { shareId: updated.shareId }));
    const listed = expectData(await list(server, { language: 'en', q: 'Weekly review' }));
    expect(listed.map((t) => t.title)).toEqual(['Weekly review (new)']);
  });
});

describe('publishing a canvas as a template', () => {
  it("the canvas's share names its template, for its owner only", async ({ alice, bob }) => {
    const canvasId = await canvasWithNodes(alice, 'Retro');
    const created = expectData(
      await alice.post<Template>('/v1/template/create', {
        canvasId,
        title: 'Retro',
        description: 'Two columns',
        language: 'en',
        categoryId: await categoryId(alice),
      }),
    );
    const shares = expectData(
      await alice.get<Array<{ shareId: string; templateId?: string | null }>>('/v1/share/list', {
        entityType: 'canvas',
        entityId: canvasId,
      }),
    );
    expect(shares.map((sh) => sh.templateId)).toContain(created.templateId);
    const seenByBob = expectData(
      await bob.get<unknown[]>('/v1/share/list', { entityType: 'canvas', entityId: canvasId }),
    );
    expect(seenByBob).toHaveLength(0);
    // alice is shared by the file's tests: leave her without templates
    expectData(await alice.post('/v1/template/delete', { templateId: created.templateId }));
  });

  it('creates, lists under mine, lets another user use it, updates, republishes and unpublishes', async ({
    server,
    alice,
    bob,
  }) => {
    const canvasId = await canvasWithNodes(alice, 'Launch checklist');
    const category = await categoryId(alice);
    const created = expectData(
      await alice.post<Template>('/v1/template/create', {
        canvasId,
        title: 'Launch checklist',
        description: 'Everything before a release',
        language: 'en',
        categoryId: category,
      }),
    );
    expect(created).toMatchObject({
      title: 'Launch checklist',
      language: 'en',
      featured: false,
      version: 1,
      shareUser: { uid: alice.uid },
      category: { categoryId: category },
    });

    const mine = expectData(await list(alice, { scope: 'mine' }));
    expect(mine.map((t) => t.templateId)).toEqual([created.templateId]);
    expect(expectData(await list(bob, { scope: 'mine' }))).toEqual([]);
    const all = expectData(await list(bob, { categoryId: category, q: 'launch' }));
    expect(all.map((t) => t.templateId)).toEqual([created.templateId]);
    // Featured (built-in) templates come first.
    const everything = expectData(await list(server, { language: 'en' }));
    expect(everything.at(-1)!.templateId).toBe(created.templateId);

    // Bob uses it: his own canvas with the document copied.
    const copy = expectData(
      await bob.post<{ entityId: string }>('/v1/share/duplicate', { shareId: created.shareId }),
    );
    const data = expectData(await bob.get<CanvasData>('/v1/canvas/data', { canvasId: copy.entityId }));
    expect(data.nodes.map((n) => n.type).sort()).toEqual(['document', 'memo']);
    expect(data.nodes.find((n) => n.type === 'document')!.data.entityId).not.toBe('');

    // Bob cannot change, republish or unpublish it; it answers like a missing one.
    expectFailure(
      await bob.post('/v1/template/update', { templateId: created.templateId, title: 'Mine now' }),
      'E1009',
    );
    expectFailure(await bob.post('/v1/template/delete', { templateId: created.templateId }), 'E1009');
    expectFailure(await bob.post('/v1/template/update', { templateId: 'tpl-nope', title: 'x' }), 'E1009');

    const renamed = expectData(
      await alice.post<Template>('/v1/template/update', {
        templateId: created.templateId,
        title: 'Release checklist',
        language: 'zh-CN',
        categoryId: null,
      }),
    );
    expect(renamed).toMatchObject({
      title: 'Release checklist',
      language: 'zh-CN',
      category: null,
      version: 1,
    });

    const republished = expectData(
      await alice.post<Template>('/v1/template/update', { templateId: created.templateId, republish: true }),
    );
    expect(republished).toMatchObject({ version: 2, shareId: created.shareId });

    expectData(await alice.post('/v1/template/delete', { templateId: created.templateId }));
    expect(expectData(await list(alice, { scope: 'mine' }))).toEqual([]);
    expectFailure(await bob.get('/v1/share/detail', { shareId: created.shareId }), 'E1009');
    // Alice's canvas stays.
    expectData(await alice.get('/v1/canvas/detail', { canvasId }));
  });

  it("refuses bad input, other users' canvases and signed-out callers", async ({ server, alice, bob }) => {
    const canvasId = await canvasWithNodes(alice, 'Private');
    const category = await categoryId(alice);
    const valid = { canvasId, title: 'T', description: 'D', language: 'en', categoryId: category };

    const noTitle = expectFailure(
      await alice.post('/v1/template/create', { ...valid, title: '  ' }),
      'E0003',
    );
    expect(noTitle).toContain('Template name must be entered');
    expectFailure(await alice.post('/v1/template/create', { ...valid, language: '' }), 'E0003');
    const noCategory = expectFailure(
      await alice.post('/v1/template/create', { ...valid, categoryId: undefined }),
      'E0003',
    );
    expect(noCategory).toContain('category');
    expectFailure(await alice.post('/v1/template/create', { ...valid, categoryId: 'tc-nope' }), 'E0003');
    expectFailure(await alice.post('/v1/template/create', { ...valid, coverStorageKey: 'nope' }), 'E1012');
    expectFailure(await alice.get('/v1/template/list', { scope: 'everyone' }), 'E0003');

    // Someone else's canvas answers like a missing one, and publishes nothing.
    expectFailure(await bob.post('/v1/template/create', valid), 'E1000');
    expectFailure(await bob.post('/v1/template/create', { ...valid, canvasId: 'c-missing' }), 'E1000');
    expect(expectData(await list(bob, { scope: 'mine' }))).toEqual([]);
    expect(expectData(await bob.get<unknown[]>('/v1/share/list'))).toEqual([]);

    const anonymous = server.client();
    expect((await anonymous.post('/v1/template/create', valid)).status).toBe(401);
    expect((await anonymous.post('/v1/template/update', { templateId: 'tpl-x', title: 'x' })).status).toBe(
      401,
    );
    expect((await anonymous.post('/v1/template/delete', { templateId: 'tpl-x' })).status).toBe(401);
    expect((await anonymous.get('/v1/template/list', { scope: 'mine' })).status).toBe(401);
    expect(expectData(await anonymous.get<Template[]>('/v1/template/list')).length).toBeGreaterThan(0);
  });
});

describe('template covers', () => {
  it('a template without a cover shows its canvas thumbnail; update sets and clears its own cover', async ({
    server,
    alice,
    bob,
  }) => {
    const canvasId = await canvasWithNodes(alice, 'Thumbnail board');
    const minimap = await uploadFile(alice.client, { body: PNG, name: 'minimap.png', type: 'image/png' });
    expectData(await alice.post('/v1/canvas/update', { canvasId, minimapStorageKey: minimap }));
    const created = expectData(
      await alice.post<Template>('/v1/template/create', {
        canvasId,
        title: 'Thumbnail board',
        description: 'No cover of its own',
        language: 'en',
        categoryId: await categoryId(alice),
      }),
    );
    // relative (no PUBLIC_URL): the library loads them from whichever address it is reached at
    const publicUrl = '';
    const thumbnail = `${publicUrl}/share/${created.shareId}/files/cover`;
    expect(created.coverUrl).toBe(thumbnail);
    // Anyone browsing the library loads it (it is served through the template's share).
    const anonymous = server.client();
    const listed = expectData(await anonymous.get<Template[]>('/v1/template/list', { pageSize: 100 }));
    expect(listed.find((t) => t.templateId === created.templateId)?.coverUrl).toBe(thumbnail);
    const image = await anonymous.fetch(thumbnail);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // Her own cover replaces it, copied into the template's share (never her private upload URL),
    // kept when the canvas is published again; null brings the thumbnail back.
    const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cover = await uploadFile(alice.client, { body: GIF, name: 'cover.gif', type: 'image/gif' });
    const withCover = expectData(
      await alice.post<Template>('/v1/template/update', {
        templateId: created.templateId,
        coverStorageKey: cover,
      }),
    );
    const ownCover = `${publicUrl}/share/${created.shareId}/files/templateCover`;
    expect(withCover).toMatchObject({ coverUrl: ownCover, ownCover: true });
    expect(withCover.coverUrl).not.toContain('/misc/static');
    const loadCover = async () => {
      const res = await anonymous.fetch(ownCover);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };
    expect(await loadCover()).toMatchObject({ status: 200, type: 'image/gif', body: GIF });
    const republished = expectData(
      await alice.post<Template>('/v1/template/update', { templateId: created.templateId, republish: true }),
    );
    expect(republished.coverUrl).toBe(ownCover);
    expect(await loadCover()).toMatchObject({ status: 200, body: GIF });
    // Publishing with a cover from the start copies it too.
    const second = expectData(
      await alice.post<Template>('/v1/template/create', {
        canvasId: await canvasWithNodes(alice, 'Second board'),
        title: 'Second board',
        description: 'Covered from the start',
        language: 'en',
        categoryId: await categoryId(alice),
        coverStorageKey: cover,
      }),
    );
    expect(second.coverUrl).toBe(`${publicUrl}/share/${second.shareId}/files/templateCover`);
    const secondImage = await anonymous.fetch(second.coverUrl!);
    expect(secondImage.status).toBe(200);
    const cleared = expectData(
      await alice.post<Template>('/v1/template/update', {
        templateId: created.templateId,
        coverStorageKey: null,
      }),
    );
    expect(cleared).toMatchObject({ coverUrl: thumbnail, ownCover: false });
    expect((await loadCover()).status).toBe(404);

    // Not a file of hers, not an image, not her template: refused, nothing changed.
    const bobs = await uploadFile(bob.client, { body: PNG, name: 'bob.png', type: 'image/png' });
    expectFailure(
      await alice.post('/v1/template/update', { templateId: created.templateId, coverStorageKey: bobs }),
      'E1012',
    );
    const text = await uploadFile(alice.client, { body: 'hello', name: 'a.txt', type: 'text/plain' });
    expectFailure(
      await alice.post('/v1/template/update', { templateId: created.templateId, coverStorageKey: text }),
      'E0003',
    );
    expectFailure(
      await bob.post('/v1/template/update', { templateId: created.templateId, coverStorageKey: bobs }),
      'E1009',
    );
    expectFailure(
      await alice.post('/v1/template/update', { templateId: created.templateId, coverStorageKey: 42 }),
      'E0003',
    );
    const [row] = await server.server.ctx.db
      .select()
      .from(templates)
      .where(eq(templates.templateId, created.templateId));
    expect(row!.coverStorageKey).toBeNull();
  });

  it('a cover set after the share was revoked stays on the template and reaches the next publish', async ({
    server,
    alice,
  }) => {
    const created = await publishTemplate(alice, 'Revoked board');
    expectData(await alice.post('/v1/share/delete', { shareId: created.shareId }));
    const cover = await uploadFile(alice.client, { body: PNG, name: 'cover.png', type: 'image/png' });
    // The update works (no E1009 from the revoked share): the template keeps the cover...
    const updated = expectData(
      await alice.post<Template>('/v1/template/update', {
        templateId: created.templateId,
        coverStorageKey: cover,
      }),
    );
    expect(updated).toMatchObject({ templateId: created.templateId, coverUrl: null, ownCover: false });
    const [row] = await server.server.ctx.db
      .select()
      .from(templates)
      .where(eq(templates.templateId, created.templateId));
    expect(row!.coverStorageKey).toBe(cover);
    // ...and publishing the canvas again copies it into the new share, where anyone loads it.
    const republished = expectData(
      await alice.post<Template>('/v1/template/update', { templateId: created.templateId, republish: true }),
    );
    expect(republished.shareId).not.toBe(created.shareId);
    // relative (no PUBLIC_URL): the library loads them from whichever address it is reached at
    const publicUrl = '';
    expect(republished).toMatchObject({
      coverUrl: `${publicUrl}/share/${republished.shareId}/files/templateCover`,
      ownCover: true,
    });
    const image = await server.client().fetch(republished.coverUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('a template whose share was revoked', () => {
  it('leaves the library everyone sees and stays under mine, back once republished', async ({
    server,
    alice,
    bob,
  }) => {
    const created = await publishTemplate(alice, 'Withdrawn board');
    const ids = (rows: Template[]) => rows.map((t) => t.templateId);
    expect(ids(expectData(await list(bob, { q: 'Withdrawn' })))).toContain(created.templateId);
    expectData(await alice.post('/v1/share/delete', { shareId: created.shareId }));
    // "Use template" could no longer work: the library of everyone (and the owner's) leaves it out
    for (const reader of [bob, server, alice] as const) {
      expect(ids(expectData(await list(reader, { q: 'Withdrawn' })))).not.toContain(created.templateId);
    }
    const mine = expectData(await list(alice, { scope: 'mine' }));
    // the owner's list says so, and the web app offers "Publish again" instead of Preview and Use
    expect(mine.find((t) => t.templateId === created.templateId)).toMatchObject({ linkRevoked: true });
    expectData(
      await alice.post<Template>('/v1/template/update', { templateId: created.templateId, republish: true }),
    );
    const back = expectData(await list(bob, { q: 'Withdrawn' }));
    expect(back.find((t) => t.templateId === created.templateId)).toMatchObject({ linkRevoked: false });
  });
});

describe('covers of templates made before covers were copied into shares', () => {
  test("are copied into the template's share at start; other templates are left alone", async () => {
    let server = await startTestServer();
    try {
      const owner = await buildUser(server);
      const cover = await uploadFile(owner.client, { body: PNG, name: 'old.png', type: 'image/png' });
      const legacy = await publishTemplate(owner, 'Made last year', { coverStorageKey: cover });
      const plain = await publishTemplate(owner, 'No cover');
      // As such a template was stored: the cover only on the template, none in its share.
      const { db, storage } = server.server.ctx;
      const [share] = await db.select().from(shares).where(eq(shares.shareId, legacy.shareId));
      const { templateCover: _dropped, ...rest } = share!.files;
      await db.update(shares).set({ files: rest }).where(eq(shares.shareId, legacy.shareId));
      await storage.delete(`shares/${legacy.shareId}/files/templateCover`).catch(() => undefined);
      const before = expectData(
        await server.client().get<Template[]>('/v1/template/list', { pageSize: 100 }),
      );
      expect(before.find((t) => t.templateId === legacy.templateId)).toMatchObject({ ownCover: false });

      server = await server.restart();
      // relative (no PUBLIC_URL): the library loads them from whichever address it is reached at
      const publicUrl = '';
      const after = expectData(await server.client().get<Template[]>('/v1/template/list', { pageSize: 100 }));
      const migrated = after.find((t) => t.templateId === legacy.templateId)!;
      expect(migrated).toMatchObject({
        coverUrl: `${publicUrl}/share/${legacy.shareId}/files/templateCover`,
        ownCover: true,
      });
      expect(migrated.coverUrl).not.toContain('/misc/static');
      const image = await server.client().fetch(migrated.coverUrl!);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      expect(after.find((t) => t.templateId === plain.templateId)).toMatchObject({ ownCover: false });
      // Nothing is left to copy: a further start copies nothing.
      expect(await server.server.services.templates.copyMissingCovers()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
