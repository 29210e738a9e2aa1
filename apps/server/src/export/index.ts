/**
 * Document export: Markdown as stored, or DOCX / PDF rendered from the one document schema with
 * images from our storage. Answers the bytes, a file name and a content type for a download.
 */
import { markdownToDoc } from '@atelier/editor';
import type { AppContext } from '../context.js';
import { renderDocx } from './export.docx.js';
import { exportFileName } from './export.filename.js';
import { loadExportImages } from './export.images.js';
import { imageSources, withoutRepeatedTitle } from './export.model.js';
import { renderPdf } from './export.pdf.js';

export { exportFileName } from './export.filename.js';

export type DocumentExportFormat = 'md' | 'docx' | 'pdf';

export interface ExportedFile {
  body: Buffer;
  filename: string;
  contentType: string;
}

const CONTENT_TYPES: Record<DocumentExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export async function exportDocument(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  uid: string,
  input: { title: string; markdown: string; format: DocumentExportFormat },
): Promise<ExportedFile> {
  const { title, markdown, format } = input;
  const filename = exportFileName(title, format);
  if (format === 'md')
    return { body: Buffer.from(markdown, 'utf8'), filename, contentType: CONTENT_TYPES.md };
  const doc = withoutRepeatedTitle(markdownToDoc(markdown), title);
  const images = await loadExportImages(ctx, uid, imageSources(doc));
  const body =
    format === 'docx'
      ? await renderDocx(title || 'Untitled', doc, images)
      : await renderPdf(title || 'Untitled', doc, images);
  return { body, filename, contentType: CONTENT_TYPES[format] };
}
