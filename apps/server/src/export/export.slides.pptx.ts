/**
 * A laid-out deck (export.slides.ts) → PowerPoint (pptxgenjs), 16:9, one text box (or picture)
 * per block at the place the layout gave it. PowerPoint fonts are not embedded: runs with Chinese,
 * Japanese or Korean text ask for Microsoft YaHei with the zh-CN language tag (PowerPoint and
 * LibreOffice fall back to the system's CJK font when it is missing), other text for Arial;
 * plain-ASCII code for Consolas.
 */
import type PptxGenJS from 'pptxgenjs';
import type { ExportImage } from './export.images.js';
import type { InlineRun } from './export.model.js';
import {
  BODY,
  HEADING_SIZES,
  LINE,
  SIZES,
  linesOf,
  titleSize,
  SLIDE,
  hasWide,
  type ContentSlide,
  type PlacedBlock,
  type Slide,
  type TitleSlide,
} from './export.slides.js';

type Pptx = InstanceType<typeof PptxGenJS>;
type PptxSlide = ReturnType<Pptx['addSlide']>;
type TextRun = PptxGenJS.TextProps;
type TextOptions = PptxGenJS.TextPropsOptions;

const FONT = 'Arial';
const CJK_FONT = 'Microsoft YaHei';
const MONO = 'Consolas';
const COLORS = {
  text: '1F2328',
  muted: '59636E',
  accent: '3B5BDB',
  link: '0B6BCB',
  code: 'B0305A',
  fill: 'F3F4F6',
  rule: 'D0D7DE',
};
const ASCII = /^[\x20-\x7e\t\n]*$/;
const BULLETS: Record<string, string> = { '•': '2022', '◦': '25E6', '☐': '2610', '☑': '2611' };

const inch = (pt: number) => pt / 72;
const box = (b: { x: number; y: number; w: number; h: number }) => ({
  x: inch(b.x),
  y: inch(b.y),
  w: inch(b.w),
  h: inch(b.h),
});

function fontOf(text: string): Pick<TextOptions, 'fontFace' | 'lang'> {
  return hasWide(text) ? { fontFace: CJK_FONT, lang: 'zh-CN' } : { fontFace: FONT };
}

function textRuns(runs: readonly InlineRun[], base: TextOptions): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    if (run.lineBreak) {
      const last = out[out.length - 1];
      if (last) last.options = { ...last.options, breakLine: true };
      continue;
    }
    if (!run.text) continue;
    out.push({
      text: run.text,
      options: {
        ...base,
        ...fontOf(run.text),
        bold: run.bold || base.bold,
        italic: run.italic || base.italic,
        ...(run.strike ? { strike: 'sngStrike' as const } : {}),
        color: run.href ? COLORS.link : run.code ? COLORS.code : (base.color ?? COLORS.text),
        ...(run.href ? { hyperlink: { url: run.href } } : {}),
      },
    });
  }
  return out;
}

function imageData(image: ExportImage): string {
  const mime = image.type === 'jpg' ? 'image/jpeg' : `image/${image.type}`;
  return `${mime};base64,${image.data.toString('base64')}`;
}

const frame: TextOptions = { margin: 0, valign: 'top', fit: 'none' };
/** Exact line spacing, as the layout counted it. */
const spacing = (size: number): TextOptions => ({ lineSpacing: Math.round(size * LINE) });

function block(slide: PptxSlide, b: PlacedBlock): void {
  switch (b.kind) {
    case 'heading':
      slide.addText(textRuns(b.runs, { fontSize: HEADING_SIZES[b.level - 1]!, bold: true }), {
        ...box(b),
        ...frame,
        ...spacing(HEADING_SIZES[b.level - 1]!),
      });
      return;
    case 'paragraph':
      slide.addText(textRuns(b.runs, { fontSize: SIZES.body }), {
        ...box(b),
        ...frame,
        ...spacing(SIZES.body),
      });
      return;
    case 'quote':
      slide.addShape('rect', {
        ...box({ ...b, x: b.x - 14, w: 3 }),
        fill: { color: COLORS.rule },
        line: { type: 'none' },
      });
      slide.addText(textRuns(b.runs, { fontSize: SIZES.body, italic: true, color: COLORS.muted }), {
        ...box(b),
        ...frame,
        ...spacing(SIZES.body),
      });
      return;
    case 'item': {
      const runs = textRuns(b.runs, { fontSize: SIZES.body });
      if (!b.marker) {
        slide.addText(runs, { ...box({ ...b, x: b.x + 24, w: b.w - 24 }), ...frame, ...spacing(SIZES.body) });
        return;
      }
      const code = BULLETS[b.marker];
      const n = /^(\d+)\.$/.exec(b.marker);
      const bullet: TextOptions['bullet'] = n
        ? { type: 'number', numberStartAt: Number(n[1]), indent: 24 }
        : { characterCode: code ?? '2022', indent: 24 };
      const first = runs[0];
      if (first) first.options = { ...first.options, bullet };
      slide.addText(runs.length ? runs : [{ text: ' ', options: { bullet } }], {
        ...box(b),
        ...frame,
        ...spacing(SIZES.body),
      });
      return;
    }
    case 'code':
      slide.addText(b.text || ' ', {
        ...box(b),
        ...frame,
        margin: [6, 8, 6, 8],
        fill: { color: COLORS.fill },
        fontSize: SIZES.code,
        color: COLORS.text,
        ...(ASCII.test(b.text) ? { fontFace: MONO } : fontOf(b.text)),
        ...spacing(SIZES.code),
      });
      return;
    case 'rule':
      slide.addShape('line', {
        x: inch(b.x),
        y: inch(b.y + 6),
        w: inch(b.w),
        h: 0,
        line: { color: COLORS.rule, width: 0.8 },
      });
      return;
    case 'image': {
      const scale = Math.min(b.w / b.image.width, b.h / b.image.height);
      const w = b.image.width * scale;
      const h = b.image.height * scale;
      slide.addImage({
        data: imageData(b.image),
        ...box({ x: b.x + (b.w - w) / 2, y: b.y, w, h }),
        altText: b.alt,
      });
    }
  }
}

