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
  /** A citation: the number of its note (footnote in DOCX, endnote in PDF); `text` is `[n]`. */
  note?: number;
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
      const note = (child.marks ?? []).find((m) => m.type === CITATION_MARK)?.attrs?.n;
      if (typeof note === 'number') {
        runs.push({ text: `[${note}]`, bold: false, italic: false, code: false, strike: false, note });
        continue;
      }
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

// ---- citations (issue 32 §3) ----

/** A citation in a document is a link whose text is `[n]` (what answers and editor actions write). */
const CITATION_TEXT = /^\[(\d{1,3})\]$/;
/** The mark a citation gets for the writers (never stored: only on the export's copy of the doc). */
const CITATION_MARK = 'atelierCitation';

export interface CitationNote {
  n: number;
  title: string;
  /** Where the source opens (absolute when it can be; '' when unknown). */
  href: string;
}

/** The address of a citation link: web addresses as they are, app paths under `baseUrl`. */
function noteHref(href: string, baseUrl: string): string {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  return href.startsWith('/') && baseUrl ? `${baseUrl}${href}` : '';
}

/** The text of one note: the source's title and its address. */
export function noteText(note: CitationNote): string {
  if (!note.title) return note.href;
  return note.href && note.href !== note.title ? `${note.title}, ${note.href}` : note.title;
}

/**
 * The document's citations numbered as notes in order of first use (one note per source: the
 * same link cited twice is one note), and a copy of the document whose citation links are runs
 * with a note number (the writers draw them as footnote or endnote references).
 */
export function withCitationNotes(doc: DocJSON, baseUrl: string): { doc: DocJSON; notes: CitationNote[] } {
  const notes: CitationNote[] = [];
  const byKey = new Map<string, number>();
  const walk = (node: DocJSON): DocJSON => {
    if (node.type === 'text') {
      const link = (node.marks ?? []).find((m) => m.type === 'link');
      const href = link?.attrs?.href;
      if (!link || typeof href !== 'string' || !CITATION_TEXT.test(node.text ?? '')) return node;
      const title = typeof link.attrs?.title === 'string' ? link.attrs.title : '';
      const key = `${href}\n${title}`;
      let n = byKey.get(key);
      if (n === undefined) {
        n = notes.length + 1;
        byKey.set(key, n);
        notes.push({ n, title, href: noteHref(href, baseUrl) });
      }
      return { type: 'text', text: `[${n}]`, marks: [{ type: CITATION_MARK, attrs: { n } }] };
    }
    return node.content ? { ...node, content: node.content.map(walk) } : node;
  };
  return { doc: walk(doc), notes };
}

/**
 * A document's Markdown for download: each citation link `[\[n\]](href "title")` becomes a
 * footnote reference `[^n]`, and the notes follow as a reference list at the end.
 */
export function markdownWithReferences(markdown: string, baseUrl: string): string {
  const notes: CitationNote[] = [];
  const byKey = new Map<string, number>();
  const LINK = /\[\\\[(\d{1,3})\\\]\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\)/g;
  const body = markdown.replace(LINK, (_m, _label: string, rawHref: string, rawTitle?: string) => {
    const href = rawHref.replace(/^<|>$/g, '');
    const title = (rawTitle ?? '').replace(/\\(.)/g, '$1');
    const key = `${href}\n${title}`;
    let n = byKey.get(key);
    if (n === undefined) {
      n = notes.length + 1;
      byKey.set(key, n);
      notes.push({ n, title, href: noteHref(href, baseUrl) });
    }
    return `[^${n}]`;
  });
  if (!notes.length) return markdown;
  const list = notes.map((note) => {
    const label = (note.title || note.href).replace(/([\\[\]])/g, '\\$1');
    return `[^${note.n}]: ${note.href ? `[${label}](${note.href})` : label}`;
  });
  return `${body.replace(/\s+$/, '')}\n\n${list.join('\n')}\n`;
}
