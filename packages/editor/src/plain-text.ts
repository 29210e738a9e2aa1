// Plain text of a document for search, previews and AI context: one line per text block.
import type { DocJSON } from './schema.js';

const CELL_HOLDERS = new Set(['tableCell', 'tableHeader']);

function inlineText(node: DocJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'image') return typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  return (node.content ?? []).map(inlineText).join('');
}

function blockLines(node: DocJSON): string[] {
  const children = node.content ?? [];
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'codeBlock':
      return [inlineText(node)];
    case 'image': {
      const alt = inlineText(node);
      return alt ? [alt] : [];
    }
    case 'horizontalRule':
      return [];
    case 'tableRow':
      // Cells of a row on one line, tab-separated; a cell's own blocks joined by spaces.
      return [
        children
          .filter((cell) => CELL_HOLDERS.has(cell.type ?? ''))
          .map((cell) => blockLines(cell).join(' '))
          .join('\t'),
      ];
    default:
      return children.flatMap(blockLines);
  }
}

/** Plain text of document JSON: marks dropped, each paragraph, heading or list item on its own line. */
export function docToPlainText(json: DocJSON): string {
  return blockLines(json).join('\n').trim();
}
