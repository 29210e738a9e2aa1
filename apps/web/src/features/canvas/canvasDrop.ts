/**
 * What a drop or a paste onto the canvas carries, as pure functions: files (uploaded to the
 * library), web links (website nodes), copied canvas nodes (pasted as nodes) or plain text (a
 * memo). Also where several dropped items go so they do not stack.
 */
import { HttpUrlSchema, LIMITS } from '@atelier/contract';
import { clipFromHtml } from './canvasClipboard';
import { DEFAULT_NODE_SIZE, parseClip, type CanvasClip } from './canvasOps';

/** The part of a DataTransfer (drop or clipboard) read here. */
export interface TransferLike {
  readonly types: readonly string[];
  readonly files?: ArrayLike<File> | null;
  getData(format: string): string;
}

export type TransferPayload =
  | { kind: 'files'; files: File[] }
  | { kind: 'nodes'; clip: CanvasClip }
  | { kind: 'urls'; urls: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** Image types that become image nodes (the rest of the library's formats become resource nodes). */
export const IMAGE_NODE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isImageFile = (file: Pick<File, 'type'>) => IMAGE_NODE_TYPES.includes(file.type);

export const isHttpUrl = (text: string) => HttpUrlSchema.safeParse(text).success;

/** The http(s) links of a text/uri-list (comment lines start with #), at most the batch limit. */
export function linksOfUriList(list: string): string[] {
  const links = list
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && isHttpUrl(line));
  return [...new Set(links)].slice(0, LIMITS.maxBatchItems);
}

/**
 * Sorts a payload: files first (a dragged image from a web page carries its file and its link),
 * then Atelier nodes copied from a canvas, then links, then any other text.
 */
export function classifyTransfer(data: TransferLike | null | undefined): TransferPayload {
  if (!data) return { kind: 'none' };
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return { kind: 'files', files };
  const text = data.types.includes('text/plain') ? data.getData('text/plain') : '';
  // nodes copied from a canvas: the clip rides in the html form (older copies: JSON text)
  const clip =
    (data.types.includes('text/html') ? clipFromHtml(data.getData('text/html')) : null) ?? parseClip(text);
  if (clip && clip.nodes.length > 0) return { kind: 'nodes', clip };
  const listed = data.types.includes('text/uri-list') ? linksOfUriList(data.getData('text/uri-list')) : [];
  if (listed.length > 0) return { kind: 'urls', urls: listed };
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'none' };
  if (isHttpUrl(trimmed)) return { kind: 'urls', urls: [trimmed] };
  return { kind: 'text', text };
}

/** While dragging only the types are readable: does the drag carry something the canvas takes? */
export function dragKind(types: readonly string[]): 'files' | 'link' | 'text' | null {
  if (types.includes('Files')) return 'files';
  if (types.includes('text/uri-list')) return 'link';
  if (types.includes('text/plain')) return 'text';
  return null;
}

const GAP = 40;
const COLUMNS = 3;

/**
 * Top-left corner of the `index`-th of several dropped items: the first is centred on the drop
 * point, the others follow in rows of three, a node's size plus a gap apart.
 */
export function dropSlot(at: { x: number; y: number }, index: number): { x: number; y: number } {
  const { width, height } = DEFAULT_NODE_SIZE;
  return {
    x: Math.round(at.x - width / 2 + (index % COLUMNS) * (width + GAP)),
    y: Math.round(at.y - height / 2 + Math.floor(index / COLUMNS) * (height + GAP)),
  };
}
