// The canvas binding re-creates only the React Flow nodes a Yjs change touched, and keeps what
// React Flow measured or selected locally.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { addEdge, addNode, createCanvasDoc, removeNodes, updateNode } from '@atelier/canvas';
import { useCanvasFlow } from './useCanvasFlow';

function canvas(count: number): Y.Doc {
  const doc = createCanvasDoc();
  for (let i = 0; i < count; i += 1)
    addNode(doc, { id: `n${i}`, type: 'memo', position: { x: i * 10, y: 0 }, data: { title: `${i}` } });
  addEdge(doc, { id: 'e', source: 'n0', target: 'n1' });
  return doc;
}

describe('useCanvasFlow', () => {
  it('re-creates only the node a change touched', () => {
    const doc = canvas(20);
    const { result } = renderHook(() => useCanvasFlow(doc, false));
    const before = result.current.nodes;
    const edgesBefore = result.current.edges;
    expect(before).toHaveLength(20);

    act(() => void updateNode(doc, 'n3', { data: { contentPreview: 'typed' } }));
    const after = result.current.nodes;
    expect(after.filter((node, i) => node !== before[i]).map((node) => node.id)).toEqual(['n3']);
    expect(after.find((node) => node.id === 'n3')?.data.contentPreview).toBe('typed');
    // edges did not change: the same array, so React Flow does not even look at them
    expect(result.current.edges).toBe(edgesBefore);
  });

  it('keeps measured sizes and selection across remote changes, and follows removals', () => {
    const doc = canvas(3);
    const { result } = renderHook(() => useCanvasFlow(doc, false));
    act(() =>
      result.current.onNodesChange([
        { type: 'dimensions', id: 'n0', dimensions: { width: 200, height: 80 }, setAttributes: false },
        { type: 'select', id: 'n0', selected: true },
      ]),
    );
    act(() => void updateNode(doc, 'n0', { position: { x: 99, y: 9 } }));
    const n0 = result.current.nodes.find((node) => node.id === 'n0');
    expect(n0?.position).toEqual({ x: 99, y: 9 });
    expect(n0?.measured).toEqual({ width: 200, height: 80 });
    expect(n0?.selected).toBe(true);

    act(() => {
      removeNodes(doc, ['n1']);
    });
    expect(result.current.nodes.map((node) => node.id)).toEqual(['n0', 'n2']);
    // the edge to the removed node is gone too
    expect(result.current.edges).toEqual([]);
  });
});
