// The shared schema: what it holds, and that it builds headless.
import { describe, expect, it } from 'vitest';
import {
  DOC_FRAGMENT,
  DOCUMENT_SCHEMA_VERSION,
  editorExtensions,
  escapeBlockStarts,
  getEditorSchema,
} from './schema.js';

describe('editor schema', () => {
  it('builds in Node with every node and mark the Markdown conversion knows', () => {
    const schema = getEditorSchema();
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'taskItem',
        'taskList',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike']);
    expect(DOC_FRAGMENT).toBe('default');
    expect(DOCUMENT_SCHEMA_VERSION).toBe(1);
  });

  it('can leave out Tiptap undo history for collaborative editors', () => {
    const names = (list: ReturnType<typeof editorExtensions>) => list.map((extension) => extension.name);
    expect(names(editorExtensions({ undoRedo: false }))).toEqual(names(editorExtensions()));
    const starterKit = editorExtensions({ undoRedo: false })[0];
    expect(starterKit?.options).toMatchObject({ undoRedo: false });
  });

  it('escapes only line starts Markdown would read as blocks', () => {
    expect(escapeBlockStarts('# a\n- b\n+ c\n12. d\n3) e\n---\n===\nplain - text #1')).toBe(
      '\\# a\n\\- b\n\\+ c\n12\\. d\n3\\) e\n\\---\n\\===\nplain - text #1',
    );
    expect(escapeBlockStarts('#hashtag\n-dash\n1.5 times')).toBe('#hashtag\n-dash\n1.5 times');
  });
});
