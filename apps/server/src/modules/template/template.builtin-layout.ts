/**
 * The canvas of a built-in template: its nodes as the canvas stores them, laid out from the edges
 * (issue 32, point 7). A template's data file names nodes and edges only; positions come from
 * here, so every template reads left to right along its edges:
 * - each node's column is the length of the longest path of edges that reaches it (a memo that
 *   points at the first document sits left of it);
 * - a group is a frame around its members, stacked in the column of its first member;
 * - cards get no stored width or height: the canvas draws every card at its own size, and a stored
 *   size (a box bigger than the card) would leave the edges' handles floating beside it.
 */
import type { CanvasNodeInput, CanvasSnapshotInput } from '@atelier/canvas';
import { CANVAS_SCHEMA_VERSION } from '@atelier/canvas';
import type { CodeArtifactType } from '@atelier/contract';
import { NODE_PREVIEW_CHARS } from '../canvas/canvas.entity-sync.js';

export type BuiltinNode =
  | {
      id: string;
      type: 'memo';
      /** The first line of the memo's text. */
      title: string;
      /** The rest of its text. */
      content: string;
      group?: string;
    }
  | {
      id: string;
      type: 'document';
      title: string;
      /** Markdown. */
      content: string;
      group?: string;
    }
  | {
      id: string;
      type: 'codeArtifact';
      title: string;
      artifactType: CodeArtifactType;
      language?: string;
      content: string;
      group?: string;
    }
  | { id: string; type: 'group'; title: string };

export interface BuiltinLocale {
  title: string;
  description: string;
  nodes: BuiltinNode[];
  /** [source id, target id] */
  edges: Array<[string, string]>;
}

/** Cards are drawn 240 px wide (canvas.css); heights are generous estimates of a full card. */
export const CARD_WIDTH = 240;
export const CARD_HEIGHT: Record<Exclude<BuiltinNode['type'], 'group'>, number> = {
  memo: 150,
  document: 230,
  codeArtifact: 250,
};
const COLUMN_GAP = 110;
const ROW_GAP = 50;
const GROUP_PADDING = 24;
/** Room for a group's title above its first member. */
const GROUP_HEADER = 28;
/** How much of a document's Markdown its card carries (cut at a block boundary). */
const PREVIEW_CHARS = 400;

/** The text a memo shows: its title line, then the rest. */
export const memoText = (node: { title: string; content: string }): string =>
  node.content ? `${node.title}\n${node.content}` : node.title;

/** The first blocks of a document's Markdown, up to PREVIEW_CHARS, never a block cut in half. */
export function documentPreview(markdown: string): string {
  const blocks = markdown.trim().split(/\n{2,}/);
  let preview = '';
  for (const block of blocks) {
    const next = preview ? `${preview}\n\n${block}` : block;
    if (next.length > PREVIEW_CHARS && preview) break;
    preview = next;
  }
  return preview.slice(0, PREVIEW_CHARS * 2);
}

/** Longest-path depth of each node along the edges (edges that close a cycle are ignored). */
function depths(ids: readonly string[], edges: ReadonlyArray<[string, string]>): Map<string, number> {
  const incoming = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [source, target] of edges) incoming.get(target)?.push(source);
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const sources = (incoming.get(id) ?? []).filter((s) => incoming.has(s));
    const value = sources.length ? Math.max(...sources.map(visit)) + 1 : 0;
    visiting.delete(id);
    depth.set(id, value);
    return value;
  };
  for (const id of ids) visit(id);
  return depth;
}

interface Block {
  /** A card, or a group with its members. */
  id: string;
  members: string[];
  width: number;
  height: number;
}

/**
 * The template's canvas: nodes (groups first: a frame comes before what it holds), their data,
 * and the edges. `entityIds` maps a document's or code artifact's node id to its entity.
 */
