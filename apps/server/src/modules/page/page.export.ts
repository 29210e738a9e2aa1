/**
 * Page export (issue 11 point 9): a page's slides as PowerPoint or PDF. Each node's content is read
 * the way the page share reads it: as the snapshot of its entity (document, answer, artifact,
 * resource) or the node's own data (memo, website). The owner's export builds those snapshots
 * from the entities now (without publishing anything); a share's export reads the published
 * snapshots only — its child shares, its copied files and public images — never private data.
 */
import { memoTitle } from '@atelier/canvas';
import { markdownToDoc, type DocJSON } from '@atelier/editor';
import {
  SharedDataSchema,
  placeCitations,
  type CitationSource,
  type PageExportFormat,
  type PageNodeType,
  type SharedData,
  type SharedEntityType,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { exportFileName } from '../../export/export.filename.js';
import {
  loadExportImages,
  readExportImage,
  type ExportImage,
  type ExportImages,
} from '../../export/export.images.js';
import { imageSources } from '../../export/export.model.js';
import {
  CONTENT_TYPES,
  MAX_SLIDE_NODES,
  layoutDeck,
  type DeckNode,
  type Slide,
} from '../../export/export.slides.js';
import { renderSlidesPdf } from '../../export/export.slides.pdf.js';
import { renderSlidesPptx } from '../../export/export.slides.pptx.js';
import type { ExportedFile } from '../../export/index.js';
import type { Services } from '../../services.js';
import { accessFor, userActor } from '../access/access.js';
import type { AccessType } from '../access/access.entities.js';
import { snapshotBuilder } from '../share/share.registry.js';
import { shareNotFound } from '../share/share.service.js';
import { loadPage } from './page.service.js';

/** Markdown read from one node (longer text is cut; its slides are capped too). */
export const MAX_NODE_TEXT = 200_000;

/** Slide types whose content is an entity's snapshot, and the access type behind it. */
const ENTITY: Partial<Record<PageNodeType, { share: SharedEntityType; access: AccessType }>> = {
  document: { share: 'document', access: 'document' },
  resource: { share: 'resource', access: 'resource' },
  skillResponse: { share: 'skillResponse', access: 'actionResult' },
  codeArtifact: { share: 'codeArtifact', access: 'codeArtifact' },
};

interface SlideSource {
  title: string;
  nodeType: PageNodeType;
  nodeData: Record<string, unknown>;
  /** The entity's snapshot, null when it is not part of the export (gone, not readable). */
  data: SharedData | null;
  /** The image of an image resource, or the rendered picture of an artifact. */
  image: ExportImage | null;
}

/**
 * A diagram no browser has drawn since its code changed (the page editor draws every diagram
 * before it exports, so this is rare): the slide says so instead of showing the code.
 */
export const NOT_DRAWN =
  '_This diagram has not been drawn since it changed: open the page in Atelier and export again._';

/** Artifact types whose slide is a picture (never their source). */
const DIAGRAMS = new Set(['mermaid', 'svg', 'mindmap']);

/** A mind map (JSON) as a nested Markdown list of its card labels; null when it is not one. */
export function mindMapOutline(json: string): string | null {
  interface Card {
    label?: unknown;
    children?: unknown;
  }
  const lines: string[] = [];
  const walk = (card: Card, depth: number) => {
    if (lines.length >= 500 || depth > 20) return;
    const label = typeof card.label === 'string' ? card.label.replace(/\s+/g, ' ').trim() : '';
    lines.push(`${'  '.repeat(depth)}- ${label.replace(/([\\`*_#>[\]])/g, '\\$1') || '…'}`);
    if (Array.isArray(card.children))
      for (const child of card.children as unknown[])
        if (child && typeof child === 'object') walk(child as Card, depth + 1);
  };
  try {
    const root: unknown = JSON.parse(json);
    if (!root || typeof root !== 'object') return null;
    walk(root as Card, 0);
  } catch {
    return null;
  }
  return lines.join('\n');
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const httpUrl = (value: unknown) => {
  const url = str(value).trim();
  return /^https?:\/\//i.test(url) ? url : '';
};
const cut = (text: string) => (text.length > MAX_NODE_TEXT ? text.slice(0, MAX_NODE_TEXT) : text);

/** The readable text of an HTML artifact (its rendering falls back to text on a slide). */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|section|article)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The speaker notes of an answer's slides: each cited source with its address. */
export function citationNotes(sources: CitationSource[]): string {
  return [
    'Sources',
    ...sources.map((s) => `[${s.index}] ${s.title || s.url || ''}${s.url && s.title ? ` — ${s.url}` : ''}`),
  ].join('\n');
}

/** What one slide shows, from its snapshot or its node data. */
export function deckNodeOf(source: SlideSource): DeckNode {
  const { data, nodeData } = source;
  const title = source.title || (data && 'title' in data ? data.title : '') || '';
  if (data?.kind === 'document') return { title, markdown: cut(data.content) };
  if (data?.kind === 'skillResponse') {
    // citations as `[n]` in the text, the numbered sources under it (the PDF's endnotes of the
    // answer) and in the slide's speaker notes (PowerPoint)
    const cited = data.sources.filter((s) => s.url || s.title);
    const sources = cited.map((s) => `${s.index}. ${s.url ? `[${s.title || s.url}](${s.url})` : s.title}`);
    const content = placeCitations(data.content, data.citations ?? [], (c) => ` \\[${c.index}\\]`);
    const parts = [data.query ? `**${data.query.replace(/\*/g, '')}**` : '', content];
    if (sources.length) parts.push(sources.join('\n'));
    return {
      title,
      markdown: cut(parts.filter(Boolean).join('\n\n')),
      ...(cited.length ? { notes: citationNotes(cited) } : {}),
    };
  }
  if (data?.kind === 'codeArtifact') {
    // the picture the browser drew of it, as on the screen
    if (source.image) return { title, image: source.image };
    if (data.type === 'mindmap') {
      const outline = mindMapOutline(data.content);
      if (outline) return { title, markdown: outline };
    }
    if (DIAGRAMS.has(data.type)) return { title, markdown: NOT_DRAWN };
    if (data.type === 'markdown') return { title, markdown: cut(data.content) };
    if (data.type === 'html')
      return { title, markdown: cut(htmlText(data.content)).replace(/([\\`*_#>[\]-])/g, '\\$1') };
    return { title, code: cut(data.content) };
  }
  if (data?.kind === 'resource') {
    return {
      title,
      url: httpUrl(data.url) || undefined,
      image: source.image,
      markdown: source.image ? undefined : cut(data.content),
    };
  }
  const metadata = (nodeData.metadata ?? {}) as Record<string, unknown>;
  if (source.nodeType === 'website') return { title, url: httpUrl(metadata.url) || undefined };
  // Memos (and an entity that is not part of the export): the node's own text, a memo titled by
  // its first line as on the screen.
  const text = str(nodeData.contentPreview);
  return { title: source.nodeType === 'memo' ? memoTitle(title, text) : title, markdown: cut(text) };
}

async function render(format: PageExportFormat, title: string, slides: Slide[]): Promise<ExportedFile> {
  const body =
    format === 'pptx' ? await renderSlidesPptx(title, slides) : await renderSlidesPdf(title, slides);
  return { body, filename: exportFileName(title, format), contentType: CONTENT_TYPES[format] };
}

/** Lays out the slides, loading the images the Markdown shows through `images`. */
async function deck(
  page: { title: string; description: string; cover: ExportImage | null },
  nodes: DeckNode[],
  images: (sources: string[]) => Promise<ExportImages>,
): Promise<Slide[]> {
  const docs = new Map<string, DocJSON>();
  const toDoc = (markdown: string) => {
    let doc = docs.get(markdown);
    if (!doc) docs.set(markdown, (doc = markdownToDoc(markdown)));
    return doc;
  };
  const sources = new Set<string>();
  for (const node of nodes)
    if (node.markdown) for (const src of imageSources(toDoc(node.markdown))) sources.add(src);
  const loaded = await images([...sources]);
  return layoutDeck({ ...page, nodes }, toDoc, loaded);
}

/** The owner's export of a page (E1010 for anyone else or an unknown page). */
export async function exportPage(
  ctx: AppContext,
  services: Services,
  uid: string,
  pageId: string,
  format: PageExportFormat,
): Promise<ExportedFile> {
  const page = await loadPage(ctx.db, uid, pageId);
  const relations = (await services.pages.relations(page.pageId)).slice(0, MAX_SLIDE_NODES);
  const access = accessFor(ctx.db);
  const actor = userActor(uid);
  const deps = { ctx, services };
  const nodes: DeckNode[] = [];
  const built = new Map<string, { data: SharedData; fileKey: string | null; contentType: string | null }>();
  for (const rel of relations) {
    const entity = ENTITY[rel.nodeType];
    let data: SharedData | null = null;
    let image: ExportImage | null = null;
    if (entity && rel.entityId) {
      // An entity the owner may no longer read is left out, as on the published page.
      if (!(await access.can(actor, 'read', entity.access, rel.entityId))) continue;
      let snap = built.get(rel.entityId);
      if (!snap) {
        const build = snapshotBuilder(entity.share);
        const out = build
          ? await build(deps, {
              uid,
              entityId: rel.entityId,
              shareId: '',
              publishChild: async () => null,
              fileUrl: () => '',
            }).catch((err: unknown) => {
              ctx.log.warn({ err, entityId: rel.entityId }, 'node left out of a page export');
              return null;
            })
          : null;
        if (!out) continue;
        // an image resource's file, or an artifact's rendered picture
        const file = out.files?.file ?? out.files?.preview;
        snap = { data: out.data, fileKey: file?.fromKey ?? null, contentType: file?.contentType ?? null };
        built.set(rel.entityId, snap);
      }
      data = snap.data;
      if (snap.fileKey && snap.contentType?.startsWith('image/')) {
        image = await ctx.storage
          .get(snap.fileKey)
          .then(readExportImage)
          .catch(() => null);
      }
    }
    nodes.push(
      deckNodeOf({
        title: str(rel.nodeData.title),
        nodeType: rel.nodeType,
        nodeData: rel.nodeData,
        data,
        image,
      }),
    );
  }
  const cover = page.coverStorageKey
    ? await ctx.storage
        .get(page.coverStorageKey)
        .then(readExportImage)
        .catch(() => null)
    : null;
  const slides = await deck(
    { title: page.title, description: page.description ?? '', cover },
    nodes,
    (sources) => loadExportImages(ctx, uid, sources),
  );
  return render(format, page.title, slides);
}

/**
 * A shared page's export for a viewer who may open the share (E1009 otherwise, and for shares
 * that are not pages): built from the published snapshot, its child shares and copied files;
 * images inside the text only when they are public files.
 */
export async function exportSharedPage(
  ctx: AppContext,
  services: Services,
  viewerUid: string | null,
  shareId: string,
  format: PageExportFormat,
): Promise<ExportedFile> {
  const shares = services.shares;
  const { row } = await shares.open(shareId, viewerUid);
  if (row.entityType !== 'page' || row.parentShareId) throw shareNotFound();
  const data = await shares.snapshot(row);
  if (data.kind !== 'page') throw shareNotFound();
  const fileImage = async (id: string, name: string) =>
    shares
      .file(id, name, viewerUid)
      .then((f) => (f.contentType.startsWith('image/') ? readExportImage(f.stream) : null))
      .catch(() => null);
  const nodes: DeckNode[] = [];
  for (const slide of data.slides.slice(0, MAX_SLIDE_NODES)) {
    let child: SharedData | null = null;
    let image: ExportImage | null = null;
    if (slide.childShareId) {
      const childRow = await shares.find(slide.childShareId);
      if (childRow && childRow.parentShareId === row.shareId && childRow.storageKey) {
        const parsed = SharedDataSchema.safeParse(await shares.snapshot(childRow).catch(() => null));
        child = parsed.success ? parsed.data : null;
        if (child?.kind === 'resource' && child.fileUrl && child.contentType?.startsWith('image/'))
          image = await fileImage(childRow.shareId, 'file');
        if (child?.kind === 'codeArtifact' && child.previewUrl)
          image = await fileImage(childRow.shareId, 'preview');
      }
    }
    nodes.push(
      deckNodeOf({
        title: slide.title,
        nodeType: slide.nodeType,
        nodeData: slide.nodeData,
        data: child,
        image,
      }),
    );
  }
  const cover = row.files.cover ? await fileImage(row.shareId, 'cover') : null;
  const title = row.title || data.title;
  const slides = await deck(
    { title, description: data.description ?? '', cover },
    nodes,
    // No user: only public files are read.
    (sources) => loadExportImages(ctx, '', sources),
  );
  return render(format, title, slides);
}
