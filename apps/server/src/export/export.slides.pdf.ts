/**
 * A laid-out deck (export.slides.ts) → PDF (pdfkit): one 16:9 page per slide, in Noto Sans SC
 * (embedded, so Chinese renders) and Courier for plain-ASCII code. Every block is written inside
 * its box (a text's height is bounded), so nothing runs onto another page.
 */
import { openPdfDocument } from './export.fonts.js';
import type { InlineRun } from './export.model.js';
import {
  BODY,
  HEADING_SIZES,
  LINE,
  SIZES,
  titleSize,
  SLIDE,
  type ContentSlide,
  type PlacedBlock,
  type Slide,
  type TitleSlide,
} from './export.slides.js';

type Pdf = PDFKit.PDFDocument;

const COLORS = {
  text: '#1f2328',
  muted: '#59636e',
  accent: '#3b5bdb',
  link: '#0b6bcb',
  code: '#b0305a',
  fill: '#f3f4f6',
  rule: '#d0d7de',
};
const ASCII = /^[\x20-\x7e\t\n]*$/;
/** Task markers as text: the embedded font has no ballot box glyphs. */
const TASK: Record<string, string> = { '☑': '[x]', '☐': '[ ]' };

/** The line gap that makes a line LINE × size tall in this font, as the layout counted it. */
function gapFor(doc: Pdf, font: string, size: number): number {
  doc.font(font).fontSize(size);
  return Math.max(0, size * LINE - doc.currentLineHeight(true));
}

function runsOut(
  doc: Pdf,
  runs: readonly InlineRun[],
  box: { x: number; y: number; w: number; h: number },
  size: number,
  opts: { bold?: boolean; color?: string; italic?: boolean } = {},
): void {
  const merged: InlineRun[] = [];
  for (const run of runs) {
    if (run.lineBreak) {
      const last = merged[merged.length - 1];
      if (last) merged[merged.length - 1] = { ...last, text: `${last.text}\n` };
      continue;
    }
    if (run.text) merged.push(run);
  }
  if (!merged.length) return;
  merged.forEach((run, i) => {
    const options: PDFKit.Mixins.TextOptions = {
      width: box.w,
      height: box.h,
      continued: i < merged.length - 1,
      link: run.href ?? null,
      underline: Boolean(run.href),
      strike: run.strike,
      oblique: run.italic || opts.italic ? 12 : false,
      lineGap: gapFor(doc, run.bold || opts.bold ? 'cjk-bold' : 'cjk', size),
    };
    doc
      .font(run.bold || opts.bold ? 'cjk-bold' : 'cjk')
      .fontSize(size)
      .fillColor(run.href ? COLORS.link : run.code ? COLORS.code : (opts.color ?? COLORS.text));
    if (i === 0) doc.text(run.text, box.x, box.y, options);
    else doc.text(run.text, options);
  });
}

