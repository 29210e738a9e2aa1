/**
 * The built-in snapshot builders (canvas, document, answer, code artifact, resource) and their
 * duplicators. Each builder reads the entity as the owner sees it now (live documents and canvases
 * from their Yjs state), refusing an id the owner may not read with the type's not-found code.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  CanvasEdgeSchema,
  CanvasNodeSchema,
  type CanvasEdge,
  type CanvasNode,
  type SharedCanvas,
  type SharedData,
  type SharedEntityType,
  SharedSkillResponseSchema,
  citationSourcesOf,
  cleanCitations,
  joinCited,
  stripDocumentMarkers,
  anchorsOf,
  type CitationSource,
} from '@atelier/contract';
import { deriveDocumentFields } from '../../collab/collab.derive.js';
import { canvasDocName, documentDocName } from '../../collab/index.js';
import {
  actionResults,
  canvases,
  codeArtifacts,
  documents,
  files,
  resources,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { stepsOf, findResult } from '../action/action.repository.js';
import { accessFor, userActor } from '../access/access.js';
import { loadCanvas } from '../canvas/canvas.service.js';
import { loadCodeArtifact } from '../code-artifact/code-artifact.service.js';
import { loadDocument } from '../document/document.service.js';
import { loadResource } from '../resource/resource.service.js';
import { anchorsToLinks } from '../../skills/skill.citations.js';
import { findUserByUid } from '../user/user.repository.js';
import { applySnapshot, CANVAS_SCHEMA_VERSION, type CanvasSnapshotInput } from '@atelier/canvas';
import {
  registerShareDuplicator,
  registerShareSnapshot,
  type ShareBuildDeps,
  type ShareFileCopy,
  type SnapshotBuilder,
  type SnapshotDuplicator,
} from './share.registry.js';
import type { ShareService } from './share.service.js';

/** Canvas node types whose entity is published as a child share. */
const CHILD_TYPES: Partial<Record<CanvasNode['type'], SharedEntityType>> = {
  document: 'document',
  resource: 'resource',
  skillResponse: 'skillResponse',
  codeArtifact: 'codeArtifact',
  mindMap: 'codeArtifact',
};

/** The entity type a canvas node of this type publishes as a child share, if any. */
export const childTypeOf = (nodeType: string): SharedEntityType | undefined =>
  CHILD_TYPES[nodeType as CanvasNode['type']];

const STATIC_PREFIX = '/v1/misc/static/';

async function ownerOf(deps: ShareBuildDeps, uid: string) {
  const user = await findUserByUid(deps.ctx.db, uid);
  return user ? { name: user.name, nickname: user.nickname, avatar: null } : null;
}

/** The storage key behind a file URL of this server (`…/v1/misc/static/{key}`), if it is one. */
export function storageKeyOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const at = url.indexOf(STATIC_PREFIX);
  if (at < 0) return null;
  try {
    return decodeURIComponent(url.slice(at + STATIC_PREFIX.length).split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
}

/** Markdown images: `![alt](url "title")`; group 1 is everything before the URL, group 2 the URL. */
const MARKDOWN_IMAGE = /(!\[[^\]]*\]\(\s*<?)([^)\s>]+)/g;

/** The storage keys of this server's files that Markdown shows as images. */
export function imageKeysOf(markdown: string): string[] {
  return [...markdown.matchAll(MARKDOWN_IMAGE)].flatMap((m) => {
    const key = storageKeyOf(m[2]);
    return key ? [key] : [];
  });
}

/**
 * A canvas or document open for editing here has its derived snapshot (and updatedAt) stored
 * now, before it is published: a debounced store arriving after the publish would otherwise move
 * updatedAt past the published one and call an unchanged entity "changed since published".
 */
async function storeOpen(deps: ShareBuildDeps, name: string): Promise<void> {
  if (!deps.services.collab.openNames().includes(name)) return;
  const live = await deps.services.collab.openLive(name);
  try {
    await live.snapshot();
  } finally {
    live.close();
  }
}

