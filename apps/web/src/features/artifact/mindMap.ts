/** Mind-map JSON (a root card with children): parsing and the child / sibling / delete edits. */
import { MindMapNodeSchema, type MindMapNode } from '@atelier/contract';

export function parseMindMap(content: string): MindMapNode | null {
  try {
    const parsed = MindMapNodeSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function newCardId(): string {
  return `n-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

function mapTree(node: MindMapNode, fn: (node: MindMapNode) => MindMapNode): MindMapNode {
  const next = fn(node);
  return next.children ? { ...next, children: next.children.map((child) => mapTree(child, fn)) } : next;
}

export function addChild(root: MindMapNode, parentId: string, card: MindMapNode): MindMapNode {
  return mapTree(root, (node) =>
    node.id === parentId ? { ...node, children: [...(node.children ?? []), card] } : node,
  );
}

/** Adds a card after `siblingId` under the same parent; the root has no siblings (null). */
export function addSibling(root: MindMapNode, siblingId: string, card: MindMapNode): MindMapNode | null {
  if (root.id === siblingId) return null;
  return mapTree(root, (node) => {
    const index = node.children?.findIndex((child) => child.id === siblingId) ?? -1;
    if (index < 0 || !node.children) return node;
    const children = [...node.children];
    children.splice(index + 1, 0, card);
    return { ...node, children };
  });
}

export function removeCard(root: MindMapNode, id: string): MindMapNode {
  return mapTree(root, (node) =>
    node.children?.some((child) => child.id === id)
      ? { ...node, children: node.children.filter((child) => child.id !== id) }
      : node,
  );
}

export function renameCard(root: MindMapNode, id: string, label: string): MindMapNode {
  return mapTree(root, (node) => (node.id === id ? { ...node, label } : node));
}