function titleSlide(slide: PptxSlide, s: TitleSlide): void {
  const m = SLIDE.margin;
  const textWidth = s.cover ? SLIDE.width * 0.5 - m : SLIDE.width - m * 2;
  slide.addShape('rect', {
    ...box({ x: m, y: 150, w: 64, h: 5 }),
    fill: { color: COLORS.accent },
    line: { type: 'none' },
  });
  const title = s.title || 'Untitled';
  const size = titleSize(title, textWidth);
  const titleHeight = Math.min(linesOf(title, size, textWidth), 3) * size * 1.25;
  slide.addText(title, {
    ...box({ x: m, y: 175, w: textWidth, h: titleHeight }),
    ...frame,
    fontSize: size,
    bold: true,
    color: COLORS.text,
    fit: 'shrink',
    ...fontOf(title),
  });
  if (s.description) {
    const top = Math.max(175 + titleHeight + 16, 250);
    slide.addText(s.description, {
      ...box({ x: m, y: top, w: textWidth, h: SLIDE.height - 60 - top }),
      ...frame,
      fontSize: SIZES.subtitle,
      color: COLORS.muted,
      fit: 'shrink',
      ...fontOf(s.description),
    });
  }
  if (s.cover) {
    const boxX = SLIDE.width * 0.5 + 16;
    const boxW = SLIDE.width * 0.5 - m - 16;
    const boxH = SLIDE.height - m * 2;
    const scale = Math.min(boxW / s.cover.width, boxH / s.cover.height);
    const w = s.cover.width * scale;
    const h = s.cover.height * scale;
    slide.addImage({
      data: imageData(s.cover),
      ...box({ x: boxX + (boxW - w) / 2, y: m + (boxH - h) / 2, w, h }),
    });
  }
}

function contentSlide(slide: PptxSlide, s: ContentSlide): void {
  const m = SLIDE.margin;
  slide.addText(s.heading, {
    ...box({ x: m, y: 36, w: SLIDE.width - m * 2 - 70, h: SIZES.heading * 1.5 }),
    ...frame,
    fontSize: SIZES.heading,
    bold: true,
    color: COLORS.text,
    fit: 'shrink',
    ...fontOf(s.heading),
  });
  if (s.part) {
    slide.addText(s.part, {
      ...box({ x: SLIDE.width - m - 60, y: 50, w: 60, h: 18 }),
      ...frame,
      align: 'right',
      fontSize: 12,
      color: COLORS.muted,
      fontFace: FONT,
    });
  }
  slide.addShape('rect', {
    ...box({ x: m, y: BODY.top - 22, w: 48, h: 3 }),
    fill: { color: COLORS.accent },
    line: { type: 'none' },
  });
  for (const b of s.blocks) block(slide, b);
}

/** Renders laid-out slides as a .pptx file. */
export async function renderSlidesPptx(title: string, slides: readonly Slide[]): Promise<Buffer> {
  // loaded on first export, not at start
  const { default: PptxGenJSCtor } = await import('pptxgenjs');
  const pptx = new PptxGenJSCtor();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = title;
  pptx.company = 'Atelier';
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };
  for (const s of slides) {
    const slide = pptx.addSlide();
    slide.background = { color: 'FFFFFF' };
    if (s.kind === 'title') titleSlide(slide, s);
    else {
      contentSlide(slide, s);
      if (s.notes) slide.addNotes(s.notes);
    }
  }
  const out = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.isBuffer(out) ? out : Buffer.from(out as Uint8Array);
}