export const buildCanvasSnapshot: SnapshotBuilder = async (deps, input) => {
  const { ctx, services } = deps;
  await loadCanvas(ctx.db, input.uid, input.entityId);
  await storeOpen(deps, canvasDocName(input.entityId));
  const canvas = await loadCanvas(ctx.db, input.uid, input.entityId);
  const snapshot = await services.canvases.snapshot(canvas.canvasId);
  const access = accessFor(ctx.db);
  const actor = userActor(input.uid);
  const children: Record<string, string> = {};
  const copies: Record<string, ShareFileCopy> = {};
  const nodes: CanvasNode[] = [];
  // The owner's files shown by image nodes, by storage key.
  const imageKeys = snapshot.nodes.flatMap((n) =>
    n.type === 'image' ? [storageKeyOf(n.data.metadata?.url), storageKeyOf(n.data.metadata?.imageUrl)] : [],
  );
  const keys = [...new Set(imageKeys.filter((k): k is string => Boolean(k)))];
  const ownedFiles = keys.length
    ? await ctx.db
        .select({ storageKey: files.storageKey, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.uid, input.uid), inArray(files.storageKey, keys)))
    : [];
  const fileType = new Map(ownedFiles.map((f) => [f.storageKey, f.contentType]));
  let imageCount = 0;
  for (const raw of snapshot.nodes) {
    const parsed = CanvasNodeSchema.safeParse(raw);
    if (!parsed.success) continue;
    const node = parsed.data;
    const childType = CHILD_TYPES[node.type];
    const entityId = node.data.entityId;
    if (childType && entityId) {
      const refType = childType === 'skillResponse' ? 'actionResult' : childType;
      // An entity the owner may not read is not published, not even its title.
      if (!(await access.can(actor, 'read', refType, entityId))) {
        continue;
      }
      if (!(entityId in children)) {
        const childId = await input.publishChild(childType, entityId);
        if (childId) children[entityId] = childId;
      }
    }
    if (node.type === 'image') {
      const metadata = { ...(node.data.metadata ?? {}) };
      for (const field of ['url', 'imageUrl'] as const) {
        const key = storageKeyOf(metadata[field]);
        if (!key) continue;
        const contentType = fileType.get(key);
        if (!contentType) {
          // Someone else's (or a missing) private file: never linked from a share.
          delete metadata[field];
          continue;
        }
        const name = `img-${imageCount++}`;
        copies[name] = { fromKey: key, contentType };
        metadata[field] = input.fileUrl(input.shareId, name);
      }
      delete metadata.storageKey;
      node.data = { ...node.data, metadata };
    }
    nodes.push(node);
  }
  const kept = new Set(nodes.map((n) => n.id));
  for (const node of nodes) if (node.parentId && !kept.has(node.parentId)) delete node.parentId;
  const edges = snapshot.edges.flatMap((e): CanvasEdge[] => {
    const parsed = CanvasEdgeSchema.safeParse(e);
    return parsed.success && kept.has(parsed.data.source) && kept.has(parsed.data.target)
      ? [parsed.data]
      : [];
  });
  if (canvas.minimapStorageKey)
    copies.cover = { fromKey: canvas.minimapStorageKey, contentType: 'image/png' };
  const data: SharedCanvas = {
    kind: 'canvas',
    title: canvas.title,
    owner: await ownerOf(deps, canvas.uid),
    minimapUrl: canvas.minimapStorageKey ? input.fileUrl(input.shareId, 'cover') : null,
    nodes,
    edges,
    children,
  };
  return { data, title: canvas.title, entityUpdatedAt: canvas.updatedAt, files: copies };
};

/**
 * A stored snapshot as viewers get it: snapshots published before citations were structured
 * held raw markers in their text (and search-shaped sources); those become anchors, so no viewer,
 * page or export ever shows one.
 */
export function cleanSharedData(data: SharedData): SharedData {
  if (data.kind === 'skillResponse') {
    const parsed = SharedSkillResponseSchema.safeParse(data);
    const base = parsed.success ? parsed.data : data;
    const clean = cleanCitations(base.content, base.citations ?? []);
    return {
      ...base,
      content: clean.text,
      ...(clean.citations.length ? { citations: clean.citations } : {}),
    };
  }
  if (data.kind === 'document') return { ...data, content: stripDocumentMarkers(data.content) };
  return data;
}

