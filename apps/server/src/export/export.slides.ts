/**
 * Slide decks (page export): what a page's nodes become on 16:9 slides, laid out once in points
 * so the PowerPoint and PDF writers paint the same slides. A title slide (title, description,
 * cover), then one slide per node: its title as the heading, then its content (Markdown as
 * headings, paragraphs, lists, quotes and code; an image; an artifact's code; a website's link).
 * Content taller than a slide goes on continuation slides ("Title (2/3)"), never off the slide:
 * heights are estimated on the generous side from the character widths (a CJK character counts as
 * a full em, others as 0.6 em), a paragraph or code block taller than a whole slide is cut.
 */
import type { DocJSON } from '@atelier/editor';
import type { ExportImage, ExportImages } from './export.images.js';
import { attr, inlineRuns, listMarker, textOf, type InlineRun } from './export.model.js';

/** Slide size in points: 13.333 × 7.5 inches, PowerPoint's 16:9 ("widescreen"). */
export const SLIDE = { width: 960, height: 540, margin: 48 } as const;
/** Where a content slide's body starts and ends. */
export const BODY = { top: 118, bottom: SLIDE.height - 40 } as const;
export const SIZES = { title: 40, subtitle: 20, heading: 28, body: 18, code: 13 } as const;
/** Sizes of headings inside a node's content, by level. */
export const HEADING_SIZES = [26, 23, 21, 20, 19, 18];
/** Line height (× font size) of every text: both writers set it exactly (Noto Sans SC needs 1.45). */
export const LINE = 1.5;
const CODE_LINE = LINE;
const INDENT = 24;
const GAP = 8;
/** Caps: nodes exported from one page and continuation slides of one node (decisions.md). */
export const MAX_SLIDE_NODES = 200;
export const MAX_SLIDES_PER_NODE = 30;

export type SlideBlock =
  | { kind: 'heading'; level: number; runs: InlineRun[] }
  | { kind: 'paragraph'; runs: InlineRun[] }
  | { kind: 'item'; depth: number; marker: string; runs: InlineRun[] }
  | { kind: 'quote'; runs: InlineRun[] }
  | { kind: 'code'; text: string }
  | { kind: 'image'; image: ExportImage; alt: string }
  | { kind: 'rule' };

/** A block placed on a slide: its box in points. */
export type PlacedBlock = SlideBlock & { x: number; y: number; w: number; h: number };

export interface TitleSlide {
  kind: 'title';
  title: string;
  description: string;
  cover: ExportImage | null;
}

export interface ContentSlide {
  kind: 'content';
  heading: string;
  /** "2/3" on continuation slides (and their first), null when the node fits on one slide. */
  part: string | null;
  blocks: PlacedBlock[];
  /** Speaker notes (PowerPoint). */
  notes?: string;
}

export type Slide = TitleSlide | ContentSlide;

/** One node of a page, as its content reads for a slide. */
export interface DeckNode {
  title: string;
  /** Markdown text (documents, answers, resources, memos). */
  markdown?: string;
  /** Source code (artifacts), shown as a code block. */
  code?: string;
  /** A link shown under the heading (websites, web resources). */
  url?: string;
  /** An image resource. */
  image?: ExportImage | null;
  /** Speaker notes of the node's slides (an answer's cited sources). */
  notes?: string;
}

