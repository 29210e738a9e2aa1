/**
 * Read-only Markdown: parsed with the editor package's converter (packages/editor, the same
 * schema documents use) and drawn by ProseMirror's DOM serializer, so only the schema's nodes
 * and marks reach the page (no raw HTML; links pass Tiptap's URI check).
 */
import { useEffect, useMemo, useRef } from 'react';
import { DOMSerializer, Node as PMNode } from '@tiptap/pm/model';
import { getEditorSchema, markdownToDoc } from '@atelier/editor';
import { stripCitationMarkers } from '../ai/citations';

/** Longest text drawn at once; the rest stays in the original file. */
export const MAX_RENDERED_CHARS = 200_000;

export function MarkdownView({ markdown, testId }: { markdown: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const fragment = useMemo(() => {
    const schema = getEditorSchema();
    try {
      // a resource holds no sources to link to: citation markers are left out
      const text = stripCitationMarkers(markdown.slice(0, MAX_RENDERED_CHARS));
      const node = PMNode.fromJSON(schema, markdownToDoc(text));
      return DOMSerializer.fromSchema(schema).serializeFragment(node.content);
    } catch {
      const pre = document.createElement('pre');
      pre.textContent = markdown.slice(0, MAX_RENDERED_CHARS);
      const out = document.createDocumentFragment();
      out.append(pre);
      return out;
    }
  }, [markdown]);
  useEffect(() => {
    ref.current?.replaceChildren(fragment.cloneNode(true));
  }, [fragment]);
  return <div ref={ref} className="library-markdown" data-testid={testId} />;
}