export const buildDocumentSnapshot: SnapshotBuilder = async (deps, input) => {
  const { db } = deps.ctx;
  await loadDocument(db, input.uid, input.entityId);
  await storeOpen(deps, documentDocName(input.entityId));
  const row = await loadDocument(db, input.uid, input.entityId);
  const live = await deps.services.documents.liveFields(row.docId);
  const markdown = stripDocumentMarkers(live?.content ?? row.content);
  // The owner's images are copied into the share (img-0, img-1…) and shown from there.
  const keys = [...new Set(imageKeysOf(markdown))];
  const owned = keys.length
    ? await db
        .select({ storageKey: files.storageKey, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.uid, input.uid), inArray(files.storageKey, keys)))
    : [];
  const copies: Record<string, ShareFileCopy> = {};
  const urlOf = new Map<string, string>();
  for (const [i, file] of owned.entries()) {
    copies[`img-${i}`] = { fromKey: file.storageKey, contentType: file.contentType };
    urlOf.set(file.storageKey, input.fileUrl(input.shareId, `img-${i}`));
  }
  const content = markdown.replace(MARKDOWN_IMAGE, (match, head: string, url: string) => {
    const copy = urlOf.get(storageKeyOf(url) ?? '');
    return copy ? `${head}${copy}` : match;
  });
  return {
    data: { kind: 'document', title: row.title, owner: await ownerOf(deps, row.uid), content },
    title: row.title,
    entityUpdatedAt: row.updatedAt,
    files: copies,
  };
};

export const buildSkillResponseSnapshot: SnapshotBuilder = async (deps, input) => {
  const { db } = deps.ctx;
  await accessFor(db).require(userActor(input.uid), 'read', 'actionResult', [input.entityId]);
  const row = await findResult(db, input.entityId);
  if (!row) throw new AppError('E1011');
  const steps = await stepsOf(db, row.resultId, row.version);
  const sources = new Map<number, CitationSource>();
  for (const step of steps)
    for (const s of citationSourcesOf(step.structuredData?.sources))
      if (!sources.has(s.index)) sources.set(s.index, s);
  const { text: content, citations } = joinCited(
    steps.map((s) => ({ text: s.content, citations: anchorsOf(s.structuredData?.citations) })),
    '\n\n',
  );
  return {
    data: {
      kind: 'skillResponse',
      title: row.title,
      owner: await ownerOf(deps, row.uid),
      query: row.input.query ?? '',
      content,
      sources: [...sources.values()].sort((a, b) => a.index - b.index),
      ...(citations.length ? { citations } : {}),
      modelName: row.modelInfo?.label ?? row.modelInfo?.name ?? null,
    },
    title: row.title,
    entityUpdatedAt: row.updatedAt,
  };
};

export const buildCodeArtifactSnapshot: SnapshotBuilder = async (deps, input) => {
  const row = await loadCodeArtifact(deps.ctx.db, input.uid, input.entityId);
  // The rendered image of the code (a diagram's picture), made by the browser that drew it: the
  // viewer's cards and the page exports show it without running the code.
  const [preview] = row.previewStorageKey
    ? await deps.ctx.db
        .select({ key: files.storageKey, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.uid, input.uid), eq(files.storageKey, row.previewStorageKey)))
        .limit(1)
    : [];
  return {
    data: {
      kind: 'codeArtifact',
      title: row.title,
      owner: await ownerOf(deps, row.uid),
      type: row.type,
      language: row.language,
      content: row.content,
      previewUrl: preview ? input.fileUrl(input.shareId, 'preview') : null,
    },
    title: row.title,
    entityUpdatedAt: row.updatedAt,
    ...(preview ? { files: { preview: { fromKey: preview.key, contentType: preview.contentType } } } : {}),
  };
};

export const buildResourceSnapshot: SnapshotBuilder = async (deps, input) => {
  const row = await loadResource(deps.ctx.db, input.uid, input.entityId);
  const file = row.rawFileKey && row.resourceType === 'file';
  const copies: Record<string, ShareFileCopy> = {};
  if (file)
    copies.file = { fromKey: row.rawFileKey!, contentType: row.contentType ?? 'application/octet-stream' };
  return {
    data: {
      kind: 'resource',
      title: row.title,
      resourceType: row.resourceType === 'weblink' || row.resourceType === 'text' ? row.resourceType : 'file',
      url: row.meta?.url ?? null,
      fileUrl: file ? input.fileUrl(input.shareId, 'file') : null,
      contentType: row.contentType,
      content: row.content,
    },
    title: row.title,
    entityUpdatedAt: row.updatedAt,
    files: copies,
  };
};

