// The one rich-text schema: the Tiptap extension list for browser and server and its ProseMirror schema.
import { getSchema, type AnyExtension, type JSONContent } from '@tiptap/core';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { TableKit } from '@tiptap/extension-table';
import type { Schema } from '@tiptap/pm/model';
import { StarterKit } from '@tiptap/starter-kit';

/** Version of the persisted document JSON shape (the node and mark set below). */
export const DOCUMENT_SCHEMA_VERSION = 1;

/** Name of the Y.XmlFragment holding a document; Hocuspocus and Tiptap Collaboration use 'default'. */
export const DOC_FRAGMENT = 'default';

/** ProseMirror JSON of a document or node, as Tiptap's `editor.getJSON()` returns it. */
export type DocJSON = JSONContent;

export interface EditorExtensionsOptions {
  /**
   * Keep Tiptap's own undo history (default true). Turn it off in the browser when the
   * Collaboration extension is added, since Yjs then owns undo.
   */
  undoRedo?: boolean;
}

/** Characters that would start a block if a paragraph line began with them. */
const BLOCK_START = /^(?:#{1,6}(?=[ \t]|$)|[-+](?=[ \t]|$)|-+[ \t]*$|=+[ \t]*$)/;
const ORDERED_START = /^(\d{1,9})([.)])(?=[ \t]|$)/;

/** Backslash-escapes line starts of rendered paragraph text that Markdown would read as a block. */
export function escapeBlockStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (BLOCK_START.test(line) ? `\\${line}` : line.replace(ORDERED_START, '$1\\$2')))
    .join('\n');
}

/**
 * Paragraph whose Markdown keeps literal text literal: a paragraph reading "1. not a list" or
 * "# not a heading" is written as `1\. not a list` / `\# not a heading`, so it reads back the same.
 */
const MarkdownSafeParagraph = Paragraph.extend({
  renderMarkdown(node, helpers, ctx) {
    return escapeBlockStarts(this.parent?.(node, helpers, ctx) ?? '');
  },
});

function textOf(node: DocJSON): string {
  if (typeof node.text === 'string') return node.text;
  return (node.content ?? []).map(textOf).join('');
}

/** Code block whose fence is longer than any backtick run in the code, so code holding ``` survives. */
const MarkdownSafeCodeBlock = CodeBlock.extend({
  renderMarkdown(node) {
    const code = textOf(node);
    const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longestRun + 1));
    const language = typeof node.attrs?.language === 'string' ? node.attrs.language : '';
    return `${fence}${language}\n${code}\n${fence}`;
  },
});

/**
 * The extension list every editor and converter uses. Everything in it maps to Markdown:
 * StarterKit without underline (Markdown has none), tables, block images and nested task lists.
 * Browser-only behaviour (placeholder, collaboration, cursors) is added on top by the web app;
 * those add no nodes or marks, so the schema stays the same.
 */
export function editorExtensions(options: EditorExtensionsOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      paragraph: false,
      codeBlock: false,
      underline: false,
      undoRedo: options.undoRedo === false ? false : {},
      link: { openOnClick: false, autolink: true },
    }),
    MarkdownSafeParagraph,
    MarkdownSafeCodeBlock,
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    TaskList,
    TaskItem.configure({ nested: true }),
  ];
}

let cachedSchema: Schema | undefined;

/** The ProseMirror schema of the document, built without a DOM (usable in Node). */
export function getEditorSchema(): Schema {
  cachedSchema ??= getSchema(editorExtensions());
  return cachedSchema;
}
