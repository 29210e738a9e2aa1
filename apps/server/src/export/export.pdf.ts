/**
 * Document → PDF (pdfkit): title, headings, paragraphs with bold/italic/strike/code and links,
 * nested bullet, numbered and task lists, block quotes, code blocks, tables, rules and images
 * from our storage, citations as numbered endnotes, in Noto Sans SC so Chinese renders (code blocks in Courier when plain ASCII).
 */
import type { DocJSON } from '@atelier/editor';
import { openPdfDocument } from './export.fonts.js';
import type { ExportImages } from './export.images.js';
import {
  attr,
  inlineRuns,
  listMarker,
  noteText,
  textOf,
  type CitationNote,
  type InlineRun,
} from './export.model.js';

const MARGIN = 56;
const BODY_SIZE = 11;
const HEADING_SIZES = [22, 18, 15, 13, 12, 11];
const INDENT = 18;
const COLORS = {
  text: '#222222',
  muted: '#666666',
  link: '#0b6bcb',
  code: '#b0305a',
  rule: '#bbbbbb',
  fill: '#f4f4f4',
};
const ASCII = /^[\x20-\x7e\t\n]*$/;

type Pdf = PDFKit.PDFDocument;

class PdfWriter {
  constructor(
    private readonly doc: Pdf,
    private readonly images: ExportImages,
  ) {}

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom && height < this.bottom - MARGIN) this.doc.addPage();
  }

  /** Inline code stays in the text font (coloured): mixing fonts in a line shifts its baseline. */
  private fontFor(run: Pick<InlineRun, 'bold'>): string {
    return run.bold ? 'cjk-bold' : 'cjk';
  }

  /** Writes styled runs as one paragraph starting at `x` (wrapping within the page). */
  private runs(
    runs: readonly InlineRun[],
    x: number,
    size: number,
    opts: { bold?: boolean; color?: string } = {},
  ): void {
    const merged: InlineRun[] = [];
    for (const run of runs) {
      if (run.lineBreak) {
        const last = merged[merged.length - 1];
        if (last) merged[merged.length - 1] = { ...last, text: `${last.text}\n` };
        continue;
      }
      if (run.text) merged.push(opts.bold ? { ...run, bold: true } : run);
    }
    const width = this.width - (x - MARGIN);
    if (merged.length === 0) {
      this.doc.font('cjk').fontSize(size).text(' ', x, this.doc.y, { width });
      return;
    }
    merged.forEach((run, i) => {
      const options: PDFKit.Mixins.TextOptions = {
        width,
        continued: i < merged.length - 1,
        link: run.href ?? null,
        underline: Boolean(run.href),
        strike: run.strike,
        oblique: run.italic ? 12 : false,
        lineGap: 2,
      };
      this.doc
        .font(this.fontFor(run))
        .fontSize(size)
        .fillColor(
          run.href || run.note !== undefined
            ? COLORS.link
            : run.code
              ? COLORS.code
              : (opts.color ?? COLORS.text),
        );
      if (i === 0) this.doc.text(run.text, x, this.doc.y, options);
      else this.doc.text(run.text, options);
    });
    this.doc.fillColor(COLORS.text);
  }

  blocks(nodes: readonly DocJSON[], x = MARGIN, depth = 0): void {
    for (const node of nodes) this.block(node, x, depth);
  }

  private block(node: DocJSON, x: number, depth: number): void {
    const doc = this.doc;
    switch (node.type) {
      case 'heading': {
        const level = Math.min(Math.max(attr(node, 'level', 1), 1), 6);
        const size = HEADING_SIZES[level - 1]!;
        this.ensureSpace(size * 3);
        doc.moveDown(0.4);
        this.runs(inlineRuns(node), x, size, { bold: true });
        doc.moveDown(0.3);
        return;
      }
      case 'paragraph':
        this.runs(inlineRuns(node), x, BODY_SIZE);
        doc.moveDown(0.4);
        return;
      case 'blockquote': {
        const startY = doc.y;
        const startPage = doc.page;
        this.blocks(node.content ?? [], x + INDENT, depth);
        if (doc.page === startPage) {
          doc
            .save()
            .lineWidth(3)
            .strokeColor(COLORS.rule)
            .moveTo(x + 4, startY)
            .lineTo(x + 4, doc.y - 4)
            .stroke()
            .restore();
        }
        return;
      }
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        this.list(node, x, depth);
        return;
      case 'codeBlock':
        this.code(textOf(node), x);
        return;
      case 'horizontalRule':
        this.ensureSpace(16);
        doc.moveDown(0.3);
        doc
          .save()
          .lineWidth(0.8)
          .strokeColor(COLORS.rule)
          .moveTo(x, doc.y)
          .lineTo(MARGIN + this.width, doc.y)
          .stroke()
          .restore();
        doc.moveDown(0.6);
        return;
      case 'image':
        this.image(node, x);
        return;
      case 'table':
        this.table(node, x);
        return;
      default:
        if (node.content) this.blocks(node.content, x, depth);
    }
  }

  private list(node: DocJSON, x: number, depth: number): void {
    const ordered = node.type === 'orderedList';
    let n = ordered ? attr(node, 'start', 1) : 0;
    for (const item of node.content ?? []) {
      const marker = listMarker(node, item, ordered ? n++ : 0, depth, ['[ ]', '[x]']);
      const [first, ...rest] = item.content ?? [];
      const lead = first?.type === 'paragraph' ? first : undefined;
      this.ensureSpace(BODY_SIZE * 2);
      const y = this.doc.y;
      const gutter = ordered || node.type === 'taskList' ? 22 : 12;
      this.doc
        .font('cjk')
        .fontSize(BODY_SIZE)
        .fillColor(COLORS.text)
        .text(marker, x, y, { width: gutter, lineBreak: false });
      this.doc.y = y;
      this.runs(lead ? inlineRuns(lead) : [], x + gutter, BODY_SIZE);
      this.doc.moveDown(0.2);
      this.blocks(lead ? rest : (item.content ?? []), x + gutter, depth + 1);
    }
    this.doc.moveDown(0.2);
  }

  private code(text: string, x: number): void {
    const doc = this.doc;
    const font = ASCII.test(text) ? 'Courier' : 'cjk';
    const width = this.width - (x - MARGIN);
    doc.font(font).fontSize(9);
    const height = doc.heightOfString(text || ' ', { width: width - 16 }) + 12;
    this.ensureSpace(height);
    if (doc.y + height <= this.bottom) doc.save().rect(x, doc.y, width, height).fill(COLORS.fill).restore();
    doc.fillColor(COLORS.text).text(text || ' ', x + 8, doc.y + 6, { width: width - 16 });
    doc.y += 6;
    doc.moveDown(0.5);
  }

  private image(node: DocJSON, x: number): void {
    const doc = this.doc;
    const src = attr(node, 'src', '');
    const alt = attr(node, 'alt', '');
    const image = this.images.get(src);
    if (!image || image.type === 'gif') {
      // Not ours, unreadable, or a format PDF cannot embed: its alt text (and link) instead.
      this.runs(
        [
          {
            text: `[${alt || src}]`,
            bold: false,
            italic: true,
            code: false,
            strike: false,
            href: /^https?:/i.test(src) ? src : undefined,
          },
        ],
        x,
        BODY_SIZE,
      );
      doc.moveDown(0.4);
      return;
    }
    const maxWidth = this.width - (x - MARGIN);
    const maxHeight = this.bottom - MARGIN - 20;
    const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    this.ensureSpace(h + 8);
    doc.image(image.data, x + (maxWidth - w) / 2, doc.y, { width: w, height: h });
    doc.y += h + 8;
  }

  private table(node: DocJSON, x: number): void {
    const data = (node.content ?? []).map((row) =>
      (row.content ?? []).map((cell) => ({
        text: textOf(cell).trim(),
        colSpan: attr(cell, 'colspan', 1),
        rowSpan: attr(cell, 'rowspan', 1),
        font: { src: cell.type === 'tableHeader' ? 'cjk-bold' : 'cjk', size: 10 },
        backgroundColor: cell.type === 'tableHeader' ? '#eeeeee' : undefined,
      })),
    );
    if (data.length === 0) return;
    this.doc.font('cjk').fontSize(10).fillColor(COLORS.text);
    this.doc.table({ position: { x, y: this.doc.y }, maxWidth: this.width - (x - MARGIN), data });
    this.doc.x = MARGIN;
    this.doc.moveDown(0.6);
  }

  /** The citations' endnotes: a "Notes" heading and one numbered line per cited source. */
  notes(notes: readonly CitationNote[]): void {
    if (!notes.length) return;
    this.doc.moveDown(0.8);
    this.ensureSpace(60);
    this.doc
      .font('cjk-bold')
      .fontSize(HEADING_SIZES[2]!)
      .fillColor(COLORS.text)
      .text('Notes', MARGIN, this.doc.y, {
        width: this.width,
      });
    this.doc.moveDown(0.3);
    for (const note of notes) {
      this.ensureSpace(20);
      this.doc
        .font('cjk')
        .fontSize(BODY_SIZE - 1)
        .fillColor(COLORS.text)
        .text(`[${note.n}] ${noteText(note)}`, MARGIN, this.doc.y, {
          width: this.width,
          link: note.href || null,
          lineGap: 2,
        });
    }
  }

  title(title: string): void {
    this.doc
      .font('cjk-bold')
      .fontSize(24)
      .fillColor(COLORS.text)
      .text(title || ' ', MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.8);
  }
}

/** Renders a document (schema JSON) with its title as a PDF file. */
export async function renderPdf(
  title: string,
  content: DocJSON,
  images: ExportImages,
  notes: readonly CitationNote[] = [],
): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: title, Creator: 'Atelier' },
    displayTitle: true,
  });
  const writer = new PdfWriter(doc, images);
  writer.title(title);
  writer.blocks(content.content ?? []);
  writer.notes(notes);
  doc.end();
  return done;
}