// ---- duplicating from a snapshot ----

async function copyDocument(
  deps: ShareBuildDeps,
  uid: string,
  title: string,
  markdown: string,
  projectId?: string,
): Promise<string> {
  const row = await deps.services.documents.create(uid, {
    title,
    initialContent: markdown,
    projectId,
    readOnly: false,
  });
  return row.docId;
}

async function copyArtifact(
  deps: ShareBuildDeps,
  uid: string,
  data: Extract<SharedData, { kind: 'codeArtifact' }>,
  title?: string,
): Promise<string> {
  const artifactId = newId('codeArtifact');
  await deps.ctx.db.insert(codeArtifacts).values({
    artifactId,
    uid,
    type: data.type,
    title: title ?? data.title,
    content: data.content,
    language: data.language ?? null,
  });
  return artifactId;
}

/** An answer becomes a document: its question as a heading, the answer with `[n]` links, its sources. */
function answerMarkdown(data: Extract<SharedData, { kind: 'skillResponse' }>): string {
  const sources = data.sources
    .map((s) => `${s.index}. ${s.url ? `[${s.title || s.url}](${s.url})` : s.title}`)
    .join('\n');
  const body = anchorsToLinks(data.content, data.citations ?? [], data.sources);
  return [`## ${data.query}`, body, sources ? `---\n\n${sources}` : ''].filter(Boolean).join('\n\n');
}

const duplicateDocumentSnapshot: SnapshotDuplicator = async (deps, input) => {
  if (input.data.kind !== 'document') throw new Error('not a document snapshot');
  const id = await copyDocument(
    deps,
    input.uid,
    input.title ?? input.data.title,
    input.data.content,
    input.projectId,
  );
  return { entityType: 'document', entityId: id };
};

const duplicateAnswerSnapshot: SnapshotDuplicator = async (deps, input) => {
  if (input.data.kind !== 'skillResponse') throw new Error('not an answer snapshot');
  const id = await copyDocument(
    deps,
    input.uid,
    input.title ?? input.data.title,
    answerMarkdown(input.data),
    input.projectId,
  );
  return { entityType: 'document', entityId: id };
};

const duplicateArtifactSnapshot: SnapshotDuplicator = async (deps, input) => {
  if (input.data.kind !== 'codeArtifact') throw new Error('not an artifact snapshot');
  return {
    entityType: 'codeArtifact',
    entityId: await copyArtifact(deps, input.uid, input.data, input.title),
  };
};

/**
 * A canvas: a new canvas (status `duplicating` while the entities behind its nodes are copied from
 * the child snapshots, then `ready`) whose nodes point at the copies. Answers become documents;
 * resources become text resources holding their parsed content; nodes whose entity was not
 * published keep no entity id.
 */