function block(doc: Pdf, b: PlacedBlock): void {
  switch (b.kind) {
    case 'heading':
      runsOut(doc, b.runs, b, HEADING_SIZES[b.level - 1]!, { bold: true });
      return;
    case 'paragraph':
      runsOut(doc, b.runs, b, SIZES.body);
      return;
    case 'quote':
      doc
        .save()
        .rect(b.x - 14, b.y, 3, b.h)
        .fill(COLORS.rule)
        .restore();
      runsOut(doc, b.runs, b, SIZES.body, { color: COLORS.muted, italic: true });
      return;
    case 'item':
      if (b.marker) {
        doc
          .font('cjk')
          .fontSize(SIZES.body)
          .fillColor(COLORS.text)
          .text(TASK[b.marker] ?? b.marker, b.x, b.y, { width: 24, height: b.h, lineBreak: false });
      }
      runsOut(doc, b.runs, { ...b, x: b.x + 24, w: b.w - 24 }, SIZES.body);
      return;
    case 'code':
      doc.save().roundedRect(b.x, b.y, b.w, b.h, 4).fill(COLORS.fill).restore();
      doc
        .font(ASCII.test(b.text) ? 'Courier' : 'cjk')
        .fontSize(SIZES.code)
        .fillColor(COLORS.text)
        .text(b.text || ' ', b.x + 8, b.y + 6, {
          width: b.w - 16,
          height: b.h - 8,
          lineGap: SIZES.code * 0.2,
        });
      return;
    case 'rule':
      doc
        .save()
        .lineWidth(0.8)
        .strokeColor(COLORS.rule)
        .moveTo(b.x, b.y + 6)
        .lineTo(b.x + b.w, b.y + 6)
        .stroke()
        .restore();
      return;
    case 'image': {
      if (b.image.type === 'gif') {
        runsOut(
          doc,
          [{ text: `[${b.alt}]`, bold: false, italic: true, code: false, strike: false }],
          b,
          SIZES.body,
        );
        return;
      }
      const scale = Math.min(b.w / b.image.width, b.h / b.image.height);
      const w = b.image.width * scale;
      const h = b.image.height * scale;
      doc.image(b.image.data, b.x + (b.w - w) / 2, b.y, { width: w, height: h });
    }
  }
}

function titleSlide(doc: Pdf, slide: TitleSlide): void {
  const m = SLIDE.margin;
  const hasCover = Boolean(slide.cover && slide.cover.type !== 'gif');
  const textWidth = hasCover ? SLIDE.width * 0.5 - m : SLIDE.width - m * 2;
  doc.save().rect(m, 150, 64, 5).fill(COLORS.accent).restore();
  doc
    .font('cjk-bold')
    .fontSize(titleSize(slide.title || 'Untitled', textWidth))
    .fillColor(COLORS.text)
    .text(slide.title || 'Untitled', m, 175, { width: textWidth, height: 190 });
  if (slide.description) {
    doc
      .font('cjk')
      .fontSize(SIZES.subtitle)
      .fillColor(COLORS.muted)
      .text(slide.description, m, Math.max(doc.y + 16, 250), {
        width: textWidth,
        height: SLIDE.height - 60 - Math.max(doc.y + 16, 250),
      });
  }
  if (hasCover && slide.cover) {
    const boxX = SLIDE.width * 0.5 + 16;
    const boxW = SLIDE.width * 0.5 - m - 16;
    const boxH = SLIDE.height - m * 2;
    const scale = Math.min(boxW / slide.cover.width, boxH / slide.cover.height);
    const w = slide.cover.width * scale;
    const h = slide.cover.height * scale;
    doc.image(slide.cover.data, boxX + (boxW - w) / 2, m + (boxH - h) / 2, { width: w, height: h });
  }
}

function contentSlide(doc: Pdf, slide: ContentSlide): void {
  const m = SLIDE.margin;
  doc
    .font('cjk-bold')
    .fontSize(SIZES.heading)
    .fillColor(COLORS.text)
    .text(slide.heading, m, 40, {
      width: SLIDE.width - m * 2 - 70,
      height: SIZES.heading * 1.4,
      ellipsis: true,
    });
  if (slide.part) {
    doc
      .font('cjk')
      .fontSize(12)
      .fillColor(COLORS.muted)
      .text(slide.part, SLIDE.width - m - 60, 52, { width: 60, align: 'right', lineBreak: false });
  }
  doc
    .save()
    .rect(m, BODY.top - 22, 48, 3)
    .fill(COLORS.accent)
    .restore();
  for (const b of slide.blocks) block(doc, b);
}

/** Renders laid-out slides as a PDF file, one page per slide. */
export async function renderSlidesPdf(title: string, slides: readonly Slide[]): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({
    size: [SLIDE.width, SLIDE.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    info: { Title: title, Creator: 'Atelier' },
    displayTitle: true,
  });
  for (const slide of slides) {
    doc.addPage();
    if (slide.kind === 'title') titleSlide(doc, slide);
    else contentSlide(doc, slide);
  }
  doc.end();
  return done;
}
