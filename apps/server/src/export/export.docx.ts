/**
 * Document → DOCX (docx 9): title, headings, paragraphs with bold/italic/strike/code and links,
 * bullet, numbered and task lists (nested), block quotes, code blocks, tables, rules and images
 * from our storage, citations as footnotes. East-Asian text gets a CJK font so Chinese shows in Word and LibreOffice.
 */
import type * as Docx from 'docx';
import type { Paragraph, ParagraphChild, Table } from 'docx';
import type { DocJSON } from '@atelier/editor';
import type { ExportImages } from './export.images.js';
import { attr, inlineRuns, noteText, textOf, type CitationNote, type InlineRun } from './export.model.js';

const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei', cs: 'Calibri' };
const MONO = { ascii: 'Courier New', hAnsi: 'Courier New', eastAsia: 'Microsoft YaHei', cs: 'Courier New' };
const CODE_FILL = 'F2F2F2';
const MAX_IMAGE_WIDTH = 600;

type Block = Paragraph | Table;

interface ListContext {
  kind: 'bullet' | 'ordered' | 'task';
  level: number;
  /** Numbering instance: each ordered list restarts at its own start. */
  instance: number;
}

class DocxWriter {
  private orderedLists = 0;

  /** `docx` is the library, imported by renderDocx on the first export rather than at start. */
  constructor(
    private readonly docx: typeof Docx,
    private readonly images: ExportImages,
  ) {}

  private heading(level: number) {
    const { HeadingLevel } = this.docx;
    return [
      HeadingLevel.HEADING_1,
      HeadingLevel.HEADING_2,
      HeadingLevel.HEADING_3,
      HeadingLevel.HEADING_4,
      HeadingLevel.HEADING_5,
      HeadingLevel.HEADING_6,
    ][level - 1];
  }

  runs(runs: readonly InlineRun[]): ParagraphChild[] {
    return runs.map((run): ParagraphChild => {
      if (run.lineBreak) return new this.docx.TextRun({ text: '', break: 1 });
      // a citation is a real footnote (Word numbers it and lists the source at the page's foot)
      if (run.note !== undefined) return new this.docx.FootnoteReferenceRun(run.note);
      const text = new this.docx.TextRun({
        text: run.text,
        bold: run.bold,
        italics: run.italic,
        strike: run.strike,
        font: run.code ? MONO : undefined,
        shading: run.code ? { type: this.docx.ShadingType.CLEAR, fill: CODE_FILL, color: 'auto' } : undefined,
        style: run.href ? 'Hyperlink' : undefined,
      });
      return run.href ? new this.docx.ExternalHyperlink({ link: run.href, children: [text] }) : text;
    });
  }

  blocks(nodes: readonly DocJSON[], list?: ListContext, quote = 0): Block[] {
    return nodes.flatMap((node) => this.block(node, list, quote));
  }

  private indent(quote: number) {
    return quote > 0 ? { left: 720 * quote } : undefined;
  }

  private quoteBorder(quote: number) {
    return quote > 0
      ? { left: { style: this.docx.BorderStyle.SINGLE, size: 12, color: 'BBBBBB', space: 8 } }
      : undefined;
  }

  private block(node: DocJSON, list: ListContext | undefined, quote: number): Block[] {
    switch (node.type) {
      case 'heading': {
        const level = Math.min(Math.max(attr(node, 'level', 1), 1), 6);
        return [
          new this.docx.Paragraph({ heading: this.heading(level), children: this.runs(inlineRuns(node)) }),
        ];
      }
      case 'paragraph':
        return [
          new this.docx.Paragraph({
            children: this.runs(inlineRuns(node)),
            indent: this.indent(quote),
            border: this.quoteBorder(quote),
          }),
        ];
      case 'blockquote':
        return this.blocks(node.content ?? [], list, quote + 1);
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        return this.list(node, list);
      case 'codeBlock':
        return [this.code(textOf(node))];
      case 'horizontalRule':
        return [
          new this.docx.Paragraph({
            children: [],
            border: { bottom: { style: this.docx.BorderStyle.SINGLE, size: 6, color: 'BBBBBB', space: 1 } },
          }),
        ];
      case 'image':
        return [this.image(node)];
      case 'table':
        return [this.table(node)];
      default:
        return node.content ? this.blocks(node.content, list, quote) : [];
    }
  }