const duplicateCanvasSnapshot: SnapshotDuplicator = async (deps, input) => {
  const { ctx, services } = deps;
  if (input.data.kind !== 'canvas') throw new Error('not a canvas snapshot');
  const data = input.data;
  const title = input.title ?? (await services.canvases.distinctTitle(input.uid, data.title, 'copy'));
  const canvasId = newId('canvas');
  await services.canvases.insert(input.uid, {
    canvasId,
    title,
    projectId: input.projectId ?? null,
    minimapStorageKey: null,
    status: 'duplicating',
  });
  const copies = new Map<string, { entityId: string; type?: CanvasNode['type'] }>();
  const nodes: CanvasNode[] = [];
  for (const original of data.nodes) {
    const node: CanvasNode = { ...original, data: { ...original.data } };
    const entityId = node.data.entityId;
    const childShareId = entityId ? data.children[entityId] : undefined;
    if (entityId && CHILD_TYPES[node.type]) {
      if (!copies.has(entityId) && childShareId) {
        const child = await input.childData(childShareId);
        if (child?.kind === 'document')
          copies.set(entityId, { entityId: await copyDocument(deps, input.uid, child.title, child.content) });
        else if (child?.kind === 'skillResponse')
          copies.set(entityId, {
            entityId: await copyDocument(deps, input.uid, child.title, answerMarkdown(child)),
            type: 'document',
          });
        else if (child?.kind === 'codeArtifact')
          copies.set(entityId, { entityId: await copyArtifact(deps, input.uid, child) });
        else if (child?.kind === 'resource') {
          const resourceId = newId('resource');
          const fields = deriveDocumentFields(child.content);
          await ctx.db.insert(resources).values({
            resourceId,
            uid: input.uid,
            resourceType: 'text',
            title: child.title,
            meta: child.url ? { url: child.url } : {},
            indexStatus: 'finish',
            content: child.content,
            contentPreview: fields.contentPreview,
            storageSize: Buffer.byteLength(child.content),
          });
          copies.set(entityId, { entityId: resourceId });
        }
      }
      const copy = copies.get(entityId);
      node.data.entityId = copy?.entityId ?? '';
      if (copy?.type) node.type = copy.type;
    }
    nodes.push(node);
  }
  await services.collab.write(canvasDocName(canvasId), (live) =>
    applySnapshot(live, {
      schemaVersion: CANVAS_SCHEMA_VERSION,
      // The canvas model keeps fewer fields than the wire shape; it validates what it is given.
      nodes: nodes as unknown as CanvasSnapshotInput['nodes'],
      edges: data.edges.map(({ sourceHandle, targetHandle, ...edge }) => ({
        ...edge,
        ...(sourceHandle ? { sourceHandle } : {}),
        ...(targetHandle ? { targetHandle } : {}),
      })) as unknown as CanvasSnapshotInput['edges'],
    }),
  );
  await ctx.db
    .update(canvases)
    .set({ status: 'ready', updatedAt: now() })
    .where(eq(canvases.canvasId, canvasId));
  return { entityType: 'canvas', entityId: canvasId };
};

async function currentMap(
  rows: Promise<{ id: string; updatedAt: Date; title: string }[]>,
): Promise<Map<string, { updatedAt: Date; title: string }>> {
  return new Map((await rows).map((r) => [r.id, { updatedAt: r.updatedAt, title: r.title }]));
}

/** Registers the built-in types (once per process) and how the owner's list learns staleness. */
export function registerBuiltInShares(service: ShareService, deps: ShareBuildDeps): void {
  const { db } = deps.ctx;
  registerShareSnapshot('canvas', buildCanvasSnapshot);
  registerShareSnapshot('document', buildDocumentSnapshot);
  registerShareSnapshot('skillResponse', buildSkillResponseSnapshot);
  registerShareSnapshot('codeArtifact', buildCodeArtifactSnapshot);
  registerShareSnapshot('resource', buildResourceSnapshot);
  registerShareDuplicator('canvas', duplicateCanvasSnapshot);
  registerShareDuplicator('document', duplicateDocumentSnapshot);
  registerShareDuplicator('skillResponse', duplicateAnswerSnapshot);
  registerShareDuplicator('codeArtifact', duplicateArtifactSnapshot);
  service.registerCurrent('canvas', (ids) =>
    currentMap(
      db
        .select({ id: canvases.canvasId, updatedAt: canvases.updatedAt, title: canvases.title })
        .from(canvases)
        .where(inArray(canvases.canvasId, [...ids])),
    ),
  );
  service.registerCurrent('document', (ids) =>
    currentMap(
      db
        .select({ id: documents.docId, updatedAt: documents.updatedAt, title: documents.title })
        .from(documents)
        .where(inArray(documents.docId, [...ids])),
    ),
  );
  service.registerCurrent('codeArtifact', (ids) =>
    currentMap(
      db
        .select({
          id: codeArtifacts.artifactId,
          updatedAt: codeArtifacts.updatedAt,
          title: codeArtifacts.title,
        })
        .from(codeArtifacts)
        .where(inArray(codeArtifacts.artifactId, [...ids])),
    ),
  );
  service.registerCurrent('skillResponse', (ids) =>
    currentMap(
      db
        .select({
          id: actionResults.resultId,
          updatedAt: actionResults.updatedAt,
          title: actionResults.title,
        })
        .from(actionResults)
        .where(inArray(actionResults.resultId, [...ids])),
    ),
  );
}
