// Import of a JSON Canvas document into a canvas snapshot (mapping in json-canvas-map.ts).
import { withoutUndefined } from './doc.js';
import { CanvasValidationError, parseOrThrow } from './errors.js';
import {
  fileTitle,
  handleToSide,
  isImageFile,
  parseTitledText,
  renderVisible,
  titleFromText,
  type VisibleFields,
} from './json-canvas-map.js';
import {
  JSON_CANVAS_STASH_KEY,
  JsonCanvasEdgeStashSchema,
  JsonCanvasNodeStashSchema,
  JsonCanvasSchema,
  type JsonCanvasEdge,
  type JsonCanvasNode,
  type JsonCanvasNodeStash,
} from './json-canvas-schema.js';
import {
  CANVAS_SCHEMA_VERSION,
  CanvasSnapshotSchema,
  type CanvasEdge,
  type CanvasNodeData,
  type CanvasNodeInput,
  type CanvasSnapshot,
  type JsonObject,
} from './model.js';
import { normalizeSnapshot } from './snapshot.js';

function visibleOf(node: JsonCanvasNode): VisibleFields {
  switch (node.type) {
    case 'text':
      return { type: 'text', text: node.text };
    case 'file':
      return { type: 'file', file: node.file, ...(node.subpath ? { subpath: node.subpath } : {}) };
    case 'link':
      return { type: 'link', url: node.url };
    case 'group':
      return withoutUndefined({
        type: 'group' as const,
        label: node.label || undefined,
        background: node.background || undefined,
        backgroundStyle: node.backgroundStyle,
      });
  }
}

/** Sets `key` to a shown value, or removes it when the file no longer shows one. */
function setShown(target: JsonObject, key: string, value: string | undefined): void {
  if (value !== undefined && value !== '') target[key] = value;
  else if (typeof target[key] === 'string') delete target[key];
}

/** Our node data for a JSON Canvas node: the stash, with any edit made in Obsidian applied. */
function dataFor(node: JsonCanvasNode, stash: JsonCanvasNodeStash | undefined): CanvasNodeData {
  const data: CanvasNodeData = stash
    ? { ...stash.data, metadata: { ...stash.data.metadata } }
    : { title: '', entityId: '', contentPreview: '', metadata: {} };
  const edited = !stash || JSON.stringify(renderVisible(stash)) !== JSON.stringify(visibleOf(node));
  if (edited) {
    if (node.type === 'text') {
      const image = /^!\[(.*)\]\((\S*)\)$/.exec(node.text);
      const titled = parseTitledText(node.text);
      if (!stash || stash.type === 'memo') {
        data.contentPreview = node.text;
        if (!stash) data.title = titleFromText(node.text);
      } else if (stash.type === 'image' && image) {
        data.title = image[1] ?? '';
        data.metadata.url = image[2] ?? '';
      } else {
        if (titled.title !== undefined) data.title = titled.title;
        data.contentPreview = titled.body;
      }
    } else if (node.type === 'file') {
      data.metadata.file = node.file;
      setShown(data.metadata, 'subpath', node.subpath);
      if (!stash) data.title = fileTitle(node.file);
    } else if (node.type === 'link') {
      data.metadata.url = node.url;
      if (!stash) data.title = node.url;
    } else {
      data.title = node.label ?? '';
      setShown(data.metadata, 'background', node.background);
      setShown(data.metadata, 'backgroundStyle', node.backgroundStyle);
    }
  }
  setShown(data.metadata, 'color', node.color);
  return data;
}

function freshType(node: JsonCanvasNode): CanvasNodeInput['type'] {
  if (node.type === 'text') return 'memo';
  if (node.type === 'link') return 'website';
  if (node.type === 'group') return 'group';
  return isImageFile(node.file) ? 'image' : 'resource';
}

/** The smallest group that wholly contains `node` (and is bigger than it), for files without stash. */
function containingGroup(node: JsonCanvasNode, all: readonly JsonCanvasNode[]): string | undefined {
  let best: JsonCanvasNode | undefined;
  const area = (n: JsonCanvasNode): number => n.width * n.height;
  for (const group of all) {
    if (group.type !== 'group' || group.id === node.id || area(group) <= area(node)) continue;
    const inside =
      node.x >= group.x &&
      node.y >= group.y &&
      node.x + node.width <= group.x + group.width &&
      node.y + node.height <= group.y + group.height;
    if (inside && (!best || area(group) < area(best))) best = group;
  }
  return best?.id;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1;
}

