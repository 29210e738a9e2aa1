// @atelier/editor: the one rich-text schema and its Markdown, JSON, plain-text and Yjs conversions.
export {
  DOCUMENT_SCHEMA_VERSION,
  DOC_FRAGMENT,
  editorExtensions,
  escapeBlockStarts,
  getEditorSchema,
  type DocJSON,
  type EditorExtensionsOptions,
} from './schema.js';
export { docToMarkdown, markdownToDoc, normalizeDoc } from './markdown.js';
export { docToYDoc, markdownToYDoc, setYDocContent, yDocToJSON, yDocToMarkdown } from './ydoc.js';
export { docToPlainText } from './plain-text.js';
