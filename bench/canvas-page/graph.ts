/**
 * The graph both pages of bench/canvas-render.mjs draw: `count` nodes of five types (memo,
 * document, code artifact, website, resource) in a grid of 40 columns, each linked to the next
 * (the last one back to the first), so `count` edges. The bench script turns it into the files
 * the pages fetch: a Yjs update for our canvas (what the collaboration server sends) and JSON for
 * bare React Flow.
 */
import type { CanvasNodeType } from '@atelier/canvas';

export const TYPES: CanvasNodeType[] = ['memo', 'document', 'codeArtifact', 'website', 'resource'];
const COLUMNS = 40;

export interface BenchNode {
  id: string;
  type: CanvasNodeType;
  position: { x: number; y: number };
  data: { title: string; entityId: string; contentPreview: string; metadata: Record<string, string> };
}

export interface BenchEdge {
  id: string;
  source: string;
  target: string;
}

export function benchGraph(count: number): { nodes: BenchNode[]; edges: BenchEdge[] } {
  const nodes = Array.from({ length: count }, (_, i): BenchNode => {
    const type = TYPES[i % TYPES.length] ?? 'memo';
    return {
      id: `n${i}`,
      type,
      position: { x: (i % COLUMNS) * 320, y: Math.floor(i / COLUMNS) * 220 },
      data: {
        title: `Node ${i}`,
        entityId: type === 'memo' ? '' : `e${i}`,
        contentPreview: `Preview text of node ${i}: a few words of what it holds.`,
        metadata:
          type === 'website'
            ? { url: `https://example.com/${i}` }
            : type === 'codeArtifact'
              ? { artifactType: 'mermaid' }
              : {},
      },
    };
  });
  const edges = Array.from({ length: count }, (_, i) => ({
    id: `e${i}`,
    source: `n${i}`,
    target: `n${i + 1 < count ? i + 1 : 0}`,
  }));
  return { nodes, edges };
}
