/**
 * Where copied canvas nodes go: localStorage (so paste works in any canvas of this browser, even
 * without clipboard permission) and the system clipboard in readable forms: `text/plain` (each
 * node's title and text) and `text/html` (the same as headings and paragraphs). A document
 * editor, a mail or a chat pastes what a person reads, never the canvas's internal format; the
 * html form also carries the clip itself in a data attribute of its outer element, which other
 * editors drop and the canvas reads back to paste the nodes.
 */
import type { CanvasNode } from '@atelier/canvas';
import { stripCitationMarkers } from '../ai/citations';
import { parseClip, type CanvasClip } from './canvasOps';

export const CLIPBOARD_STORAGE_KEY = 'atelier.canvas.clipboard';

/** The attribute of the html form's outer element that holds the clip (as JSON). */
export const CLIP_ATTRIBUTE = 'data-atelier-canvas-clip';

/** What a node reads as: its title and its text (markers and markup left out). */
export interface NodeText {
  title: string;
  text: string;
  /** A link the node stands for (a website, an image). */
  url?: string;
}

/** A node's own title and text, as its card shows them; `textOf` may give a fuller text. */
export function nodeText(node: CanvasNode, textOf?: (node: CanvasNode) => string | undefined): NodeText {
  const metadata = node.data.metadata;
  const url = typeof metadata.url === 'string' ? metadata.url : undefined;
  const text = stripCitationMarkers(textOf?.(node) ?? node.data.contentPreview).trim();
  const title = node.data.title.trim();
  return {
    title,
    text: text === title ? '' : text,
    ...(url && url !== title ? { url } : {}),
  };
}

/** The clip's nodes in reading order (top to bottom, then left to right), groups before their nodes. */
function readingOrder(clip: CanvasClip): CanvasNode[] {
  const byId = new Map(clip.nodes.map((n) => [n.id, n]));
  const at = (n: CanvasNode) => {
    let { x, y } = n.position;
    for (let p = n.parentId ? byId.get(n.parentId) : undefined, d = 0; p && d < 100; d += 1) {
      x += p.position.x;
      y += p.position.y;
      p = p.parentId ? byId.get(p.parentId) : undefined;
    }
    return { x, y };
  };
  return [...clip.nodes].sort((a, b) => {
    const pa = at(a);
    const pb = at(b);
    return pa.y - pb.y || pa.x - pb.x;
  });
}

/** The readable parts of every node of the clip that has something to read. */
export function clipTexts(clip: CanvasClip, textOf?: (node: CanvasNode) => string | undefined): NodeText[] {
  return readingOrder(clip)
    .map((node) => nodeText(node, textOf))
    .filter((t) => t.title || t.text || t.url);
}

/** The clip as plain text: each node's title, its link and its text, a blank line between nodes. */
export function clipPlainText(texts: readonly NodeText[]): string {
  return texts.map((t) => [t.title, t.url, t.text].filter(Boolean).join('\n')).join('\n\n');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs of a text: blank lines part them, single line breaks stay. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * The clip as html: a heading per titled node, its link and its text as paragraphs, inside one
 * element whose `CLIP_ATTRIBUTE` holds the clip for a paste onto a canvas.
 */
export function clipHtml(clip: CanvasClip, texts: readonly NodeText[]): string {
  const body = texts
    .map((t) => {
      const heading = t.title ? `<h3>${escapeHtml(t.title)}</h3>` : '';
      const link = t.url ? `<p><a href="${escapeHtml(t.url)}">${escapeHtml(t.url)}</a></p>` : '';
      return heading + link + paragraphs(t.text);
    })
    .join('');
  return `<div ${CLIP_ATTRIBUTE}="${escapeHtml(JSON.stringify(clip))}">${body}</div>`;
}

/** The clip an html form carries (copied from a canvas), else null. */
export function clipFromHtml(html: string | null | undefined): CanvasClip | null {
  if (!html || !html.includes(CLIP_ATTRIBUTE)) return null;
  try {
    const dom = new DOMParser().parseFromString(html, 'text/html');
    return parseClip(dom.querySelector(`[${CLIP_ATTRIBUTE}]`)?.getAttribute(CLIP_ATTRIBUTE));
  } catch {
    return null;
  }
}

/** The forms a copy puts on the system clipboard. */
export interface ClipForms {
  text: string;
  html: string;
}

export function clipForms(clip: CanvasClip, textOf?: (node: CanvasNode) => string | undefined): ClipForms {
  const texts = clipTexts(clip, textOf);
  return { text: clipPlainText(texts), html: clipHtml(clip, texts) };
}

export async function writeClip(clip: CanvasClip, forms: ClipForms): Promise<void> {
  try {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, JSON.stringify(clip));
  } catch {
    // storage full or disabled: the system clipboard may still work
  }
  try {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
      await navigator.clipboard?.writeText(forms.text);
      return;
    }
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': new Blob([forms.text], { type: 'text/plain' }),
        'text/html': new Blob([forms.html], { type: 'text/html' }),
      }),
    ]);
  } catch {
    // no permission: localStorage holds it
  }
}

/** Gives up on a clipboard prompt nobody answers after 1 s. */
function withinASecond<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), 1000))]);
}

/** The system clipboard's text ('' without permission). */
export async function readSystemText(): Promise<string> {
  try {
    return await withinASecond(navigator.clipboard?.readText() ?? Promise.resolve(''), '');
  } catch {
    return '';
  }
}

/** The clip on the system clipboard (its html form, or a clip copied as JSON text), else null. */
export async function readSystemClip(): Promise<CanvasClip | null> {
  try {
    const items = await withinASecond(navigator.clipboard?.read?.() ?? Promise.resolve([]), []);
    for (const item of items) {
      if (!item.types.includes('text/html')) continue;
      const clip = clipFromHtml(await (await item.getType('text/html')).text());
      if (clip) return clip;
    }
  } catch {
    // no permission or no html: the text and localStorage remain
  }
  return parseClip(await readSystemText());
}

/** The system clipboard when it holds a clip (copied in another browser), else localStorage. */
export async function readClip(): Promise<CanvasClip | null> {
  const fromSystem = await readSystemClip();
  if (fromSystem) return fromSystem;
  try {
    return parseClip(localStorage.getItem(CLIPBOARD_STORAGE_KEY));
  } catch {
    return null;
  }
}
