/**
 * Runs one version of an action result: marks it executing, builds the context, streams the model
 * through the AI SDK and sends each event to the sink while the step is persisted as it arrives.
 * The sink is only a listener: a client that goes away does not stop the run. Abort comes from
 * /action/abort (in-process fast path, or the database flag seen by the poll and by each batch);
 * an idle model is stopped after SKILL_IDLE_TIMEOUT. `end` is always the last event.
 */
import { stepCountIs, streamText } from 'ai';
import type { ActionLog, SkillEvent, SkillName } from '@atelier/contract';
import { placeCitations } from '@atelier/contract';
import type { CollabService } from '../collab/collab.service.js';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import {
  endResult,
  heartbeat,
  markExecuting,
  type ActionResultRow,
} from '../modules/action/action.repository.js';
import { languageModelFor } from '../modules/provider/provider.models.js';
import { resolveModel } from '../modules/provider/provider.resolve.js';
import type { UploadService } from '../modules/upload/upload.service.js';
import type { ResolvedModel } from '../modules/provider/provider.types.js';
import type { LocalRuns } from './skill.aborts.js';
import { findSkill } from './skill.builtins.js';
import {
  citationsToLinks,
  citedSources,
  createCitationExtractor,
  stripCitations,
  type CitationAnchor,
  type CitationSource,
} from './skill.citations.js';
import { buildContext, type ContextLoaders } from './skill.context.js';
import { llmConfigOf } from './skill.model.js';
import { mapSkillError, SkillIdleTimeoutError } from './skill.errors.js';
import { openTplConfig } from './skill.secrets.js';
import { StepWriter } from './skill.steps.js';
import type { SkillDefinition, SkillEventInit, SkillOutput, SkillRunEnv } from './skill.types.js';

export interface SkillSink {
  emit(event: SkillEvent): void;
}

export const NULL_SINK: SkillSink = { emit: () => undefined };

export interface RunOptions {
  /** The model prepare resolved (skips resolving it again). */
  resolved?: ResolvedModel | null;
  /** The row was recorded as executing by the caller that runs it now. */
  started?: boolean;
}

export interface SkillEngine {
  run(row: ActionResultRow, sink: SkillSink, opts?: RunOptions): Promise<void>;
}

type EventInit = SkillEventInit;

/** What the engine is built with: context loaders and the services skills write through. */
export interface SkillEngineDeps extends ContextLoaders {
  collab: CollabService;
  files: UploadService;
  /** This process's running runs, so an abort reaches a local run at once. */
  localRuns: LocalRuns;
}

/**
 * `lookup` finds the definition of a run's skill (the built-ins; tests and the later agent skill
 * may pass their own).
 */

/** The output sees citation markers as links to the sources (documents) or not at all (code). */
function withCitations(output: SkillOutput | null, sources: CitationSource[]): SkillOutput | null {
  if (!output) return null;
  const convert = (text: string) =>
    output.citations === 'strip' ? stripCitations(text) : citationsToLinks(text, sources);
  return {
    update: (text) => output.update(convert(text)),
    finish: (text) => output.finish(convert(text)),
    fail: (text) => output.fail(convert(text)),
  };
}
/** Clean text with its anchors back as `[[citation:N]]` markers (in memory, for the outputs). */
function placeMarkers(text: string, citations: CitationAnchor[], base: number): string {
  return placeCitations(
    text,
    citations.map((c) => ({ ...c, at: c.at - base })),
    (c) => ` [[citation:${c.index}]]`,
  );
}

/** What a step stores of its citations: the cited sources and where the text cites them. */
function citationData(
  marked: string,
  citations: CitationAnchor[],
  sources: CitationSource[],
): Record<string, unknown> {
  const cited = citedSources(marked, sources);
  return {
    ...(cited.length ? { sources: cited } : {}),
    ...(citations.length ? { citations } : {}),
  };
}

/** How much of a tool's input, output or error a log line keeps (the model sees all of it). */
export const TOOL_PREVIEW_CHARS = 2_000;

