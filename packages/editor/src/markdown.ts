// Markdown <-> ProseMirror JSON for the editor schema, through Tiptap's own MarkdownManager (marked).
import { MarkdownManager } from '@tiptap/markdown';
import { editorExtensions, getEditorSchema, type DocJSON } from './schema.js';

let manager: MarkdownManager | undefined;

function getManager(): MarkdownManager {
  manager ??= new MarkdownManager({ extensions: editorExtensions() });
  return manager;
}

const EMPTY_DOC: DocJSON = { type: 'doc', content: [{ type: 'paragraph' }] };
const INLINE_HOLDERS = new Set(['paragraph', 'heading']);

function isBlankText(node: DocJSON): boolean {
  return node.type === 'text' && (node.text ?? '').trim() === '';
}

/** Drops the whitespace a split left at the start and end of a run of inline nodes. */
function trimEdges(run: DocJSON[]): DocJSON[] {
  const out = run.filter((n, i) => !(isBlankText(n) && (i === 0 || i === run.length - 1)));
  const first = out[0];
  const last = out[out.length - 1];
  if (first?.type === 'text') out[0] = { ...first, text: (first.text ?? '').trimStart() };
  if (last?.type === 'text')
    out[out.length - 1] = { ...last, text: (out[out.length - 1]?.text ?? '').trimEnd() };
  return out;
}

/**
 * Markdown allows images inside a paragraph, our schema keeps images as blocks: a paragraph
 * holding images is split around them (whitespace-only pieces between them are dropped).
 */
function liftBlockImages(node: DocJSON): DocJSON {
  if (!node.content) return node;
  const content: DocJSON[] = [];
  for (const child of node.content.map(liftBlockImages)) {
    const inner = child.content ?? [];
    if (!INLINE_HOLDERS.has(child.type ?? '') || !inner.some((n) => n.type === 'image')) {
      content.push(child);
      continue;
    }
    let run: DocJSON[] = [];
    const flush = (): void => {
      if (run.some((n) => !isBlankText(n))) content.push({ ...child, content: trimEdges(run) });
      run = [];
    };
    for (const n of inner) {
      if (n.type === 'image') {
        flush();
        content.push(n);
      } else run.push(n);
    }
    flush();
  }
  return { ...node, content };
}

/**
 * Markdown may leave a block empty that the schema requires to hold something (an empty list
 * item `1. `, an empty quote `>`): such a block gets the content the schema fills it with
 * (an empty paragraph), instead of failing the whole document.
 */
function fillRequiredContent(node: DocJSON): DocJSON {
  const type = getEditorSchema().nodes[node.type ?? ''];
  if (!type || type.isLeaf || type.isInline) return node;
  if (node.content && node.content.length > 0)
    return { ...node, content: node.content.map(fillRequiredContent) };
  if (type.contentMatch.validEnd) return node;
  const filled = type.createAndFill(node.attrs ?? null);
  return filled ? { ...node, content: (filled.toJSON() as DocJSON).content ?? [] } : node;
}

/** Validates JSON against the schema and returns it normalized (default attributes filled in). */
export function normalizeDoc(json: DocJSON): DocJSON {
  const node = getEditorSchema().nodeFromJSON(json);
  node.check();
  return node.toJSON() as DocJSON;
}

/** Parses Markdown (CommonMark + GFM tables, strikethrough and task lists) to document JSON. */
export function markdownToDoc(markdown: string): DocJSON {
  const parsed = getManager().parse(markdown.replace(/\r\n?/g, '\n'));
  if (!parsed.content || parsed.content.length === 0) return normalizeDoc(EMPTY_DOC);
  return normalizeDoc(fillRequiredContent(liftBlockImages(parsed)));
}

/** Joins runs of 3+ line breaks into one blank line, except inside fenced code. */
function tidyBlankLines(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
    }
    if (fence === undefined && line.trim() === '' && (out.length === 0 || out[out.length - 1] === ''))
      continue;
    out.push(fence === undefined && line.trim() === '' ? '' : line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** Writes document JSON as Markdown (ends with one newline; an empty document gives ''). */
export function docToMarkdown(json: DocJSON): string {
  const markdown = tidyBlankLines(getManager().serialize(normalizeDoc(json)));
  return markdown === '' ? '' : `${markdown}\n`;
}
