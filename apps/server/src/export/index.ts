/**
 * Document export: Markdown as stored (citations as a reference list), or DOCX / PDF rendered from the one document schema with
 * images from our storage. Answers the bytes, a file name and a content type for a download.
 */
import { stripDocumentMarkers } from '@atelier/contract';
import { markdownToDoc } from '@atelier/editor';
import type { AppContext } from '../context.js';
import { renderDocx } from './export.docx.js';
import { exportFileName } from './export.filename.js';
import { loadExportImages } from './export.images.js';
import {
  imageSources,
  markdownWithReferences,
  withCitationNotes,
  withoutRepeatedTitle,
} from './export.model.js';
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
  const { title, format } = input;
  // citations: footnotes (DOCX), endnotes (PDF), a reference list (Markdown); app links under PUBLIC_URL
  const baseUrl = ctx.config.PUBLIC_URL ? ctx.config.PUBLIC_URL.replace(/\/+$/, '') : '';
  const markdown = stripDocumentMarkers(input.markdown);
  const filename = exportFileName(title, format);
  if (format === 'md')
    return {
      body: Buffer.from(markdownWithReferences(markdown, baseUrl), 'utf8'),
      filename,
      contentType: CONTENT_TYPES.md,
    };
  const { doc, notes } = withCitationNotes(withoutRepeatedTitle(markdownToDoc(markdown), title), baseUrl);
  const images = await loadExportImages(ctx, uid, imageSources(doc));
  const body =
    format === 'docx'
      ? await renderDocx(title || 'Untitled', doc, images, notes)
      : await renderPdf(title || 'Untitled', doc, images, notes);
  return { body, filename, contentType: CONTENT_TYPES[format] };
}
