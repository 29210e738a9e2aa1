/**
 * The access policy across every route that takes an id: user B and an anonymous caller name
 * user A's entities, and must get exactly the answer a random id that does not exist gets (the
 * entity's not-found code; 401 for anonymous, or the same answer as B on routes open to
 * everyone), while A's data stays as it was. The routes are rows in helpers/access-routes.ts:
 * share ids (an owner-only link, and a public one for the owner's routes), page ids, template ids
 * and the public /share/{id} paths are rows there too.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  actionResults,
  canvases,
  codeArtifacts,
  documents,
  files,
  labelClasses,
  labelInstances,
  pages,
  projects,
  providerItems,
  providers,
  references,
  resources,
  shares,
  templateCategories,
  templates,
} from '../src/db/schema/index.js';
import { seedCategories } from '../src/modules/template/template.builtin.js';
import { ROUTES, missing, type Kind, type Mine } from './helpers/access-routes.js';
import { buildCodeArtifact, buildProject, buildResource, type BuiltUser } from './helpers/factories.js';
import { serverTest, type ServerFixtures } from './helpers/fixtures.js';
import type { Wrapped } from './helpers/http.js';
import { createCanvas, createDocument, expectData, importCanvas, PNG, uploadFile } from './helpers/items.js';
import type { TestServer } from './helpers/server.js';

let mine: Mine;
const ofA = {} as Record<Kind, string>;

/** Everything A has, as stored: compared before and after the matrix. */
async function snapshotOfA(server: TestServer, a: BuiltUser): Promise<string> {
  const db = server.server.ctx.db;
  await server.server.ctx.queue.drain();
  const tables = [
    [canvases, canvases.canvasId],
    [documents, documents.docId],
    [resources, resources.resourceId],
    [codeArtifacts, codeArtifacts.artifactId],
    [projects, projects.projectId],
    [labelClasses, labelClasses.labelClassId],
    [labelInstances, labelInstances.labelId],
    [references, references.referenceId],
    [actionResults, actionResults.resultId],
    [providers, providers.providerId],
    [providerItems, providerItems.itemId],
    [files, files.storageKey],
    [shares, shares.shareId],
    [pages, pages.pageId],
    [templates, templates.templateId],
  ] as const;
  const out: unknown[] = [];
  for (const [table, id] of tables) {
    out.push(await db.select().from(table).where(eq(table.uid, a.uid)).orderBy(asc(id)));
  }
  return JSON.stringify(out);
}

const answer = (res: { status: number; body: Wrapped }, id: string) => ({
  status: res.status,
  code: res.body.success ? null : res.body.errCode,
  message: res.body.errMsg?.replaceAll(id, '<id>'),
  data: JSON.stringify(res.body.data)?.replaceAll(id, '<id>'),
});

