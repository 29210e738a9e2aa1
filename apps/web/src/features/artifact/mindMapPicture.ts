/**
 * A mind map drawn as an SVG picture (cards and slides show it; its PNG is the artifact's stored
 * picture for exports): the root on the left, each level a column to the right, a card's children
 * stacked beside it, curved links. Labels longer than a card are cut with an ellipsis.
 */
import type { MindMapNode } from '@atelier/contract';

const COLUMN = 190;
const CARD_W = 160;
const CARD_H = 32;
const ROW = 44;
const PAD = 12;
const MAX_LABEL = 22;
/** Cards drawn at most (a huge map still draws quickly; the rest is left out). */
const MAX_CARDS = 300;

interface Placed {
  node: MindMapNode;
  depth: number;
  y: number;
  children: Placed[];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function cutLabel(label: string): string {
  const chars = Array.from(label.replace(/\s+/g, ' ').trim() || '…');
  return chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL - 1).join('')}…` : chars.join('');
}

export interface MindMapColors {
  root: string;
  rootText: string;
  card: string;
  cardText: string;
  border: string;
  link: string;
}

export const LIGHT_MIND_MAP: MindMapColors = {
  root: '#00968F',
  rootText: '#ffffff',
  card: '#ffffff',
  cardText: '#1f1f1f',
  border: '#8fcfcb',
  link: '#8fcfcb',
};
export const DARK_MIND_MAP: MindMapColors = {
  root: '#00968F',
  rootText: '#ffffff',
  card: '#1f1f1f',
  cardText: '#e8e8e8',
  border: '#2f6f6b',
  link: '#2f6f6b',
};

/** SVG markup of the mind map, sized to fit it (width and height attributes set). */
export function mindMapSvg(root: MindMapNode, colors: MindMapColors = LIGHT_MIND_MAP): string {
  let rows = 0;
  let cards = 0;
  let depthMax = 0;
  const place = (node: MindMapNode, depth: number): Placed => {
    cards += 1;
    depthMax = Math.max(depthMax, depth);
    const kids = (node.children ?? []).filter(() => cards < MAX_CARDS).map((c) => place(c, depth + 1));
    if (kids.length === 0) return { node, depth, y: rows++ * ROW, children: [] };
    const y = (kids[0]!.y + kids[kids.length - 1]!.y) / 2;
    return { node, depth, y, children: kids };
  };
  const tree = place(root, 0);
  const width = PAD * 2 + depthMax * COLUMN + CARD_W;
  const height = PAD * 2 + Math.max(1, rows) * ROW - (ROW - CARD_H);
  const links: string[] = [];
  const boxes: string[] = [];
  const draw = (p: Placed) => {
    const x = PAD + p.depth * COLUMN;
    const y = PAD + p.y;
    for (const child of p.children) {
      const x1 = x + CARD_W;
      const y1 = y + CARD_H / 2;
      const x2 = PAD + child.depth * COLUMN;
      const y2 = PAD + child.y + CARD_H / 2;
      const mid = (x1 + x2) / 2;
      links.push(`<path d="M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}" />`);
      draw(child);
    }
    const isRoot = p.depth === 0;
    boxes.push(
      `<g><rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="8" fill="${isRoot ? colors.root : colors.card}" stroke="${isRoot ? colors.root : colors.border}" />` +
        `<text x="${x + CARD_W / 2}" y="${y + CARD_H / 2}" fill="${isRoot ? colors.rootText : colors.cardText}" text-anchor="middle" dominant-baseline="central" font-size="13" font-weight="${isRoot ? 600 : 400}">${escapeXml(cutLabel(p.node.label))}</text></g>`,
    );
  };
  draw(tree);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', 'Noto Sans SC', sans-serif">` +
    `<g fill="none" stroke="${colors.link}" stroke-width="2">${links.join('')}</g>${boxes.join('')}</svg>`
  );
}
