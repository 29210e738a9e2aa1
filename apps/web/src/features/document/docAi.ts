/**
 * AI in the document editor, the parts without React: what each action asks the server
 * (rewriteDoc / editDoc with `selection.suggest`, so the answer streams back as a suggestion
 * and the document is left alone), the selection as Markdown (what the server looks up in the
 * document), how an accepted answer becomes editor content, and the ProseMirror plugin that
 * keeps the suggestion's range (struck through) and its card (a widget under the block) while
 * the text streams in and collaborators keep typing.
 */
import { Extension, type Editor, type JSONContent } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as PmNode } from '@tiptap/pm/model';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import { docToMarkdown, markdownToDoc } from '@atelier/editor';
import type { InvokeBody } from '../ai/skillStream';

export const DOC_AI_ACTIONS = ['rewrite', 'shorten', 'expand', 'translate', 'continue'] as const;
export type DocAiAction = (typeof DOC_AI_ACTIONS)[number] | 'custom';

/** Languages offered for Translate (BCP-47 tags, the model is told the English name). */
export const TRANSLATE_LANGUAGES = ['en', 'zh-CN', 'ja', 'ko', 'fr', 'de', 'es'] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number];
const LANGUAGE_NAMES: Record<TranslateLanguage, string> = {
  en: 'English',
  'zh-CN': 'Simplified Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
};

/** The output language of a text, when its script tells it (else the model follows the query). */
export function scriptLocale(text: string): string | undefined {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\uac00-\ud7af]/.test(text)) return 'ko';
  if (/[\u4e00-\u9fff]/.test(text)) return 'zh-CN';
  return undefined;
}

const KEEP = 'Keep the language of the selected text and its Markdown formatting.';
const QUERIES: Record<Exclude<DocAiAction, 'custom' | 'translate' | 'continue'>, string> = {
  rewrite: `Rewrite the selected text so it reads clearly and naturally, keeping its meaning. ${KEEP}`,
  shorten: `Make the selected text shorter and more concise, keeping its key points. ${KEEP}`,
  expand: `Expand the selected text with more detail and explanation, in the same style. ${KEEP}`,
};

export interface DocAiRequest {
  action: DocAiAction;
  docId: string;
  /** The selection as Markdown; null when nothing is selected (continue / ask at the cursor). */
  selection: string | null;
  /** The free instruction of "Ask AI…". */
  instruction?: string;
  /** Translate's target language. */
  language?: TranslateLanguage;
  /** The text around the cursor, for the output language when nothing is selected. */
  nearby?: string;
}

/** The /skill/streamInvoke body of one action. */
export function docAiInvoke(req: DocAiRequest): InvokeBody {
  const selection = req.selection
    ? { docId: req.docId, text: req.selection, suggest: true }
    : { docId: req.docId, suggest: true };
  const sameLanguage = scriptLocale(
    (req.action === 'continue' ? req.nearby : (req.selection ?? req.nearby)) ?? '',
  );
  const locale = sameLanguage ? { locale: sameLanguage } : {};
  switch (req.action) {
    case 'translate': {
      const language = req.language ?? 'en';
      return {
        skillName: 'rewriteDoc',
        locale: language,
        input: {
          query: `Translate the selected text into ${LANGUAGE_NAMES[language]}, keeping its Markdown formatting.`,
          selection,
        },
      };
    }
    case 'continue':
      return {
        skillName: 'editDoc',
        ...locale,
        input: {
          query: `Continue writing the document from where its text stops, in the same language, tone and style. Write only the new text (a few sentences), without repeating what is there.`,
          selection: { docId: req.docId, suggest: true },
        },
      };
    case 'custom':
      return {
        skillName: req.selection ? 'rewriteDoc' : 'editDoc',
        input: { query: (req.instruction ?? '').trim(), selection },
      };
    default:
      return { skillName: 'rewriteDoc', ...locale, input: { query: QUERIES[req.action], selection } };
  }
}

/**
 * The selection as Markdown, the way the server's copy of the document writes it: inside one
 * block only the inline content (so "a sentence" is found inside its paragraph), else the blocks.
 */
export function selectionMarkdown(doc: PmNode, from: number, to: number): string {
  if (from >= to) return '';
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const schema = doc.type.schema;
  let json: JSONContent;
  if ($from.sameParent($to) && $from.parent.isTextblock) {
    const inline = $from.parent.slice($from.parentOffset, $to.parentOffset).content;
    json = schema.topNodeType
      .create(null, schema.nodes.paragraph!.create(null, inline))
      .toJSON() as JSONContent;
  } else {
    json = schema.topNodeType.create(null, doc.slice(from, to).content).toJSON() as JSONContent;
  }
  return docToMarkdown(json).trim();
}

