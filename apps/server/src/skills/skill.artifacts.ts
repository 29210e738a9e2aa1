/**
 * codeArtifacts: creates a code artifact at the start of the run (announced with `artifact` and
 * `create_node` events), streams the code into it (stored every FLUSH_MS) and settles its type,
 * language and title at the end. The type comes from tplConfig `artifactType`, else from the
 * language of the model's code block (html, svg, mermaid, react for jsx/tsx, markdown, else code).
 */
import { and, eq } from 'drizzle-orm';
import type { CodeArtifactType } from '@atelier/contract';
import { codeArtifacts } from '../db/schema/index.js';
import { newId } from '../lib/ids.js';
import { now } from '../lib/time.js';
import { contextRules, systemText, tplString, withQuery } from './skill.prompt.js';
import type { SkillDefinition } from './skill.types.js';

const FLUSH_MS = 250;
const CHOOSABLE: CodeArtifactType[] = ['react', 'html', 'svg', 'mermaid', 'markdown', 'code'];

export interface ParsedArtifact {
  content: string;
  language: string | null;
  type: CodeArtifactType;
  title: string | null;
}

export function typeOfLanguage(language: string | null): CodeArtifactType {
  const lang = (language ?? '').toLowerCase();
  if (lang === 'html') return 'html';
  if (lang === 'svg' || lang === 'xml+svg') return 'svg';
  if (lang === 'mermaid') return 'mermaid';
  if (lang === 'jsx' || lang === 'tsx' || lang === 'react') return 'react';
  if (lang === 'markdown' || lang === 'md') return 'markdown';
  return 'code';
}

/**
 * The artifact in a (possibly unfinished) answer: the first fenced code block's body and language,
 * or the whole text when there is no fence; the title from a `Title:` line or heading before it.
 */
export function parseArtifact(text: string, fixedType: CodeArtifactType | null): ParsedArtifact {
  const open = /^```([\w+-]*)[^\n]*\n/m.exec(text);
  let content = text;
  let language: string | null = null;
  let before = '';
  if (open) {
    language = open[1] || null;
    before = text.slice(0, open.index);
    const body = text.slice(open.index + open[0].length);
    const close = /^```\s*$/m.exec(body);
    content = close ? body.slice(0, close.index) : body;
  }
  const titleMatch = /^(?:#+\s*|title\s*[:：]\s*)(.+)$/im.exec(before);
  const title = titleMatch ? titleMatch[1]!.replace(/[*_`]/g, '').trim().slice(0, 200) : null;
  return {
    content: content.replace(/\n$/, ''),
    language,
    type: fixedType ?? typeOfLanguage(language),
    title: title || null,
  };
}

const fixedTypeOf = (value: string | null): CodeArtifactType | null =>
  value && (CHOOSABLE as string[]).includes(value) ? (value as CodeArtifactType) : null;

export const codeArtifactsSkill: SkillDefinition = {
  name: 'codeArtifacts',
  displayName: { en: 'Code artifact', 'zh-CN': '代码组件' },
  description:
    'Builds a runnable artifact (web page, React component, SVG, Mermaid diagram, code) on the canvas.',
  stepName: 'generateCodeArtifact',
  configSchema: {
    items: [
      {
        key: 'artifactType',
        inputMode: 'select',
        labelDict: { en: 'Type', 'zh-CN': '类型' },
        descriptionDict: {
          en: 'What to build; the model chooses when empty',
          'zh-CN': '要生成的类型；留空由模型选择',
        },
        options: CHOOSABLE.map((value) => ({ value, labelDict: { en: value, 'zh-CN': value } })),
      },
    ],
  },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  prompt: (input) => {
    const fixed = fixedTypeOf(tplString(input.tplConfig, 'artifactType'));
    const kind = fixed
      ? `The artifact must be of type "${fixed}"${fixed === 'react' ? ' (one self-contained component, default export, in a tsx block)' : ''}.`
      : 'Choose the best form: a complete HTML page (html), a React component (tsx, default export), an SVG image (svg), a Mermaid diagram (mermaid), Markdown or plain code.';
    return withQuery(
      input,
      systemText(
        `You build code artifacts. ${kind} Answer with a first line "Title: <short title>" and then exactly one fenced code block whose language tag is html, tsx, svg, mermaid, markdown or the programming language. Nothing after the block.`,
        input,
      ),
    );
  },
  async output(env) {
    const { db } = env.ctx;
    const fixed = fixedTypeOf(tplString(env.tplConfig, 'artifactType'));
    const artifactId = newId('codeArtifact');
    let title = env.input.query.replace(/\s+/g, ' ').trim().slice(0, 80);
    await db
      .insert(codeArtifacts)
      .values({ artifactId, uid: env.uid, type: fixed ?? 'code', title, content: '' });
    await env.artifact({ type: 'codeArtifact', entityId: artifactId, title, status: 'generating' });
    env.emit({
      event: 'create_node',
      step: env.step,
      node: {
        type: 'codeArtifact',
        data: {
          title,
          entityId: artifactId,
          metadata: { status: 'generating', parentResultId: env.resultId },
        },
      },
    });

    let latest = '';
    let written = '';
    let timer: NodeJS.Timeout | null = null;
    let chain: Promise<void> = Promise.resolve();
    const store = (final: boolean): Promise<void> => {
      chain = chain
        .then(async () => {
          if (latest === written && !final) return;
          written = latest;
          const parsed = parseArtifact(latest, fixed);
          if (final && parsed.title) title = parsed.title;
          await db
            .update(codeArtifacts)
            .set({
              content: parsed.content,
              type: parsed.type,
              language: parsed.language,
              ...(final ? { title } : {}),
              updatedAt: now(),
            })
            .where(and(eq(codeArtifacts.artifactId, artifactId), eq(codeArtifacts.uid, env.uid)));
        })
        .catch((err: unknown) => env.ctx.log.warn({ err, artifactId }, 'could not store a code artifact'));
      return chain;
    };
    const end = async (text: string) => {
      if (timer) clearTimeout(timer);
      timer = null;
      latest = text;
      await store(true);
    };
    return {
      citations: 'strip',
      update(text) {
        latest = text;
        timer ??= setTimeout(() => {
          timer = null;
          void store(false);
        }, FLUSH_MS);
      },
      async finish(text) {
        await end(text);
        const parsed = parseArtifact(text, fixed);
        await env.artifact({ type: 'codeArtifact', entityId: artifactId, title, status: 'finish' });
        return { artifactId, artifactType: parsed.type, language: parsed.language };
      },
      async fail(text) {
        await end(text);
        await env.artifact({ type: 'codeArtifact', entityId: artifactId, title, status: 'failed' });
      },
    };
  },
};
