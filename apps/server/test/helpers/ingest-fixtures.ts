/**
 * Small real files for ingestion tests, generated on the fly: PDF (pdfkit), DOCX (docx), and
 * hand-zipped PPTX, XLSX, ODT and EPUB (fflate), plus a tiny PNG.
 */
import { Document, Packer, Paragraph, HeadingLevel, TextRun } from 'docx';
import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';

export async function buildPdf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of pages) {
    doc.addPage();
    doc.fontSize(14).text(text);
  }
  doc.end();
  return done;
}

export async function buildDocx(heading: string, body: string): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(heading)] }),
          new Paragraph({ children: [new TextRun(body)] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

export function buildPptx(slides: string[]): Buffer {
  return zip(
    Object.fromEntries(
      slides.map((text, i) => [
        `ppt/slides/slide${i + 1}.xml`,
        `<p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
      ]),
    ),
  );
}

export function buildXlsx(rows: string[][]): Buffer {
  const strings = rows.flat();
  const sheet = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((_, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${r * row.length + c}</v></c>`).join('')}</row>`,
    )
    .join('');
  return zip({
    'xl/workbook.xml': '<workbook><sheets><sheet name="Budget" sheetId="1"/></sheets></workbook>',
    'xl/sharedStrings.xml': `<sst>${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${sheet}</sheetData></worksheet>`,
  });
}

export function buildOdt(heading: string, body: string): Buffer {
  return zip({
    'content.xml': `<office:document-content><office:body><office:text><text:h text:outline-level="1">${heading}</text:h><text:p>${body}</text:p></office:text></office:body></office:document-content>`,
  });
}

export function buildEpub(chapters: string[]): Buffer {
  const files: Record<string, string> = {
    'META-INF/container.xml':
      '<container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>',
    'OEBPS/content.opf': `<package><manifest>${chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml"/>`).join('')}</manifest><spine>${chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('')}</spine></package>`,
  };
  chapters.forEach((text, i) => {
    files[`OEBPS/c${i}.xhtml`] = `<html><body><h1>Chapter ${i + 1}</h1><p>${text}</p></body></html>`;
  });
  return zip(files);
}

/** A 3×2 PNG (header only is read for dimensions). */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000003000000020806000000' + '0'.repeat(40),
  'hex',
);