/**
 * The citations a document already has (links whose text is `[n]`, what answers and accepted
 * suggestions write): address → number, so an accepted suggestion numbers its own on from them.
 */
export function documentCitations(doc: PmNode): Map<string, number> {
  const found = new Map<string, number>();
  doc.descendants((node) => {
    if (!node.isText) return true;
    const m = /^\[(\d{1,3})\]$/.exec(node.text ?? '');
    const href = node.marks.find((mark) => mark.type.name === 'link')?.attrs.href as unknown;
    if (m && typeof href === 'string' && !found.has(href)) found.set(href, Number(m[1]));
    return false;
  });
  return found;
}

/**
 * What an answer inserts: a single paragraph as inline content (it replaces words inside a
 * paragraph), anything else as blocks.
 */
export function suggestionContent(markdown: string): { inline: boolean; content: JSONContent[] } {
  const blocks = (markdownToDoc(markdown.trim()).content ?? []).filter(
    (b) => !(b.type === 'paragraph' && !b.content?.length),
  );
  if (blocks.length === 1 && blocks[0]!.type === 'paragraph') {
    return { inline: true, content: blocks[0]!.content ?? [] };
  }
  return { inline: false, content: blocks };
}

// ---- the suggestion's place in the document ----

interface RelPos {
  from: unknown;
  to: unknown;
}

export interface SuggestionRange {
  from: number;
  to: number;
  /** Shows the card under the block (a suggestion is running or shown), not only the highlight. */
  card: boolean;
  rel: RelPos | null;
  /** The range's text when it was set, to find it again after a collaborator's change. */
  text: string;
}

type Meta = { set: Omit<SuggestionRange, 'rel' | 'text'> } | { clear: true };

const textOf = (doc: PmNode, from: number, to: number): string => {
  try {
    return doc.textBetween(from, to, '\n', '\ufffc');
  } catch {
    return '';
  }
};

/** Where `text` occurs inside one textblock, the occurrence nearest to `near` (null: nowhere). */
export function findText(doc: PmNode, text: string, near: number): { from: number; to: number } | null {
  if (!text || text.includes('\n')) return null;
  let best: { from: number; to: number } | null = null;
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    // leaves (images, breaks) as one character, so offsets are positions
    const content = node.textBetween(0, node.content.size, undefined, '\ufffc');
    for (let at = content.indexOf(text); at >= 0; at = content.indexOf(text, at + 1)) {
      const from = pos + 1 + at;
      if (!best || Math.abs(from - near) < Math.abs(best.from - near))
        best = { from, to: from + text.length };
    }
    return false;
  });
  return best;
}

/**
 * Where the range's words stand now: the range itself while it still holds the words it was set
 * on, else the nearest place that holds them unchanged, null when they are nowhere (someone
 * changed them). A collaborator's change can leave the mapped range a few characters off; every
 * reader (the highlight, the request, Accept) goes through this, so none acts on other words.
 */
export function settledRange(doc: PmNode, range: SuggestionRange): { from: number; to: number } | null {
  if (range.from === range.to || !range.text || textOf(doc, range.from, range.to) === range.text)
    return { from: range.from, to: range.to };
  return findText(doc, range.text, range.from);
}

export const docAiKey = new PluginKey<SuggestionRange | null>('docAi');

interface YBinding {
  type: unknown;
  doc: unknown;
  mapping: unknown;
}

function bindingOf(state: EditorState): YBinding | null {
  const sync = ySyncPluginKey.getState(state) as { binding?: YBinding | null } | undefined;
  return sync?.binding ?? null;
}

function relative(state: EditorState, from: number, to: number): RelPos | null {
  const b = bindingOf(state);
  if (!b) return null;
  try {
    const rel = (pos: number) =>
      (absolutePositionToRelativePosition as (p: number, t: unknown, m: unknown) => unknown)(
        pos,
        b.type,
        b.mapping,
      );
    return { from: rel(from), to: rel(to) };
  } catch {
    return null;
  }
}

function absolute(state: EditorState, rel: RelPos): { from: number; to: number } | null {
  const b = bindingOf(state);
  if (!b) return null;
  const abs = (r: unknown) =>
    (relativePositionToAbsolutePosition as (d: unknown, t: unknown, r: unknown, m: unknown) => number | null)(
      b.doc,
      b.type,
      r,
      b.mapping,
    );
  const from = abs(rel.from);
  const to = abs(rel.to);
  return from === null || to === null ? null : { from, to: Math.max(from, to) };
}