export interface DeckInput {
  title: string;
  description: string;
  cover: ExportImage | null;
  nodes: DeckNode[];
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

const NARROW = /[\s.,:;'|!ilj()[\]{}`]/;
const CAPS = /[A-Z0-9#$%&@MW]/;

/**
 * Width of text in ems, on the generous side for Noto Sans, Arial and Microsoft YaHei: wide (CJK)
 * characters 1 em, capitals and digits 0.66, narrow ones 0.3, other letters 0.55. Monospaced
 * text (code in Courier): 0.6 em a character.
 */
export function ems(text: string, mono = false): number {
  let total = 0;
  for (const ch of text) {
    if (WIDE.test(ch) || ch.codePointAt(0)! > 0xffff) total += 1;
    else if (mono) total += 0.6;
    else if (NARROW.test(ch)) total += 0.3;
    else if (CAPS.test(ch)) total += 0.66;
    else total += 0.55;
  }
  return total;
}

export const hasWide = (text: string) => WIDE.test(text);

/**
 * Lines a text takes at `size` in `width` points (each hard line break starts a line); a line
 * holds two ems less than its width, for the word that wraps.
 */
export function linesOf(text: string, size: number, width: number, mono = false): number {
  const perLine = width / size - (mono ? 0 : 2);
  return text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil((ems(line, mono) * 1.05) / perLine)), 0);
}

const runsText = (runs: readonly InlineRun[]) => runs.map((r) => (r.lineBreak ? '\n' : r.text)).join('');
const plain = (text: string): InlineRun => ({ text, bold: false, italic: false, code: false, strike: false });

// ---- Markdown (document schema) → blocks ----

function listBlocks(node: DocJSON, depth: number, out: SlideBlock[]): void {
  const ordered = node.type === 'orderedList';
  let n = ordered ? attr(node, 'start', 1) : 0;
  for (const item of node.content ?? []) {
    const marker = listMarker(node, item, ordered ? n++ : 0, depth, ['☐', '☑']);
    const [first, ...rest] = item.content ?? [];
    const lead = first?.type === 'paragraph' ? first : undefined;
    out.push({ kind: 'item', depth, marker, runs: lead ? inlineRuns(lead) : [] });
    toBlocks(lead ? rest : (item.content ?? []), out, depth + 1);
  }
}

/** Slide blocks of document schema nodes; images come from `images` (their alt text otherwise). */
export function toBlocks(
  nodes: readonly DocJSON[],
  out: SlideBlock[] = [],
  depth = 0,
  images?: ExportImages,
): SlideBlock[] {
  for (const node of nodes) {
    switch (node.type) {
      case 'heading':
        out.push({
          kind: 'heading',
          level: Math.min(Math.max(attr(node, 'level', 1), 1), 6),
          runs: inlineRuns(node),
        });
        break;
      case 'paragraph': {
        const image = (node.content ?? []).find((c) => c.type === 'image');
        if (image && images) toBlocks([image], out, depth, images);
        const runs = inlineRuns(node);
        if (runsText(runs).trim()) out.push({ kind: 'paragraph', runs });
        break;
      }
      case 'blockquote':
        for (const child of node.content ?? []) {
          const runs =
            child.type === 'paragraph' || child.type === 'heading'
              ? inlineRuns(child)
              : [plain(textOf(child))];
          if (runsText(runs).trim()) out.push({ kind: 'quote', runs });
        }
        break;
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        listBlocks(node, depth, out);
        break;
      case 'codeBlock':
        out.push({ kind: 'code', text: textOf(node).replace(/\s+$/, '') });
        break;
      case 'horizontalRule':
        out.push({ kind: 'rule' });
        break;
      case 'image': {
        const src = attr(node, 'src', '');
        const alt = attr(node, 'alt', '');
        const image = images?.get(src);
        if (image) out.push({ kind: 'image', image, alt });
        else if (alt || src)
          out.push({ kind: 'paragraph', runs: [{ ...plain(`[${alt || src}]`), italic: true }] });
        break;
      }
      case 'table':
        // A table reads as one line per row, cells separated by " | ".
        for (const row of node.content ?? []) {
          const cells = (row.content ?? []).map((cell) => textOf(cell).trim());
          out.push({
            kind: 'paragraph',
            runs: [
              {
                ...plain(cells.join(' | ')),
                bold: (row.content ?? []).some((c) => c.type === 'tableHeader'),
              },
            ],
          });
        }
        break;
      default:
        if (node.content) toBlocks(node.content, out, depth, images);
    }
  }
  return out;
}

// ---- layout ----

const BODY_WIDTH = SLIDE.width - SLIDE.margin * 2;
const BODY_HEIGHT = BODY.bottom - BODY.top;

export function sizeOf(block: SlideBlock): number {
  if (block.kind === 'heading') return HEADING_SIZES[block.level - 1]!;
  if (block.kind === 'code') return SIZES.code;
  return SIZES.body;
}

function indentOf(block: SlideBlock): number {
  if (block.kind === 'item') return block.depth * INDENT;
  if (block.kind === 'quote') return INDENT;
  return 0;
}

/** The estimated height of a block in `width` points. */
export function heightOf(block: SlideBlock, width: number): number {
  switch (block.kind) {
    case 'rule':
      return 12;
    case 'image': {
      const scale = Math.min(1, width / block.image.width, BODY_HEIGHT / block.image.height);
      return block.image.height * scale;
    }
    case 'code':
      return linesOf(block.text || ' ', SIZES.code, width - 16, true) * SIZES.code * CODE_LINE + 12;
    case 'item':
      return linesOf(runsText(block.runs) || ' ', SIZES.body, width - 24) * SIZES.body * LINE;
    default: {
      const size = sizeOf(block);
      return linesOf(runsText(block.runs) || ' ', size, width) * size * LINE;
    }
  }
}

/** Cuts runs after about `maxEms` ems (at a space when there is one near): [head, tail]. */
function cutRuns(runs: readonly InlineRun[], maxEms: number): [InlineRun[], InlineRun[]] {
  const head: InlineRun[] = [];
  let used = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const width = run.lineBreak ? 0 : ems(run.text);
    if (used + width <= maxEms) {
      head.push(run);
      used += width;
      continue;
    }
    let cut = 0;
    let w = used;
    const chars = [...run.text];
    while (cut < chars.length && w + ems(chars[cut]!) <= maxEms) w += ems(chars[cut++]!);
    const space = chars.slice(0, cut).lastIndexOf(' ');
    if (space > cut * 0.7) cut = space + 1;
    cut = Math.max(cut, head.length === 0 ? 1 : 0);
    if (cut > 0) head.push({ ...run, text: chars.slice(0, cut).join('') });
    const rest = chars.slice(cut).join('');
    return [head, [...(rest ? [{ ...run, text: rest }] : []), ...runs.slice(i + 1)]];
  }
  return [head, []];
}