function importEdge(edge: JsonCanvasEdge): CanvasEdge {
  const stash = JsonCanvasEdgeStashSchema.safeParse(edge[JSON_CANVAS_STASH_KEY]).data;
  const data: JsonObject = { ...(stash?.data ?? {}) };
  setShown(data, 'label', edge.label);
  setShown(data, 'color', edge.color);
  setShown(data, 'fromEnd', edge.fromEnd);
  setShown(data, 'toEnd', edge.toEnd);
  // A handle that is not a side name only lives in the stash; a side-named one follows the file.
  const handle = (stashed: string | undefined, side: string | undefined): string | undefined =>
    stashed !== undefined && handleToSide(stashed) === undefined ? stashed : side;
  return withoutUndefined({
    id: edge.id,
    source: edge.fromNode,
    target: edge.toNode,
    sourceHandle: handle(stash?.sourceHandle, edge.fromSide),
    targetHandle: handle(stash?.targetHandle, edge.toSide),
    type: stash?.type,
    data: Object.keys(data).length > 0 || stash?.data !== undefined ? data : undefined,
  });
}

/**
 * Reads a JSON Canvas document (validated) into a snapshot. Node and edge ids are kept; edges
 * pointing at missing nodes are dropped.
 */
export function fromJsonCanvas(json: unknown): CanvasSnapshot {
  const canvas = parseOrThrow(JsonCanvasSchema, json, 'JSON Canvas');
  const jsonNodes = canvas.nodes ?? [];
  const byId = new Map(jsonNodes.map((node) => [node.id, node]));
  if (byId.size !== jsonNodes.length)
    throw new CanvasValidationError('invalid JSON Canvas', ['duplicate node ids']);

  const stashes = new Map<string, JsonCanvasNodeStash>();
  for (const node of jsonNodes) {
    const stash = JsonCanvasNodeStashSchema.safeParse(node[JSON_CANVAS_STASH_KEY]).data;
    // A node turned into another kind in Obsidian (say text → file) is read as a new node.
    if (stash && renderVisible(stash).type === node.type) stashes.set(node.id, stash);
  }
  const parents = new Map<string, string>();
  for (const node of jsonNodes) {
    const stash = stashes.get(node.id);
    const parentId = stash ? stash.parentId : containingGroup(node, jsonNodes);
    if (parentId !== undefined && byId.get(parentId)?.type === 'group') parents.set(node.id, parentId);
  }
  // A hand-edited stash could loop; cut any cycle.
  for (const node of jsonNodes) {
    const seen = new Set([node.id]);
    for (let p = parents.get(node.id); p !== undefined; p = parents.get(p)) {
      if (seen.has(p)) {
        parents.delete(node.id);
        break;
      }
      seen.add(p);
    }
  }

  const nodes = jsonNodes.map((node): CanvasNodeInput => {
    const stash = stashes.get(node.id);
    const parentId = parents.get(node.id);
    const parent = parentId === undefined ? undefined : byId.get(parentId);
    const rel = { x: node.x - (parent?.x ?? 0), y: node.y - (parent?.y ?? 0) };
    const keep = (shown: number, exact: number | undefined, auto: number | undefined): number | undefined => {
      const written = exact ?? auto;
      return written !== undefined && near(shown, written) ? exact : shown;
    };
    return withoutUndefined({
      id: node.id,
      type: stash?.type ?? freshType(node),
      position:
        stash && near(rel.x, stash.position.x) && near(rel.y, stash.position.y) ? stash.position : rel,
      data: dataFor(node, stash),
      width: stash ? keep(node.width, stash.width, stash.autoSize?.width) : node.width,
      height: stash ? keep(node.height, stash.height, stash.autoSize?.height) : node.height,
      parentId,
      style: stash?.style,
    });
  });
  const edges = (canvas.edges ?? [])
    .filter((edge) => byId.has(edge.fromNode) && byId.has(edge.toNode))
    .map(importEdge);
  const snapshot = parseOrThrow(
    CanvasSnapshotSchema,
    { schemaVersion: CANVAS_SCHEMA_VERSION, nodes, edges },
    'canvas',
  );
  return normalizeSnapshot(snapshot.nodes, snapshot.edges);
}
