/**
 * Skills that write documents through the live collaboration path (collab.live.ts), so open
 * editors see the text arrive while the model streams:
 * - generateDoc creates a document (in the run's project), announces it with `artifact` and
 *   `create_node` events, writes the answer into it and names it after its first heading;
 * - editDoc changes the selection of `input.selection` (or writes at the end without `text`);
 * - rewriteDoc rewrites the selected text.
 * With `input.selection.suggest` both only check and read the document and stream the answer back;
 * the editor shows it as a suggestion and writes it itself when the user accepts it.
 * Text is kept when a run fails or is stopped; the artifact is then marked failed.
 */
import { eq } from 'drizzle-orm';
import type { SkillInput } from '@atelier/contract';
import { openLiveMarkdown, readDocumentMarkdown, type LiveMarkdownWriter } from '../collab/collab.live.js';
import { documents } from '../db/schema/index.js';
import { badRequest } from '../lib/errors.js';
import { now } from '../lib/time.js';
import { DocumentService, loadDocument, readOnlyDocument } from '../modules/document/document.service.js';
import { stripCitations } from './skill.citations.js';
import { contextRules, systemText, withQuery } from './skill.prompt.js';
import type { SkillDefinition, SkillOutput, SkillRunEnv } from './skill.types.js';

const TITLE_CHARS = 200;

/** The first Markdown heading of a text, without marks and citations. */
export function headingOf(markdown: string): string | null {
  const m = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(markdown);
  const title = m ? stripCitations(m[1]!).replace(/[*_`]/g, '').trim() : '';
  return title ? title.slice(0, TITLE_CHARS) : null;
}

function titleFromQuery(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** A live writer as the engine's output, with the document artifact's status kept in step. */
function liveOutput(
  env: SkillRunEnv,
  writer: LiveMarkdownWriter,
  docId: string,
  title: () => string,
  onFinish?: (text: string) => Promise<void>,
): SkillOutput {
  return {
    update: (text) => writer.push(text),
    finish: async (text) => {
      await writer.finish(text);
      await onFinish?.(text);
      await env.artifact({ type: 'document', entityId: docId, title: title(), status: 'finish' });
      return { docId };
    },
    fail: async (text) => {
      await writer.close(text);
      await env.artifact({ type: 'document', entityId: docId, title: title(), status: 'failed' });
    },
  };
}

const writeRule =
  'Write in Markdown (headings, lists, tables, code blocks). Do not wrap the whole answer in a code block and do not add remarks about the task.';

export const generateDocSkill: SkillDefinition = {
  name: 'generateDoc',
  displayName: { en: 'Generate document', 'zh-CN': '生成文档' },
  description: 'Writes a new document from your request and the selected context, live on the canvas.',
  stepName: 'generateDocument',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  prompt: (input) =>
    withQuery(
      input,
      systemText(
        `You write complete, well-structured documents. Start with a level-1 heading that is the document's title. ${writeRule}`,
        input,
      ),
    ),
  async output(env) {
    const collab = env.collab;
    let title = titleFromQuery(env.input.query);
    const doc = await new DocumentService(env.ctx.db, collab).create(env.uid, {
      title,
      readOnly: false,
      ...(env.projectId ? { projectId: env.projectId } : {}),
    });
    env.state.docId = doc.docId;
    await env.artifact({ type: 'document', entityId: doc.docId, title, status: 'generating' });
    env.emit({
      event: 'create_node',
      step: env.step,
      node: {
        type: 'document',
        data: {
          title,
          entityId: doc.docId,
          metadata: { status: 'generating', parentResultId: env.resultId },
        },
      },
    });
    const writer = await openLiveMarkdown(collab, doc.docId, {
      onError: (err) => env.ctx.log.warn({ err, docId: doc.docId }, 'live document write failed'),
    });
    return liveOutput(
      env,
      writer,
      doc.docId,
      () => title,
      async (text) => {
        const heading = headingOf(text);
        if (!heading || heading === title) return;
        title = heading;
        await env.ctx.db
          .update(documents)
          .set({ title, updatedAt: now() })
          .where(eq(documents.docId, doc.docId));
      },
    );
  },
};

interface EditState {
  docId: string;
  title: string;
  markdown: string;
  selected: string | null;
  prefix: string;
  suffix: string;
}

