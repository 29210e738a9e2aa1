/**
 * Find on this canvas (Ctrl/Cmd+F): which nodes match a query, in reading order. A node matches
 * when every word of the query occurs in what the node shows: its title, its content preview
 * (memo text, document, resource and artifact previews) and its link.
 */
import type { CanvasNodeData } from '@atelier/canvas';

export interface SearchableNode {
  id: string;
  data: CanvasNodeData;
  /** Where the node is on the canvas (absolute, also inside groups). */
  position: { x: number; y: number };
}

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/** The text a node is searched by. */
export function searchableText(data: CanvasNodeData): string {
  const url = typeof data.metadata.url === 'string' ? data.metadata.url : '';
  return fold([data.title, data.contentPreview, url].filter(Boolean).join('\n'));
}

/** The words of a query (empty for a blank query). */
export function queryTerms(query: string): string[] {
  return fold(query).split(/\s+/u).filter(Boolean);
}

/** Ids of the nodes matching `query`, top to bottom, then left to right; none for a blank query. */
export function findHits(nodes: readonly SearchableNode[], query: string): string[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return nodes
    .filter((node) => {
      const text = searchableText(node.data);
      return terms.every((term) => text.includes(term));
    })
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
    .map((node) => node.id);
}

/** The hit after (step 1) or before (step -1) `index`, wrapping around. */
export function stepHit(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (((index + step) % count) + count) % count;
}