export function builtinSnapshot(
  locale: BuiltinLocale,
  entityIds: ReadonlyMap<string, string>,
): CanvasSnapshotInput {
  const cards = locale.nodes.filter((n): n is Exclude<BuiltinNode, { type: 'group' }> => n.type !== 'group');
  const groups = locale.nodes.filter((n) => n.type === 'group');
  const byId = new Map(cards.map((n) => [n.id, n]));
  const depth = depths(
    cards.map((n) => n.id),
    locale.edges,
  );

  // Blocks per column, in the order the data file lists them.
  const columns = new Map<number, Block[]>();
  const placed = new Set<string>();
  const addBlock = (column: number, block: Block) => {
    const list = columns.get(column) ?? [];
    list.push(block);
    columns.set(column, list);
  };
  for (const card of cards) {
    if (placed.has(card.id)) continue;
    const groupId = card.group && groups.some((g) => g.id === card.group) ? card.group : undefined;
    const members = groupId ? cards.filter((c) => c.group === groupId).map((c) => c.id) : [card.id];
    for (const id of members) placed.add(id);
    const heights = members.map((id) => CARD_HEIGHT[byId.get(id)!.type]);
    const inner = heights.reduce((sum, h) => sum + h, 0) + ROW_GAP * (members.length - 1);
    addBlock(
      depth.get(card.id) ?? 0,
      groupId
        ? {
            id: groupId,
            members,
            width: CARD_WIDTH + 2 * GROUP_PADDING,
            height: inner + 2 * GROUP_PADDING + GROUP_HEADER,
          }
        : { id: card.id, members, width: CARD_WIDTH, height: inner },
    );
  }

  const groupNodes: CanvasNodeInput[] = [];
  const cardNodes: CanvasNodeInput[] = [];
  let x = 0;
  for (const column of [...columns.keys()].sort((a, b) => a - b)) {
    const blocks = columns.get(column)!;
    const width = Math.max(...blocks.map((b) => b.width));
    let y = 0;
    for (const block of blocks) {
      const grouped = block.members.length > 1 || block.id !== block.members[0];
      const origin = grouped ? { x: GROUP_PADDING, y: GROUP_PADDING + GROUP_HEADER } : { x: 0, y: 0 };
      if (grouped) {
        const group = groups.find((g) => g.id === block.id)!;
        groupNodes.push({
          id: group.id,
          type: 'group',
          position: { x, y },
          width: block.width,
          height: block.height,
          data: { title: group.title },
        });
      }
      let memberY = origin.y;
      for (const id of block.members) {
        const card = byId.get(id)!;
        const position = grouped ? { x: origin.x, y: memberY } : { x, y: y + memberY };
        cardNodes.push({
          ...cardNode(card, entityIds.get(id) ?? ''),
          position,
          ...(grouped ? { parentId: block.id } : {}),
        });
        memberY += CARD_HEIGHT[card.type] + ROW_GAP;
      }
      y += block.height + ROW_GAP;
    }
    x += width + COLUMN_GAP;
  }
  return {
    schemaVersion: CANVAS_SCHEMA_VERSION,
    nodes: [...groupNodes, ...cardNodes],
    edges: locale.edges.map(([source, target]) => ({ id: `e-${source}-${target}`, source, target })),
  };
}

function cardNode(card: Exclude<BuiltinNode, { type: 'group' }>, entityId: string): CanvasNodeInput {
  const base = { id: card.id, position: { x: 0, y: 0 } };
  switch (card.type) {
    case 'memo':
      return { ...base, type: 'memo', data: { title: card.title, contentPreview: memoText(card) } };
    case 'document':
      return {
        ...base,
        type: 'document',
        data: { title: card.title, entityId, contentPreview: documentPreview(card.content) },
      };
    case 'codeArtifact':
      return {
        ...base,
        type: 'codeArtifact',
        data: {
          title: card.title,
          entityId,
          contentPreview: card.content.slice(0, NODE_PREVIEW_CHARS),
          metadata: {
            artifactType: card.artifactType,
            ...(card.language ? { language: card.language } : {}),
          },
        },
      };
  }
}