/** A tool value as text for a log line, cut at TOOL_PREVIEW_CHARS with a marker. */
export function previewOf(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    text = String(value);
  }
  return text.length > TOOL_PREVIEW_CHARS
    ? `${text.slice(0, TOOL_PREVIEW_CHARS)}… [${text.length - TOOL_PREVIEW_CHARS} more characters]`
    : text;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === 'string' ? err : previewOf(err);
}

export function createSkillEngine(
  ctx: AppContext,
  deps: SkillEngineDeps,
  lookup: (name: SkillName) => SkillDefinition | null = findSkill,
): SkillEngine {
  const { db, log, config } = ctx;
  const loaders: ContextLoaders = { documents: deps.documents, resources: deps.resources };

  async function run(row: ActionResultRow, sink: SkillSink, opts: RunOptions = {}): Promise<void> {
    const { resultId, version, uid, runOptions } = row;
    const skill = lookup(runOptions.skillName as SkillName);
    const skillMeta = { name: (skill?.name ?? 'commonQnA') as SkillName };
    const emit = (e: EventInit) => {
      try {
        sink.emit({ resultId, version, skillMeta, ...e });
      } catch (err) {
        log.debug({ err, resultId }, 'skill sink failed; the run goes on');
      }
    };
    if (!opts.started && !(await markExecuting(db, resultId, version))) {
      emit({ event: 'end' });
      return;
    }

    const controller = new AbortController();
    let cause: 'user' | 'idle' | null = null;
    const abort = (why: 'user' | 'idle') => {
      cause ??= why;
      controller.abort();
    };
    const unregister = deps.localRuns.add(resultId, version, controller);
    controller.signal.addEventListener('abort', () => (cause ??= 'user'));
    const poll = setInterval(() => {
      heartbeat(db, resultId, version)
        .then((asked) => asked && abort('user'))
        .catch((err: unknown) => log.warn({ err, resultId }, 'skill abort poll failed'));
    }, config.SKILL_ABORT_POLL);
    let idle: NodeJS.Timeout | null = null;
    const touch = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => abort('idle'), config.SKILL_IDLE_TIMEOUT);
    };

    let writer: StepWriter | null = null;
    let runEnv: SkillRunEnv | null = null;
    let errors: string[] = [];
    let output: SkillOutput | null = null;
    // `text` is the answer as stored and streamed (no markers), `citations` where it cites;
    // `marked` keeps the normalised markers for the outputs (documents link them, code drops them)
    let text = '';
    let marked = '';
    const citations: CitationAnchor[] = [];
    let citationsStored = false;
    let citationSources: CitationSource[] = [];
    emit({ event: 'start' });
    try {
      if (!skill) throw new AppError('E1006', `The skill "${runOptions.skillName}" is not available`);
      const needsModel = skill.usesChatModel !== false;
      const resolved = needsModel
        ? (opts.resolved ?? (await resolveModel(ctx, uid, runOptions.modelItemId ?? 'chat')))
        : null;
      if (needsModel && !resolved) throw new AppError('E0014');
      const llm = resolved ? llmConfigOf(resolved) : {};
      const step = { name: skill.stepName };
      // A streaming skill's first writes wait for the model's first answer (see StepWriter.start).
      const stepWriter = StepWriter.start(db, log, resultId, version, 0, skill.stepName, {
        hold: !skill.execute,
      });
      writer = stepWriter;
      stepWriter.onAbortRequested = () => abort('user');
      const env: SkillRunEnv = {
        ctx,
        collab: deps.collab,
        files: deps.files,
        uid,
        resultId,
        version,
        input: row.input,
        tplConfig: openTplConfig(skill, row.tplConfig ?? {}, ctx.secrets.encryption, uid),
        target: { type: row.targetType ?? null, id: row.targetId ?? null },
        projectId: runOptions.projectId,
        locale: runOptions.locale,
        model: resolved,
        signal: controller.signal,
        step,
        emit,
        log: async (entry) => {
          emit({ event: 'log', step, log: entry });
          await stepWriter.addLog(entry);
        },
        artifact: async (artifact) => {
          emit({ event: 'artifact', step, artifact });
          await stepWriter.putArtifact(artifact);
        },
        state: {},
      };
      runEnv = env;

      if (skill.execute) {
        // such skills keep their own deadline (the idle timer is for streaming models)
        const data = await skill.execute(env);
        if (cause === 'idle') throw new SkillIdleTimeoutError(config.SKILL_IDLE_TIMEOUT);
        if (cause === 'user') throw new Error('aborted');
        if (data && Object.keys(data).length) {
          emit({ event: 'structured_data', step, structuredData: data });
          await stepWriter.setStructuredData(data);
        }
        return;
      }
      if (!resolved) throw new AppError('E0014');

      await skill.prepare?.(env);
      const gathered = (await skill.gather?.(env)) ?? [];
      const context = await buildContext(db, loaders, {
        uid,
        query: row.input.query,
        context: row.context,
        history: row.history,
        projectId: runOptions.projectId,
        locale: runOptions.locale,
        invocationConfig: skill.invocationConfig,
        contextLimit: llm.contextLimit,
        maxOutput: llm.maxOutput,
        extra: gathered,
      });
      // Sent at once; stored through the step writer's queue once the model has answered.
      const contextLog: ActionLog = {
        key: 'buildContext',
        titleArgs: { sources: context.sources.length, skipped: context.skipped.length },
        ...(context.skipped.length ? { descriptionArgs: { skipped: context.skipped } } : {}),
      };
      emit({ event: 'log', step, log: contextLog });
      void stepWriter.addLog(contextLog, { keepHold: true });

      const prompt = skill.prompt({
        query: row.input.query,
        tplConfig: env.tplConfig,
        context,
        prepared: env.state,
      });
      const tools = skill.tools
        ? await skill.tools({ uid, resultId, selectedMcpServers: runOptions.selectedMcpServers ?? [], env })
        : undefined;
      const maxSteps = typeof skill.maxSteps === 'function' ? skill.maxSteps(config) : (skill.maxSteps ?? 5);
      output = withCitations((await skill.output?.(env)) ?? null, context.sources);
      touch();
      const result = streamText({
        model: languageModelFor(resolved),
        system: prompt.system,
        messages: prompt.messages,
        abortSignal: controller.signal,
        maxRetries: config.SKILL_MODEL_RETRIES,
        ...(tools ? { tools, stopWhen: stepCountIs(maxSteps) } : {}),
        ...(llm.maxOutput ? { maxOutputTokens: llm.maxOutput } : {}),
        // errors arrive as stream parts below; the default handler would print them
        onError: () => undefined,
      });

      const extractor = createCitationExtractor();
      citationSources = context.sources;
      let usage: { inputTokens: number | undefined; outputTokens: number | undefined } | null = null;
      let steps = 0;
      let lastFinish: string | null = null;
      const toolArgs = (toolName: string, toolCallId: string) => ({
        tool: toolName,
        toolCallId,
        ...(skill.toolInfo?.(env, toolName, toolCallId) ?? {}),
      });
      const sendText = (out: { text: string; citations: CitationAnchor[] }) => {
        if (!out.text && !out.citations.length) return;
        marked += placeMarkers(out.text, out.citations, text.length);
        text += out.text;
        citations.push(...out.citations);
        if (out.text) stepWriter.append('content', out.text);
        emit({
          event: 'stream',
          step,
          content: out.text,
          ...(out.citations.length ? { citations: out.citations } : {}),
        });
        output?.update(marked);
      };
      for await (const part of result.fullStream) {
        touch();
        // the SDK's own `start` part comes before the request has even left
        if (part.type !== 'start') stepWriter.begin();
        if (part.type === 'text-delta') sendText(extractor.push(part.text));
        else if (part.type === 'reasoning-delta' && part.text) {
          stepWriter.append('reasoning', part.text);
          emit({ event: 'stream', step, reasoningContent: part.text });
        } else if (part.type === 'tool-call') {
          // The tool loop: the AI SDK runs the tool and calls the model again (up to maxSteps).
          // Log lines are sent at once and stored in order by the step writer's queue, without
          // holding up the loop (the writer is flushed before the run ends).
          void env.log({
            key: 'toolCall',
            titleArgs: toolArgs(part.toolName, part.toolCallId),
            descriptionArgs: { input: previewOf(part.input) },
          });
        } else if (part.type === 'tool-result') {
          void env.log({
            key: 'toolResult',
            titleArgs: toolArgs(part.toolName, part.toolCallId),
            descriptionArgs: { output: previewOf(part.output) },
          });
        } else if (part.type === 'tool-error') {
          void env.log({
            key: 'toolError',
            titleArgs: toolArgs(part.toolName, part.toolCallId),
            descriptionArgs: { error: previewOf(errorText(part.error)) },
          });
        } else if (part.type === 'finish-step') {
          steps++;
          lastFinish = part.finishReason;
        } else if (part.type === 'error') throw part.error;
        else if (part.type === 'finish') usage = part.totalUsage;
      }
      sendText(extractor.flush());
      // The model still wanted tools when the step limit stopped the loop: say so in the run.
      if (tools && steps >= maxSteps && lastFinish === 'tool-calls' && !cause) {
        await env.log({ key: 'toolStepLimit', titleArgs: { steps: maxSteps } });
      }
      if (cause === 'idle') throw new SkillIdleTimeoutError(config.SKILL_IDLE_TIMEOUT);
      if (cause === 'user') throw new Error('aborted');

      if (usage) {
        const tokenUsage = {
          modelName: resolved.config.modelId ?? resolved.item.name,
          modelProvider: resolved.provider.providerKey,
          inputTokens: usage.inputTokens ?? 0,
          outputTokens: usage.outputTokens ?? 0,
          tier: resolved.item.tier ?? 'free',
        };
        emit({ event: 'token_usage', step, tokenUsage });
        await stepWriter.addTokenUsage(tokenUsage);
      }
      const fromOutput = output ? await output.finish(marked) : undefined;
      output = null;
      const derived = skill.finish?.(text) ?? {};
      const structured = {
        ...derived,
        ...(fromOutput ?? {}),
        ...citationData(marked, citations, context.sources),
      };
      citationsStored = true;
      if (Object.keys(structured).length) {
        emit({ event: 'structured_data', step, structuredData: structured });
        await stepWriter.setStructuredData(structured);
      }
    } catch (err) {
      if (cause === 'user') {
        errors = ['aborted'];
      } else {
        const mapped =
          cause === 'idle'
            ? mapSkillError(new SkillIdleTimeoutError(config.SKILL_IDLE_TIMEOUT))
            : mapSkillError(err);
        if (!(err instanceof AppError)) log.warn({ err, resultId, code: mapped.code }, 'skill run failed');
        errors = [mapped.code];
        emit({ event: 'error', error: mapped.code, originError: mapped.originError });
      }
    } finally {
      if (output) {
        await output
          .fail(marked)
          .catch((err: unknown) => log.warn({ err, resultId }, 'could not close a skill output'));
      }
      clearInterval(poll);
      if (idle) clearTimeout(idle);
      unregister();
      if (runEnv && skill?.cleanup) {
        await skill
          .cleanup(runEnv)
          .catch((err: unknown) => log.warn({ err, resultId }, 'could not clean up after a skill run'));
      }
      // a failed or stopped run keeps what it streamed, its citations included
      if (writer && !citationsStored && citations.length) {
        await writer
          .setStructuredData(citationData(marked, citations, citationSources))
          .catch((err: unknown) => log.warn({ err, resultId }, 'could not store the citations of a run'));
      }
      await writer?.flush();
      await endResult(db, resultId, version, errors.length ? 'failed' : 'finish', errors).catch(
        (err: unknown) => log.error({ err, resultId }, 'could not record the end of a skill run'),
      );
      emit({ event: 'end' });
    }
  }

  return { run };
}