/** Splits a block that is taller than `room` into a part that fits and the rest (null: cannot). */
function split(block: SlideBlock, width: number, room: number): [SlideBlock, SlideBlock] | null {
  if (block.kind === 'code') {
    const lines = block.text.split('\n');
    let take = 0;
    while (
      take < lines.length &&
      heightOf({ kind: 'code', text: lines.slice(0, take + 1).join('\n') }, width) <= room
    )
      take++;
    if (take === 0) {
      // One very long line: the most characters of it that fit.
      const chars = [...lines[0]!];
      let lo = 0;
      let hi = chars.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (heightOf({ kind: 'code', text: chars.slice(0, mid).join('') }, width) <= room) lo = mid;
        else hi = mid - 1;
      }
      if (lo === 0) return null;
      const rest = [chars.slice(lo).join(''), ...lines.slice(1)].join('\n');
      return [
        { kind: 'code', text: chars.slice(0, lo).join('') },
        { kind: 'code', text: rest },
      ];
    }
    return [
      { kind: 'code', text: lines.slice(0, take).join('\n') },
      { kind: 'code', text: lines.slice(take).join('\n') },
    ];
  }
  if (block.kind === 'paragraph' || block.kind === 'quote' || block.kind === 'item') {
    const size = SIZES.body;
    const lineWidth = width - (block.kind === 'item' ? 24 : 0);
    const rows = Math.floor(room / (size * LINE));
    if (rows < 2) return null;
    // Ems that surely fit in `rows` lines (the estimate rounds each line up).
    const [head, tail] = cutRuns(block.runs, ((rows - 1) * (lineWidth / size - 2)) / 1.05);
    if (!tail.length || !head.length) return null;
    if (block.kind === 'item')
      return [
        { ...block, runs: head },
        { ...block, marker: '', runs: tail },
      ];
    return [
      { ...block, runs: head },
      { ...block, runs: tail },
    ];
  }
  return null;
}

