/**
 * The CJK-capable font PDF exports embed: Noto Sans SC (SIL OFL 1.1) from the npm package
 * @expo-google-fonts/noto-sans-sc, whose TTF files cover Latin, Simplified Chinese and kana in
 * one file per weight (regular and bold are used; pdfkit embeds only the glyphs a file uses).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

let cached: PdfFonts | undefined;

export function fontPackageDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
}

/** The font files, read once per process (about 10 MB each). */
export function pdfFonts(): PdfFonts {
  if (!cached) {
    const dir = fontPackageDir();
    cached = {
      regular: readFileSync(join(dir, '400Regular', 'NotoSansSC_400Regular.ttf')),
      bold: readFileSync(join(dir, '700Bold', 'NotoSansSC_700Bold.ttf')),
    };
  }
  return cached;
}

/**
 * A pdfkit document with the CJK font registered ('cjk', 'cjk-bold') and its bytes collected:
 * `done` resolves with the file once the caller has called `doc.end()`. pdfkit is loaded on first
 * use, not at start (it holds ~25 MB).
 */
export async function openPdfDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = pdfFonts();
  const doc = new PDFDocument(options);
  doc.registerFont('cjk', fonts.regular);
  doc.registerFont('cjk-bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