/** A's things of every kind, and B's own project and label class (some routes name two ids). */
async function setup({ server, alice: a, bob: b }: ServerFixtures) {
  const ok = async <T>(user: BuiltUser, path: string, body: unknown) =>
    expectData(await user.post<T>(`/v1${path}`, body));
  ofA.canvas = await createCanvas(a);
  ofA.document = await createDocument(a);
  const other = await createDocument(a, 'Other');
  ofA.resource = (await buildResource(a, { title: 'R', content: 'text' })).resourceId;
  ofA.codeArtifact = (await buildCodeArtifact(a, { type: 'code', title: 'c', content: '' })).artifactId;
  ofA.project = (await buildProject(a, { name: 'P' })).projectId;
  ofA.labelClass = (
    await ok<{ labelClassId: string }>(a, '/label/class/new', {
      name: 'T',
      displayName: 'T',
      prompt: 'p',
      labels: ['High', 'Low'],
    })
  ).labelClassId;
  ofA.label = (
    await ok<{ labelId: string }>(a, '/label/instance/new', {
      labelClassId: ofA.labelClass,
      value: 'High',
      entityType: 'canvas',
      entityId: ofA.canvas,
    })
  ).labelId;
  const [ref] = await ok<Array<{ referenceId: string }>>(a, '/knowledge/reference/add', {
    references: [{ sourceType: 'document', sourceId: ofA.document, targetType: 'document', targetId: other }],
  });
  ofA.reference = ref!.referenceId;
  // A's canvas with her document and an image (a share file), its page, an owner-only share of
  // it, a public share of the document, and a template of the canvas.
  const png = await uploadFile(a.client, { body: PNG, name: 'a.png', type: 'image/png' });
  const board = await importCanvas(a, 'Board', [
    { id: 'doc', type: 'document', position: { x: 0, y: 0 }, data: { title: 'd', entityId: ofA.document } },
    {
      id: 'img',
      type: 'image',
      position: { x: 1, y: 1 },
      data: { title: 'i', metadata: { url: `/v1/misc/static/${png}` } },
    },
  ]);
  ofA.share = (
    await ok<{ shareId: string }>(a, '/share/new', { entityType: 'canvas', entityId: board, access: 'off' })
  ).shareId;
  ofA.publicShare = (
    await ok<{ shareId: string }>(a, '/share/new', { entityType: 'document', entityId: ofA.document })
  ).shareId;
  const onBoard = (await server.server.services.canvases.snapshot(board)).nodes;
  const docNode = onBoard.find((n) => n.type === 'document')!.id;
  ofA.page = (await ok<{ pageId: string }>(a, `/pages/canvas/${board}/nodes`, { nodeIds: [docNode] })).pageId;
  await ok(a, `/pages/${ofA.page}/share`, {});
  await seedCategories(server.server.ctx);
  const [category] = await server.server.ctx.db.select().from(templateCategories).limit(1);
  ofA.template = (
    await ok<{ templateId: string }>(a, '/template/create', {
      canvasId: board,
      title: 'Board',
      description: 'A board',
      language: 'en',
      categoryId: category!.categoryId,
    })
  ).templateId;
  const db = server.server.ctx.db;
  ofA.actionResult = missing('actionResult');
  await db.insert(actionResults).values({
    resultId: ofA.actionResult,
    version: 0,
    uid: a.uid,
    input: { query: 'q' },
    status: 'finish',
    runOptions: {
      skillName: 'commonQnA',
      modelItemId: null,
      projectId: null,
      locale: null,
      skillId: null,
      triggerId: null,
      selectedMcpServers: [],
    },
  });
  ofA.provider = missing('provider');
  await db
    .insert(providers)
    .values({ providerId: ofA.provider, uid: a.uid, providerKey: 'openai', name: 'P', categories: ['llm'] });
  ofA.providerItem = missing('providerItem');
  await db.insert(providerItems).values({
    itemId: ofA.providerItem,
    uid: a.uid,
    providerId: ofA.provider,
    name: 'm',
    category: 'llm',
    config: { modelId: 'm' },
  });
  mine = {
    projectId: (await buildProject(b, { name: 'Mine' })).projectId,
    labelClassId: (
      await ok<{ labelClassId: string }>(b, '/label/class/new', {
        name: 'T',
        displayName: 'T',
        prompt: 'p',
        labels: ['High', 'Low'],
      })
    ).labelClassId,
  };
}

const it = serverTest({}, { setup });

describe('one answer for an id the caller may not use', () => {
  it('user B gets the not-found answer of a missing id on every route, and A’s data is unchanged', async ({
    server,
    alice,
    bob,
  }) => {
    const before = await snapshotOfA(server, alice);
    for (const route of ROUTES) {
      const absent = missing(route.kind);
      const foreign = answer(await route.send(bob.client, ofA[route.kind], mine), ofA[route.kind]);
      const none = answer(await route.send(bob.client, absent, mine), absent);
      expect({ route: route.name, ...foreign }).toEqual({ route: route.name, ...none });
      expect({ route: route.name, status: foreign.status, code: foreign.code }).toEqual({
        route: route.name,
        status: route.status,
        code: route.code,
      });
    }
    expect(await snapshotOfA(server, alice)).toBe(before);
  });

  it('an anonymous caller gets the same answer (401, or B’s on open routes) for A’s ids and missing ones, and A’s data is unchanged', async ({
    server,
    alice,
  }) => {
    const before = await snapshotOfA(server, alice);
    const anonymous = server.client();
    for (const route of ROUTES) {
      const absent = missing(route.kind);
      const foreign = answer(await route.send(anonymous, ofA[route.kind], mine), ofA[route.kind]);
      const none = answer(await route.send(anonymous, absent, mine), absent);
      expect({ route: route.name, ...foreign }).toEqual({ route: route.name, ...none });
      expect({ route: route.name, status: foreign.status, code: foreign.code }).toEqual({
        route: route.name,
        ...route.anonymous,
      });
    }
    expect(await snapshotOfA(server, alice)).toBe(before);
  });

  it('A, the owner, is let through on the same ids (the matrix is not refusing everyone)', async ({
    alice,
  }) => {
    // Her owner-only link opens for her, HTML and file too: the 404s above are refusals, not gaps.
    const opens = (name: string) => name.endsWith('detail') || name === 'share html' || name === 'share file';
    for (const route of ROUTES.filter((r) => opens(r.name))) {
      const res = await route.send(alice.client, ofA[route.kind], mine);
      expect({ route: route.name, success: res.body.success }).toEqual({ route: route.name, success: true });
    }
  });
});