/** Places blocks on as many content slides as they need (at most MAX_SLIDES_PER_NODE). */
function place(heading: string, lead: SlideBlock[], blocks: SlideBlock[]): ContentSlide[] {
  const pages: PlacedBlock[][] = [[]];
  let y: number = BODY.top;
  const queue = [...lead, ...blocks];
  // Every step places a block, splits one or opens a slide; the guard is a second line of defence.
  for (let steps = 0; queue.length && pages.length <= MAX_SLIDES_PER_NODE && steps < 20_000; steps++) {
    const block = queue.shift()!;
    const x = SLIDE.margin + indentOf(block);
    const w = BODY_WIDTH - indentOf(block);
    const h = heightOf(block, w);
    const room = BODY.bottom - y;
    const current = pages[pages.length - 1]!;
    if (h <= room) {
      current.push({ ...block, x, y, w, h });
      y += h + GAP;
      continue;
    }
    const parts = split(block, w, room);
    if (parts) {
      queue.unshift(...parts);
      continue;
    }
    if (current.length === 0) {
      // Taller than an empty slide and not splittable: clipped to the slide.
      current.push({ ...block, x, y, w, h: Math.min(h, room) });
      y = BODY.bottom;
      continue;
    }
    queue.unshift(block);
    pages.push([]);
    y = BODY.top;
  }
  const kept = pages.slice(0, MAX_SLIDES_PER_NODE).filter((p, i) => i === 0 || p.length > 0);
  return kept.map((placed, i) => ({
    kind: 'content',
    heading,
    part: kept.length > 1 ? `${i + 1}/${kept.length}` : null,
    blocks: placed,
  }));
}

/** The title slide's font size: smaller for long titles, so three lines hold them. */
export function titleSize(title: string, width: number): number {
  for (const size of [SIZES.title, 34, 28]) if (linesOf(title, size, width) <= 3) return size;
  return 24;
}

/** Lays a deck out: the title slide and each node's slides, in order. */
export function layoutDeck(
  input: DeckInput,
  toDoc: (markdown: string) => DocJSON,
  images?: ExportImages,
): Slide[] {
  const slides: Slide[] = [
    { kind: 'title', title: input.title, description: input.description, cover: input.cover },
  ];
  for (const node of input.nodes.slice(0, MAX_SLIDE_NODES)) {
    const lead: SlideBlock[] = [];
    if (node.url) lead.push({ kind: 'paragraph', runs: [{ ...plain(node.url), href: node.url }] });
    if (node.image) lead.push({ kind: 'image', image: node.image, alt: node.title });
    const blocks: SlideBlock[] = [];
    if (node.markdown?.trim()) {
      const doc = toDoc(node.markdown);
      toBlocks(withoutLeadingTitle(doc, node.title).content ?? [], blocks, 0, images);
    }
    if (node.code?.trim()) blocks.push({ kind: 'code', text: node.code.replace(/\s+$/, '') });
    const placed = place(node.title || 'Untitled', lead, blocks);
    slides.push(...(node.notes ? placed.map((p) => ({ ...p, notes: node.notes })) : placed));
  }
  return slides;
}

/** Drops a leading heading that repeats the slide's heading. */
function withoutLeadingTitle(doc: DocJSON, title: string): DocJSON {
  const [first, ...rest] = doc.content ?? [];
  if (first?.type === 'heading' && textOf(first).trim() === title.trim()) return { ...doc, content: rest };
  return doc;
}

export const CONTENT_TYPES = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
} as const;
