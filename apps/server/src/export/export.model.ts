/**
 * What the DOCX and PDF writers read from the one document schema: inline runs with their
 * marks, the text of a node, and the images a document shows.
 */
import type { DocJSON } from '@atelier/editor';

export interface InlineRun {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
  strike: boolean;
  href?: string;
  /** A hard line break (Shift+Enter) rather than text. */
  lineBreak?: boolean;
}

function hasMark(node: DocJSON, type: string): boolean {
  return (node.marks ?? []).some((m) => m.type === type);
}

function linkOf(node: DocJSON): string | undefined {
  const href = (node.marks ?? []).find((m) => m.type === 'link')?.attrs?.href;
  return typeof href === 'string' && /^(https?:|mailto:)/i.test(href) ? href : undefined;
}

/** The inline content of a paragraph or heading as styled runs (soft line breaks become spaces). */
export function inlineRuns(node: DocJSON): InlineRun[] {
  const runs: InlineRun[] = [];
  for (const child of node.content ?? []) {
    if (child.type === 'hardBreak') {
      runs.push({ text: '', bold: false, italic: false, code: false, strike: false, lineBreak: true });
    } else if (child.type === 'text' && child.text) {
      runs.push({
        text: child.text.replace(/\n/g, ' '),
        bold: hasMark(child, 'bold'),
        italic: hasMark(child, 'italic'),
        code: hasMark(child, 'code'),
        strike: hasMark(child, 'strike'),
        href: linkOf(child),
      });
    } else if (child.content) {
      runs.push(...inlineRuns(child));
    }
  }
  return runs;
}

/** All text below `node`, blocks joined by newlines. */
export function textOf(node: DocJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const parts = (node.content ?? []).map(textOf);
  const inline = node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock';
  return parts.join(inline ? '' : '\n');
}

export function attr<T extends string | number | boolean>(node: DocJSON, name: string, fallback: T): T {
  const value = node.attrs?.[name] as unknown;
  return typeof value === typeof fallback ? (value as T) : fallback;
}

/**
 * The marker of a list item: "3." in an ordered list (`n` is its number), a task box
 * (`taskMarks`: unchecked, checked, since fonts differ in the glyphs they have), else a bullet
 * that alternates by depth.
 */
export function listMarker(
  list: DocJSON,
  item: DocJSON,
  n: number,
  depth: number,
  taskMarks: readonly [string, string],
): string {
  if (list.type === 'orderedList') return `${n}.`;
  if (list.type === 'taskList') return attr(item, 'checked', false) ? taskMarks[1] : taskMarks[0];
  return depth % 2 === 0 ? '•' : '◦';
}

/** Sources of every image, in document order, without repeats. */
export function imageSources(node: DocJSON, found = new Set<string>()): string[] {
  if (node.type === 'image') {
    const src = node.attrs?.src as unknown;
    if (typeof src === 'string' && src) found.add(src);
  }
  for (const child of node.content ?? []) imageSources(child, found);
  return [...found];
}

/** Drops a leading H1 that repeats the title (the writers print the title themselves). */
export function withoutRepeatedTitle(doc: DocJSON, title: string): DocJSON {
  const [first, ...rest] = doc.content ?? [];
  if (first?.type === 'heading' && attr(first, 'level', 1) === 1 && textOf(first).trim() === title.trim()) {
    return { ...doc, content: rest };
  }
  return doc;
}