/**
 * The next range. The Yjs binding is read from the state before the transaction (the same binding
 * object; the new state may not hold the sync plugin's state yet while this plugin applies).
 */
function nextRange(
  tr: Transaction,
  value: SuggestionRange | null,
  oldState: EditorState,
): SuggestionRange | null {
  const meta = tr.getMeta(docAiKey) as Meta | undefined;
  if (meta && 'clear' in meta) return null;
  if (meta && 'set' in meta) {
    const { from, to } = meta.set;
    return { ...meta.set, rel: relative(oldState, from, to), text: textOf(tr.doc, from, to) };
  }
  if (!value || !tr.docChanged) return value;
  // a collaborator's change replaces the whole document: find the range again through Yjs
  const remote = (tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;
  const viaYjs = remote && value.rel ? absolute(oldState, value.rel) : null;
  const from = tr.mapping.map(value.from, 1);
  const mapped = { from, to: Math.max(from, tr.mapping.map(value.to, -1)) };
  const candidate = viaYjs ?? mapped;
  if (!value.text || textOf(tr.doc, candidate.from, candidate.to) === value.text)
    return { ...value, ...candidate };
  // else the words themselves, nearest to where they were (unless someone changed them)
  const found = findText(tr.doc, value.text, candidate.from);
  return { ...value, ...(found ?? candidate) };
}

/** Where the card goes: after the top-level block holding the end of the range. */
export function cardPosition(doc: PmNode, to: number): number {
  const $to = doc.resolve(Math.min(to, doc.content.size));
  return $to.depth >= 1 ? $to.after(1) : to;
}

/** The card's host element; React renders the card into it through a portal. */
export const DocAi = Extension.create<{ host: () => HTMLElement | null; onOpen: () => boolean }>({
  name: 'docAi',
  addOptions() {
    return { host: () => null, onOpen: () => false };
  },
  addKeyboardShortcuts() {
    return { 'Mod-j': () => this.options.onOpen() };
  },
  addProseMirrorPlugins() {
    const host = this.options.host();
    return [
      new Plugin<SuggestionRange | null>({
        key: docAiKey,
        state: {
          init: () => null,
          apply: (tr, value, old) => nextRange(tr, value, old),
        },
        props: {
          decorations(state) {
            const stored = docAiKey.getState(state);
            if (!stored) return null;
            const range = { ...stored, ...(settledRange(state.doc, stored) ?? {}) };
            const decorations: Decoration[] = [];
            if (range.from < range.to) {
              decorations.push(
                Decoration.inline(range.from, range.to, {
                  class: range.card ? 'doc-ai-original' : 'doc-ai-selected',
                }),
              );
            }
            if (range.card && host) {
              decorations.push(
                Decoration.widget(cardPosition(state.doc, range.to), host, {
                  side: 1,
                  key: 'doc-ai-card',
                  stopEvent: () => true,
                  ignoreSelection: true,
                }),
              );
            }
            return DecorationSet.create(state.doc, decorations);
          },
        },
      }),
    ];
  },
});

export function setSuggestionRange(
  editor: Editor,
  range: Omit<SuggestionRange, 'rel' | 'text'> | null,
): void {
  const tr = editor.state.tr.setMeta(docAiKey, range ? { set: range } : { clear: true });
  tr.setMeta('addToHistory', false);
  editor.view.dispatch(tr);
}

export function suggestionRange(editor: Editor): SuggestionRange | null {
  return docAiKey.getState(editor.state) ?? null;
}

/**
 * Replaces the range with the answer in one step (one undo) and drops the suggestion. False (and
 * nothing changed) when there is nothing to write, or when the selected words changed meanwhile
 * and are nowhere to be found unchanged.
 */
export function acceptSuggestion(editor: Editor, markdown: string): boolean {
  const range = suggestionRange(editor);
  if (!range) return false;
  const { inline, content } = suggestionContent(markdown);
  if (!content.length) return false;
  const settled = settledRange(editor.state.doc, range);
  if (!settled) return false;
  let { from, to } = settled;
  if (from === to && !inline) {
    // blocks written at the cursor go after its block
    from = to = cardPosition(editor.state.doc, to);
  } else if (from === to && inline) {
    const before = editor.state.doc.textBetween(Math.max(0, from - 1), from);
    const first = content[0];
    if (before && !/\s/.test(before) && first?.type === 'text' && first.text && !/^\s/.test(first.text)) {
      content[0] = { ...first, text: ` ${first.text}` };
    }
  }
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.setMeta(docAiKey, { clear: true });
      return true;
    })
    .insertContentAt({ from, to }, content)
    .run();
}
