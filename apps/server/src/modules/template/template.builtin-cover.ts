/**
 * The thumbnail of a built-in template's canvas: a small PNG drawn from its layout (cards as
 * boxes coloured by type, groups as frames, edges as lines between the cards' sides), stored as
 * the canvas's minimap so the template's share carries it as its cover, like a user's canvas
 * thumbnail. The gallery then shows each template's shape instead of a letter.
 *
 * Drawn without text (titles are on the gallery card below) and without a graphics library: an
 * RGB buffer, rectangles and lines, one IDAT chunk.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { CanvasNodeInput, CanvasSnapshotInput } from '@atelier/canvas';
import { CARD_HEIGHT, CARD_WIDTH } from './template.builtin-layout.js';

/** The gallery's cover box is about 2.5 : 1 (templates.css); twice its size for sharp screens. */
export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 256;
const MARGIN = 32;

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [236, 244, 243];
const EDGE: Rgb = [150, 165, 175];
const CARD: Rgb = [255, 255, 255];
const CARD_BORDER: Rgb = [205, 214, 220];
const TEXT_LINE: Rgb = [214, 221, 226];
const GROUP: Rgb = [205, 230, 227];
const BAND: Record<string, Rgb> = {
  memo: [250, 219, 120],
  document: [0, 150, 143],
  codeArtifact: [47, 111, 219],
};
const MEMO_FILL: Rgb = [255, 246, 214];

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

class Raster {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect({ x: 0, y: 0, w: width, h: height }, background);
  }

  rect(box: Box, color: Rgb): void {
    const x0 = Math.max(0, Math.round(box.x));
    const y0 = Math.max(0, Math.round(box.y));
    const x1 = Math.min(this.width, Math.round(box.x + box.w));
    const y1 = Math.min(this.height, Math.round(box.y + box.h));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) this.pixels.set(color, (y * this.width + x) * 3);
  }

  /** A line two pixels thick. */
  line(from: { x: number; y: number }, to: { x: number; y: number }, color: Rgb): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y))));
    for (let i = 0; i <= steps; i++) {
      const x = from.x + ((to.x - from.x) * i) / steps;
      const y = from.y + ((to.y - from.y) * i) / steps;
      this.rect({ x: x - 1, y: y - 1, w: 2, h: 2 }, color);
    }
  }

  png(): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc32(typed));
      return Buffer.concat([length, typed, sum]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const rows: Buffer[] = [];
    for (let y = 0; y < this.height; y++) {
      rows.push(Buffer.from([0])); // no filter
      rows.push(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3));
    }
    return Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** Each node's box on the canvas (children of a group are placed relative to it). */
function canvasBoxes(nodes: readonly CanvasNodeInput[]): Map<string, Box & { type: string }> {
  const boxes = new Map<string, Box & { type: string }>();
  for (const node of nodes) {
    const parent = node.parentId ? boxes.get(node.parentId) : undefined;
    const size =
      node.type === 'group'
        ? { w: node.width ?? CARD_WIDTH, h: node.height ?? CARD_WIDTH }
        : { w: CARD_WIDTH, h: CARD_HEIGHT[node.type as keyof typeof CARD_HEIGHT] ?? CARD_HEIGHT.document };
    boxes.set(node.id, {
      x: node.position.x + (parent?.x ?? 0),
      y: node.position.y + (parent?.y ?? 0),
      ...size,
      type: node.type,
    });
  }
  return boxes;
}

/** The PNG thumbnail of a built-in template's canvas (groups come before their members). */
export function builtinCover(snapshot: CanvasSnapshotInput): Buffer {
  const raster = new Raster(COVER_WIDTH, COVER_HEIGHT, BACKGROUND);
  const boxes = canvasBoxes(snapshot.nodes);
  const all = [...boxes.values()];
  if (all.length === 0) return raster.png();
  const minX = Math.min(...all.map((b) => b.x));
  const minY = Math.min(...all.map((b) => b.y));
  const maxX = Math.max(...all.map((b) => b.x + b.w));
  const maxY = Math.max(...all.map((b) => b.y + b.h));
  const scale = Math.min(
    (COVER_WIDTH - 2 * MARGIN) / (maxX - minX),
    (COVER_HEIGHT - 2 * MARGIN) / (maxY - minY),
  );
  // centred in the picture
  const offsetX = (COVER_WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (COVER_HEIGHT - (maxY - minY) * scale) / 2;
  const place = (b: Box): Box => ({
    x: offsetX + (b.x - minX) * scale,
    y: offsetY + (b.y - minY) * scale,
    w: b.w * scale,
    h: b.h * scale,
  });

  for (const box of all) if (box.type === 'group') raster.rect(place(box), GROUP);
  for (const edge of snapshot.edges) {
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target) continue;
    const a = place(source);
    const b = place(target);
    raster.line({ x: a.x + a.w, y: a.y + a.h / 2 }, { x: b.x, y: b.y + b.h / 2 }, EDGE);
  }
  for (const box of all) {
    if (box.type === 'group') continue;
    const at = place(box);
    raster.rect({ x: at.x - 1, y: at.y - 1, w: at.w + 2, h: at.h + 2 }, CARD_BORDER);
    raster.rect(at, box.type === 'memo' ? MEMO_FILL : CARD);
    raster.rect({ x: at.x, y: at.y, w: at.w, h: Math.max(3, at.h * 0.08) }, BAND[box.type] ?? EDGE);
    // a few lines of "text"
    const pad = at.w * 0.1;
    for (let i = 0; i < 4; i++) {
      const y = at.y + at.h * (0.25 + i * 0.17);
      raster.rect(
        { x: at.x + pad, y, w: (at.w - 2 * pad) * (i === 3 ? 0.6 : 1), h: Math.max(2, at.h * 0.05) },
        TEXT_LINE,
      );
    }
  }
  return raster.png();
}
