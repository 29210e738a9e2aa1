// Incremental reading of a live canvas Y.Doc for screens that follow every change.
import * as Y from 'yjs';
import { getCanvasMaps, readNodeMap, type CanvasMaps } from './doc.js';
import { CanvasEdgeSchema, type CanvasEdge, type CanvasNode, type CanvasSnapshot } from './model.js';
import { normalizeSnapshot } from './snapshot.js';

/**
 * Keeps a parsed copy of every node and edge of a canvas document and re-reads (and validates)
 * only the entries a Yjs change touched. `snapshot()` equals `getCanvasSnapshot(doc)`, and an
 * entry nobody changed keeps the same object from one snapshot to the next, so a view can tell
 * unchanged nodes apart by identity. Typing in one memo of a 1,000-node canvas then costs one
 * node, not the canvas.
 */
export class CanvasReader {
  private readonly maps: CanvasMaps;
  private readonly nodes = new Map<string, CanvasNode>();
  private readonly edges = new Map<string, CanvasEdge>();

  constructor(doc: Y.Doc) {
    this.maps = getCanvasMaps(doc);
    for (const id of this.maps.nodes.keys()) this.readNode(id);
    for (const id of this.maps.edges.keys()) this.readEdge(id);
  }

  /** Takes the events of a deep observer on the nodes map. */
  nodesChanged(events: ReadonlyArray<Y.YEvent<Y.AbstractType<unknown>>>): void {
    const touched = new Set<string>();
    for (const event of events) {
      if (event.target === this.maps.nodes) for (const key of event.changes.keys.keys()) touched.add(key);
      else if (typeof event.path[0] === 'string') touched.add(event.path[0]);
    }
    for (const id of touched) this.readNode(id);
  }

  /** Takes the event of an observer on the edges map. */
  edgesChanged(event: Y.YMapEvent<CanvasEdge>): void {
    for (const id of event.changes.keys.keys()) this.readEdge(id);
  }

  /** The canvas as plain JSON, normalized like getCanvasSnapshot. */
  snapshot(): CanvasSnapshot {
    return normalizeSnapshot([...this.nodes.values()], [...this.edges.values()]);
  }

  private readNode(id: string): void {
    const map = this.maps.nodes.get(id);
    const node = map instanceof Y.Map ? readNodeMap(map) : undefined;
    if (node) this.nodes.set(id, node);
    else this.nodes.delete(id);
  }

  private readEdge(id: string): void {
    const result = this.maps.edges.has(id) ? CanvasEdgeSchema.safeParse(this.maps.edges.get(id)) : null;
    if (result?.success) this.edges.set(id, result.data);
    else this.edges.delete(id);
  }
}
