/** CodeMirror 6 editor of an artifact's source; the language follows the artifact type. */
import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { html } from '@codemirror/lang-html';
import { markdown } from '@codemirror/lang-markdown';
import { json } from '@codemirror/lang-json';
import { css } from '@codemirror/lang-css';
import { tags } from '@lezer/highlight';
import type { CodeArtifactType } from '@atelier/contract';

/** The CodeMirror language for an artifact type (and, for `code`, its language name). */
export function languageFor(type: CodeArtifactType, language?: string | null): Extension {
  const lang = (language ?? '').toLowerCase();
  switch (type) {
    case 'react':
      return javascript({ jsx: true, typescript: true });
    case 'html':
    case 'svg':
      return html();
    case 'markdown':
      return markdown();
    case 'mindmap':
      return json();
    case 'mermaid':
      return [];
    case 'code':
      if (['js', 'javascript', 'mjs', 'cjs'].includes(lang)) return javascript();
      if (['jsx'].includes(lang)) return javascript({ jsx: true });
      if (['ts', 'typescript'].includes(lang)) return javascript({ typescript: true });
      if (['tsx'].includes(lang)) return javascript({ jsx: true, typescript: true });
      if (['html', 'xml', 'svg', 'vue'].includes(lang)) return html();
      if (['css', 'scss', 'less'].includes(lang)) return css();
      if (['json', 'jsonc'].includes(lang)) return json();
      if (['md', 'markdown'].includes(lang)) return markdown();
      return javascript({ typescript: true });
  }
}

const darkHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: '#c678dd' },
  { tag: [tags.string, tags.special(tags.string)], color: '#98c379' },
  { tag: [tags.number, tags.bool, tags.null], color: '#d19a66' },
  { tag: tags.comment, color: '#7f848e', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: '#61afef' },
  { tag: [tags.typeName, tags.className, tags.tagName], color: '#e5c07b' },
  { tag: tags.attributeName, color: '#d19a66' },
  { tag: tags.propertyName, color: '#e06c75' },
]);

export function CodeEditor({
  value,
  type,
  language,
  readOnly,
  dark,
  onChange,
  className,
}: {
  value: string;
  type: CodeArtifactType;
  language?: string | null;
  readOnly: boolean;
  dark: boolean;
  onChange?: (value: string) => void;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          languageFor(type, language),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.lineWrapping,
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }, { dark }),
          dark ? syntaxHighlighting(darkHighlight) : [],
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // the editor is rebuilt only when its configuration changes; `value` flows in below
  }, [type, language, readOnly, dark]);

  // Text changed outside the editor (another tab, a mind-map action): replace it.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className={className} data-testid="artifact-code-editor" />;
}
