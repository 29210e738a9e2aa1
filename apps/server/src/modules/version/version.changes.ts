/**
 * What changed between two states of a canvas or document: the short summary a version carries
 * (nodes added / removed / edited; characters added / removed) and the text diff a document
 * version shows against the current text.
 */
import { diffChars, diffWordsWithSpace, type ChangeObject } from 'diff';
import * as Y from 'yjs';
import type { TextDiffPart, VersionSummary } from '@atelier/contract';
import { getCanvasMaps } from '@atelier/canvas';
import { yDocToMarkdown } from '@atelier/editor';
import type { CollabKind } from '../../collab/collab.names.js';

/** A diff longer than this gives up and answers the changed middle as one removal and one addition. */
const DIFF_TIMEOUT_MS = 300;

/** Each node of a canvas doc as JSON text, by id (what "edited" compares). */
export function canvasNodeTexts(doc: Y.Doc): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, map] of getCanvasMaps(doc).nodes) {
    out.set(id, JSON.stringify(map instanceof Y.Map ? map.toJSON() : map));
  }
  return out;
}

export function canvasSummary(before: Map<string, string>, after: Map<string, string>): VersionSummary {
  let nodesAdded = 0;
  let nodesEdited = 0;
  for (const [id, text] of after) {
    const old = before.get(id);
    if (old === undefined) nodesAdded += 1;
    else if (old !== text) nodesEdited += 1;
  }
  let nodesRemoved = 0;
  for (const id of before.keys()) if (!after.has(id)) nodesRemoved += 1;
  return { kind: 'canvas', nodesAdded, nodesRemoved, nodesEdited };
}

/**
 * The changed middle of two texts after their common start and end: what any diff must at least
 * touch. Used when a full diff would take too long.
 */
function middleOf(a: string, b: string): { start: number; removed: string; added: string } {
  let start = 0;
  const max = Math.min(a.length, b.length);
  while (start < max && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < max - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { start, removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

function fallbackDiff(a: string, b: string): TextDiffPart[] {
  const { start, removed, added } = middleOf(a, b);
  const parts: TextDiffPart[] = [];
  if (start > 0) parts.push({ op: 'equal', text: a.slice(0, start) });
  if (removed) parts.push({ op: 'removed', text: removed });
  if (added) parts.push({ op: 'added', text: added });
  const tail = a.slice(start + removed.length);
  if (tail) parts.push({ op: 'equal', text: tail });
  return parts;
}

const toParts = (changes: ChangeObject<string>[]): TextDiffPart[] =>
  changes.map((c) => ({ op: c.added ? 'added' : c.removed ? 'removed' : 'equal', text: c.value }));

/**
 * A word diff from `from` to `to` (a run of Chinese characters counts as one word per character,
 * so the diff stays readable in both languages). Adjacent parts of one kind are merged.
 */
export function textDiff(from: string, to: string): TextDiffPart[] {
  if (from === to) return from ? [{ op: 'equal', text: from }] : [];
  const changes = diffWordsWithSpace(from, to, { timeout: DIFF_TIMEOUT_MS });
  const parts = changes ? toParts(changes) : fallbackDiff(from, to);
  const merged: TextDiffPart[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = merged.at(-1);
    if (last?.op === part.op) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

export function documentSummary(before: string, after: string): VersionSummary {
  if (before === after) return { kind: 'document', charsAdded: 0, charsRemoved: 0 };
  const changes = diffChars(before, after, { timeout: DIFF_TIMEOUT_MS });
  let charsAdded = 0;
  let charsRemoved = 0;
  if (changes) {
    for (const c of changes) {
      if (c.added) charsAdded += c.value.length;
      else if (c.removed) charsRemoved += c.value.length;
    }
  } else {
    const { removed, added } = middleOf(before, after);
    charsAdded = added.length;
    charsRemoved = removed.length;
  }
  return { kind: 'document', charsAdded, charsRemoved };
}

/** What a summary compares: node texts of a canvas, or a document's Markdown. */
export type Comparable = { kind: 'canvas'; nodes: Map<string, string> } | { kind: 'doc'; markdown: string };

export function comparableOf(kind: CollabKind, doc: Y.Doc): Comparable {
  return kind === 'canvas'
    ? { kind: 'canvas', nodes: canvasNodeTexts(doc) }
    : // the final newline the Markdown writer adds is not text a person wrote
      { kind: 'doc', markdown: yDocToMarkdown(doc).replace(/\n$/, '') };
}

export function emptyComparable(kind: CollabKind): Comparable {
  return kind === 'canvas' ? { kind: 'canvas', nodes: new Map() } : { kind: 'doc', markdown: '' };
}

export function summarize(before: Comparable, after: Comparable): VersionSummary {
  if (before.kind === 'canvas' && after.kind === 'canvas') return canvasSummary(before.nodes, after.nodes);
  if (before.kind === 'doc' && after.kind === 'doc') return documentSummary(before.markdown, after.markdown);
  throw new Error('a summary compares two states of one kind');
}