function selectionOf(input: SkillInput, needText: boolean): { docId: string; text: string | null } {
  const selection = input.selection;
  if (!selection) throw badRequest('input.selection: the document to change is required');
  if (needText && !selection.text) throw badRequest('input.selection.text: select the text to rewrite');
  return { docId: selection.docId, text: selection.text ?? null };
}

/** Loads the document and splits it around the selection (E1003 foreign or missing, E0003 not found). */
async function prepareEdit(env: SkillRunEnv, needText: boolean): Promise<void> {
  const { docId, text } = selectionOf(env.input, needText);
  const row = await loadDocument(env.ctx.db, env.uid, docId, 'write');
  if (row.readOnly) throw readOnlyDocument();
  const markdown = await readDocumentMarkdown(env.collab, docId);
  let state: EditState;
  if (text) {
    let selected = text;
    let at = markdown.indexOf(selected);
    if (at < 0) {
      selected = text.trim();
      at = selected ? markdown.indexOf(selected) : -1;
    }
    if (at < 0) throw badRequest('input.selection.text: the selected text is not in the document');
    state = {
      docId,
      title: row.title,
      markdown,
      selected,
      prefix: markdown.slice(0, at),
      suffix: markdown.slice(at + selected.length),
    };
  } else {
    const body = markdown.replace(/\s+$/, '');
    state = {
      docId,
      title: row.title,
      markdown,
      selected: null,
      prefix: body ? `${body}\n\n` : '',
      suffix: '',
    };
  }
  env.state.edit = state;
  await env.log({ key: 'editDocument', titleArgs: { docId, selected: state.selected?.length ?? 0 } });
}

async function editOutput(env: SkillRunEnv): Promise<SkillOutput | null> {
  if (env.input.selection?.suggest) return null;
  const state = env.state.edit as EditState;
  await env.artifact({ type: 'document', entityId: state.docId, title: state.title, status: 'generating' });
  const writer = await openLiveMarkdown(env.collab, state.docId, {
    prefix: state.prefix,
    suffix: state.suffix,
    onError: (err) => env.ctx.log.warn({ err, docId: state.docId }, 'live document write failed'),
  });
  return liveOutput(env, writer, state.docId, () => state.title);
}

const editState = (prepared: Record<string, unknown> | undefined): EditState => prepared?.edit as EditState;

export const editDocSkill: SkillDefinition = {
  name: 'editDoc',
  displayName: { en: 'Edit document', 'zh-CN': '编辑文档' },
  description: 'Changes the selected part of a document (or adds to its end) as you ask, live.',
  stepName: 'editDocument',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  validate: (input) => void selectionOf(input, false),
  prepare: (env) => prepareEdit(env, false),
  prompt: (input) => {
    const state = editState(input.prepared);
    const task = state.selected
      ? `Answer with only the Markdown that replaces the selected part, following the user's instruction.\n\nSelected part:\n<<<\n${state.selected}\n>>>`
      : "Answer with only the Markdown to add at the end of the document, following the user's instruction.";
    return withQuery(
      input,
      systemText(
        `You edit a document. ${writeRule}\n\nThe document:\n<<<\n${state.markdown}\n>>>\n\n${task}`,
        input,
      ),
    );
  },
  output: editOutput,
};

export const rewriteDocSkill: SkillDefinition = {
  name: 'rewriteDoc',
  displayName: { en: 'Rewrite selection', 'zh-CN': '改写选中内容' },
  description: 'Rewrites the selected text of a document as you ask (shorter, clearer, another tone), live.',
  stepName: 'rewriteDocument',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  validate: (input) => void selectionOf(input, true),
  prepare: (env) => prepareEdit(env, true),
  prompt: (input) => {
    const state = editState(input.prepared);
    return withQuery(
      input,
      systemText(
        `You rewrite a selected part of a document as the user asks, keeping its meaning unless told otherwise and fitting the text around it. ${writeRule} Answer with only the rewritten Markdown.\n\nThe document:\n<<<\n${state.markdown}\n>>>\n\nSelected part:\n<<<\n${state.selected ?? ''}\n>>>`,
        input,
      ),
    );
  },
  output: editOutput,
};