  private list(node: DocJSON, parent: ListContext | undefined): Block[] {
    const kind = node.type === 'orderedList' ? 'ordered' : node.type === 'taskList' ? 'task' : 'bullet';
    const context: ListContext = {
      kind,
      level: parent ? Math.min(parent.level + 1, 8) : 0,
      instance: kind === 'ordered' ? ++this.orderedLists : 0,
    };
    const out: Block[] = [];
    for (const item of node.content ?? []) {
      const [first, ...rest] = item.content ?? [];
      const checked = attr(item, 'checked', false);
      const lead = first?.type === 'paragraph' ? first : undefined;
      const runs = this.runs(lead ? inlineRuns(lead) : []);
      if (kind === 'task') runs.unshift(new this.docx.TextRun({ text: checked ? '☑ ' : '☐ ' }));
      out.push(
        new this.docx.Paragraph({
          children: runs,
          ...(kind === 'bullet' ? { bullet: { level: context.level } } : {}),
          ...(kind === 'ordered'
            ? { numbering: { reference: 'ordered', level: context.level, instance: context.instance } }
            : {}),
          ...(kind === 'task' ? { indent: { left: 360 * (context.level + 1) } } : {}),
        }),
      );
      out.push(...this.blocks(lead ? rest : (item.content ?? []), context));
    }
    return out;
  }

  private code(text: string): Paragraph {
    const lines = text.split('\n');
    return new this.docx.Paragraph({
      shading: { type: this.docx.ShadingType.CLEAR, fill: CODE_FILL, color: 'auto' },
      children: lines.map(
        (line, i) => new this.docx.TextRun({ text: line, font: MONO, size: 20, break: i > 0 ? 1 : 0 }),
      ),
    });
  }

  private image(node: DocJSON): Paragraph {
    const src = attr(node, 'src', '');
    const alt = attr(node, 'alt', '');
    const image = this.images.get(src);
    if (!image) {
      const label = alt || src;
      const text = new this.docx.TextRun({
        text: `[${label}]`,
        style: /^https?:/i.test(src) ? 'Hyperlink' : undefined,
      });
      return new this.docx.Paragraph({
        children: [
          /^https?:/i.test(src) ? new this.docx.ExternalHyperlink({ link: src, children: [text] }) : text,
        ],
      });
    }
    const scale = Math.min(1, MAX_IMAGE_WIDTH / image.width);
    return new this.docx.Paragraph({
      alignment: this.docx.AlignmentType.CENTER,
      children: [
        new this.docx.ImageRun({
          type: image.type,
          data: image.data,
          transformation: {
            width: Math.round(image.width * scale),
            height: Math.round(image.height * scale),
          },
          altText: alt ? { name: alt, description: alt, title: alt } : undefined,
        }),
      ],
    });
  }

  private table(node: DocJSON): Table {
    const rows = (node.content ?? []).map((row) => {
      const cells = row.content ?? [];
      const header = cells.length > 0 && cells.every((c) => c.type === 'tableHeader');
      return new this.docx.TableRow({
        tableHeader: header,
        children: cells.map((cell) => {
          const children = this.blocks(cell.content ?? []).filter(
            (b): b is Paragraph => b instanceof this.docx.Paragraph,
          );
          return new this.docx.TableCell({
            columnSpan: attr(cell, 'colspan', 1),
            rowSpan: attr(cell, 'rowspan', 1),
            shading:
              cell.type === 'tableHeader'
                ? { type: this.docx.ShadingType.CLEAR, fill: 'EEEEEE', color: 'auto' }
                : undefined,
            children: children.length > 0 ? children : [new this.docx.Paragraph({ children: [] })],
          });
        }),
      });
    });
    return new this.docx.Table({ rows, width: { size: 100, type: this.docx.WidthType.PERCENTAGE } });
  }
}

/** Renders a document (schema JSON) with its title as a DOCX file. */
export async function renderDocx(
  title: string,
  doc: DocJSON,
  images: ExportImages,
  notes: readonly CitationNote[] = [],
): Promise<Buffer> {
  const D = await import('docx');
  const writer = new DocxWriter(D, images);
  const body = writer.blocks(doc.content ?? []);
  const footnotes = Object.fromEntries(
    notes.map((note) => [
      note.n,
      { children: [new D.Paragraph({ children: [new D.TextRun(noteText(note))] })] },
    ]),
  );
  const file = new D.Document({
    title,
    footnotes,
    creator: 'Atelier',
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: [D.LevelFormat.DECIMAL, D.LevelFormat.LOWER_LETTER, D.LevelFormat.LOWER_ROMAN][level % 3],
            text: `%${level + 1}.`,
            alignment: D.AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        children: [
          new D.Paragraph({ heading: D.HeadingLevel.TITLE, children: [new D.TextRun(title)] }),
          ...body,
        ],
      },
    ],
  });
  return D.Packer.toBuffer(file);
}
