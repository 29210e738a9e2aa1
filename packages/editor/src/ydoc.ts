// Document JSON and Markdown <-> Y.Doc (the Y.XmlFragment that Tiptap Collaboration edits), headless.
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { docToMarkdown, markdownToDoc, normalizeDoc } from './markdown.js';
import { DOC_FRAGMENT, getEditorSchema, type DocJSON } from './schema.js';

/**
 * Makes the fragment `field` of `ydoc` hold `json`. The fragment is diffed against the document
 * (as the editor binding does), so only changed nodes are rewritten: other peers' concurrent edits
 * to untouched parts merge, and history stays small. Returns `ydoc`.
 */
export function setYDocContent(ydoc: Y.Doc, json: DocJSON, field: string = DOC_FRAGMENT): Y.Doc {
  const node = getEditorSchema().nodeFromJSON(normalizeDoc(json));
  const fragment = ydoc.getXmlFragment(field);
  updateYFragment(ydoc, fragment, node, { mapping: new Map(), isOMark: new Map() });
  return ydoc;
}

/** Writes document JSON into a Y.Doc (a new one unless given). */
export function docToYDoc(json: DocJSON, ydoc: Y.Doc = new Y.Doc(), field: string = DOC_FRAGMENT): Y.Doc {
  return setYDocContent(ydoc, json, field);
}

/** Parses Markdown into a Y.Doc (a new one unless given; an existing one is updated in place). */
export function markdownToYDoc(
  markdown: string,
  ydoc: Y.Doc = new Y.Doc(),
  field: string = DOC_FRAGMENT,
): Y.Doc {
  return setYDocContent(ydoc, markdownToDoc(markdown), field);
}

/** Reads the document JSON from a Y.Doc; an empty fragment reads as one empty paragraph. */
export function yDocToJSON(ydoc: Y.Doc, field: string = DOC_FRAGMENT): DocJSON {
  const fragment = ydoc.getXmlFragment(field);
  if (fragment.length === 0) return normalizeDoc({ type: 'doc', content: [{ type: 'paragraph' }] });
  return normalizeDoc(yXmlFragmentToProseMirrorRootNode(fragment, getEditorSchema()).toJSON() as DocJSON);
}

export function yDocToMarkdown(ydoc: Y.Doc, field: string = DOC_FRAGMENT): string {
  return docToMarkdown(yDocToJSON(ydoc, field));
}
