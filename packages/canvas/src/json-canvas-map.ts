// The mapping between our canvas nodes and JSON Canvas nodes, shared by export and import.
//
// Export (ours → JSON Canvas), positions made absolute (JSON Canvas has no parent links):
//   memo                             → text  (text = contentPreview)
//   group                            → group (label = title; metadata.background/backgroundStyle)
//   website with metadata.url        → link  (url)
//   any node with metadata.file      → file  (file, metadata.subpath) — nodes imported from a vault
//   image with metadata.url          → text  `![title](url)` (Obsidian renders it as the image)
//   everything else                  → text  `## title` + blank line + contentPreview
//   metadata.color                   ↔ color; missing width/height get a default (groups: their content)
// Each exported node also carries `atelier`: our node minus its id (JSON_CANVAS_STASH_KEY), so our
// own export re-imports losslessly. On import, what Obsidian shows wins when it was edited there:
// text/url/file/label, colour, position and size are compared with what we would have written
// from the stash, and an edit replaces the matching field (memo text, title, url, …).
//
// Import of a plain JSON Canvas file (no stash):
//   text  → memo     (title = first line without heading marks, contentPreview = text)
//   file  → image for image extensions, else resource (title = file name, metadata.file/subpath)
//   link  → website  (title = url, metadata.url)
//   group → group    (title = label)
//   a node lying wholly inside a group gets the smallest such group as parent (position made relative)
// Edges: fromNode/toNode ↔ source/target, fromSide/toSide ↔ handles named after the side,
// label/color/fromEnd/toEnd ↔ edge.data; anything else rides in the edge's `atelier` stash.
import type { JsonCanvasSide } from './json-canvas-schema.js';
import type { CanvasNode, XYPosition } from './model.js';

export const DEFAULT_NODE_SIZE = { width: 320, height: 200 } as const;
const GROUP_PADDING = 40;
const TITLE_MAX_LENGTH = 80;
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg|bmp|avif)$/i;
const SIDES: readonly string[] = ['top', 'right', 'bottom', 'left'];

/** What a JSON Canvas node shows, derived from one of our nodes. */
export type VisibleFields =
  | { type: 'text'; text: string }
  | { type: 'file'; file: string; subpath?: string }
  | { type: 'link'; url: string }
  | { type: 'group'; label?: string; background?: string; backgroundStyle?: 'cover' | 'ratio' | 'repeat' };

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function renderVisible(node: Pick<CanvasNode, 'type' | 'data'>): VisibleFields {
  const { title, contentPreview, metadata } = node.data;
  if (node.type === 'group') {
    const style = metadata.backgroundStyle;
    return {
      type: 'group',
      ...(title ? { label: title } : {}),
      ...(str(metadata.background) ? { background: str(metadata.background) } : {}),
      ...(style === 'cover' || style === 'ratio' || style === 'repeat' ? { backgroundStyle: style } : {}),
    };
  }
  if (node.type === 'memo') return { type: 'text', text: contentPreview };
  const url = str(metadata.url);
  if (node.type === 'website' && url) return { type: 'link', url };
  const file = str(metadata.file);
  if (file)
    return { type: 'file', file, ...(str(metadata.subpath) ? { subpath: str(metadata.subpath) } : {}) };
  if (node.type === 'image' && url) return { type: 'text', text: `![${title}](${url})` };
  if (!title) return { type: 'text', text: contentPreview };
  return { type: 'text', text: contentPreview ? `## ${title}\n\n${contentPreview}` : `## ${title}` };
}

/** Splits `## Title\n\nbody` back into title and body (the inverse of renderVisible's text form). */
export function parseTitledText(text: string): { title?: string; body: string } {
  const match = /^#{1,6} +(.*)(?:\n|$)/.exec(text);
  if (!match) return { body: text };
  return { title: (match[1] ?? '').trim(), body: text.slice(match[0].length).replace(/^\n+/, '') };
}

/** A title for a text card: its first non-empty line without heading marks, cut to 80 characters. */
export function titleFromText(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return Array.from(line.replace(/^#{1,6} +/, '').trim())
    .slice(0, TITLE_MAX_LENGTH)
    .join('');
}

export function isImageFile(file: string): boolean {
  return IMAGE_FILE.test(file);
}

export function fileTitle(file: string): string {
  const base = file.split('/').pop() ?? file;
  return base.replace(/\.[^.]+$/, '') || base;
}

export function handleToSide(handle: string | undefined): JsonCanvasSide | undefined {
  return handle !== undefined && SIDES.includes(handle) ? (handle as JsonCanvasSide) : undefined;
}

/** Absolute positions of all nodes (ours are relative to their parent group). */
export function absolutePositions(nodes: readonly CanvasNode[]): Map<string, XYPosition> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const out = new Map<string, XYPosition>();
  const resolve = (node: CanvasNode, depth: number): XYPosition => {
    const known = out.get(node.id);
    if (known) return known;
    const parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
    const base = parent && depth < 1000 ? resolve(parent, depth + 1) : { x: 0, y: 0 };
    const abs = { x: base.x + node.position.x, y: base.y + node.position.y };
    out.set(node.id, abs);
    return abs;
  };
  for (const node of nodes) resolve(node, 0);
  return out;
}

/** Sizes for export: the node's own, else a default; a group without one wraps its children. */
export function exportSizes(nodes: readonly CanvasNode[]): Map<string, { width: number; height: number }> {
  const out = new Map<string, { width: number; height: number }>();
  const childrenOf = new Map<string, CanvasNode[]>();
  for (const node of nodes) {
    if (node.parentId !== undefined)
      childrenOf.set(node.parentId, [...(childrenOf.get(node.parentId) ?? []), node]);
  }
  const resolve = (node: CanvasNode, depth: number): { width: number; height: number } => {
    const known = out.get(node.id);
    if (known) return known;
    let size: { width: number; height: number } = {
      width: node.width ?? DEFAULT_NODE_SIZE.width,
      height: node.height ?? DEFAULT_NODE_SIZE.height,
    };
    const children = childrenOf.get(node.id) ?? [];
    if (
      node.type === 'group' &&
      (node.width === undefined || node.height === undefined) &&
      children.length > 0
    ) {
      let right = 0;
      let bottom = 0;
      for (const child of children) {
        const childSize = depth < 1000 ? resolve(child, depth + 1) : DEFAULT_NODE_SIZE;
        right = Math.max(right, child.position.x + childSize.width);
        bottom = Math.max(bottom, child.position.y + childSize.height);
      }
      size = { width: node.width ?? right + GROUP_PADDING, height: node.height ?? bottom + GROUP_PADDING };
    }
    const rounded = {
      width: Math.max(1, Math.round(size.width)),
      height: Math.max(1, Math.round(size.height)),
    };
    out.set(node.id, rounded);
    return rounded;
  };
  for (const node of nodes) resolve(node, 0);
  return out;
}
