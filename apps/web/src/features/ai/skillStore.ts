/**
 * The state of skill runs, keyed by resultId, shared by the canvas node, the preview panel and the
 * thread view: what streamed in (answer, reasoning, sources, usage, artifacts, logs) and where the
 * run stands. Live runs are fed by their SSE events; anything else is loaded from /action/result.
 */
import { create } from 'zustand';
import { anchorsOf, joinCited, type CitationAnchor } from '@atelier/contract';
import type {
  ActionArtifact,
  ActionLog,
  ActionResult,
  ActionStatus,
  ResultHistoryItem,
  SkillEvent,
  SkillInput,
  TokenUsageItem,
} from '@atelier/contract';

export interface RunSource {
  index: number;
  title: string;
  kind?: string;
  entityId?: string;
  url?: string;
}

export interface RunState {
  resultId: string;
  version: number;
  status: ActionStatus;
  /** A version after the first is running (the interface's "rerunning"). */
  rerunning: boolean;
  /** This tab receives the run's events right now. */
  live: boolean;
  title: string;
  input: SkillInput | null;
  skillName: string | null;
  /** The skill instance the run used: its follow-ups and reruns run the same one. */
  skillId: string | null;
  /** The MCP servers an agent run used: its follow-ups and reruns use the same. */
  selectedMcpServers: string[];
  modelLabel: string | null;
  /** The answer without citation markers. */
  content: string;
  /** Where the answer cites its sources (offsets in `content`). */
  citations: CitationAnchor[];
  reasoning: string;
  sources: RunSource[];
  questions: string[];
  tokenUsage: TokenUsageItem[];
  artifacts: ActionArtifact[];
  logs: ActionLog[];
  history: ResultHistoryItem[];
  /** Catalogue code (or message) of the failure. */
  error: string | null;
  originError: string | null;
  /** The node on the canvas that shows this run (when placed from this tab). */
  nodeId: string | null;
}

interface SkillStore {
  runs: Record<string, RunState>;
  /** resultId → abort of the live stream in this tab. */
  begin(resultId: string, init: Partial<RunState>): void;
  apply(event: SkillEvent): void;
  load(result: ActionResult): void;
  patch(resultId: string, patch: Partial<RunState>): void;
  /** Results whose answer is still being written in this tab (leaving would lose the live view). */
  liveCount(): number;
}

export function emptyRun(resultId: string): RunState {
  return {
    resultId,
    version: 0,
    status: 'waiting',
    rerunning: false,
    live: false,
    title: '',
    input: null,
    skillName: null,
    skillId: null,
    selectedMcpServers: [],
    modelLabel: null,
    content: '',
    citations: [],
    reasoning: '',
    sources: [],
    questions: [],
    tokenUsage: [],
    artifacts: [],
    logs: [],
    history: [],
    error: null,
    originError: null,
    nodeId: null,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sources of structured data: `{ sources: [{ index, title, url?, entityId?, kind? }] }`. */
export function sourcesOf(structured: unknown): RunSource[] {
  if (!isRecord(structured) || !Array.isArray(structured.sources)) return [];
  const out: RunSource[] = [];
  structured.sources.forEach((s, i) => {
    if (!isRecord(s)) return;
    const index = typeof s.index === 'number' ? s.index : i + 1;
    const meta = isRecord(s.metadata) ? s.metadata : {};
    const entityId = typeof s.entityId === 'string' ? s.entityId : meta.entityId;
    const kind = typeof s.kind === 'string' ? s.kind : meta.entityType;
    out.push({
      index,
      title:
        typeof s.title === 'string' && s.title ? s.title : typeof s.url === 'string' ? s.url : `#${index}`,
      ...(typeof s.url === 'string' ? { url: s.url } : {}),
      ...(typeof entityId === 'string' ? { entityId } : {}),
      ...(typeof kind === 'string' ? { kind } : {}),
    });
  });
  return out;
}

function questionsOf(structured: unknown): string[] {
  if (!isRecord(structured) || !Array.isArray(structured.questions)) return [];
  return structured.questions.filter((q): q is string => typeof q === 'string');
}

function mergeSources(a: RunSource[], b: RunSource[]): RunSource[] {
  const byIndex = new Map(a.map((s) => [s.index, s]));
  for (const s of b) byIndex.set(s.index, s);
  return [...byIndex.values()].sort((x, y) => x.index - y.index);
}

function upsertArtifact(list: ActionArtifact[], artifact: ActionArtifact): ActionArtifact[] {
  const at = list.findIndex((a) => a.entityId === artifact.entityId);
  if (at < 0) return [...list, artifact];
  const next = [...list];
  next[at] = artifact;
  return next;
}

export function applyEvent(run: RunState, e: SkillEvent): RunState {
  switch (e.event) {
    case 'start':
      return { ...run, status: 'executing', version: e.version, error: null, originError: null };
    case 'stream':
      return {
        ...run,
        status: 'executing',
        content: run.content + (e.content ?? ''),
        // offsets in the step's content, which is the live run's content
        citations: e.citations?.length ? [...run.citations, ...e.citations] : run.citations,
        reasoning: run.reasoning + (e.reasoningContent ?? ''),
      };
    case 'log':
      return e.log ? { ...run, logs: [...run.logs, e.log] } : run;
    case 'artifact':
      return e.artifact ? { ...run, artifacts: upsertArtifact(run.artifacts, e.artifact) } : run;
    case 'structured_data': {
      const questions = questionsOf(e.structuredData);
      return {
        ...run,
        sources: mergeSources(run.sources, sourcesOf(e.structuredData)),
        ...(questions.length ? { questions } : {}),
      };
    }
    case 'token_usage':
      return e.tokenUsage ? { ...run, tokenUsage: [...run.tokenUsage, e.tokenUsage] } : run;
    case 'error':
      return { ...run, status: 'failed', error: e.error ?? 'E0000', originError: e.originError ?? null };
    case 'end':
      return {
        ...run,
        live: false,
        rerunning: false,
        status: run.status === 'failed' || run.error ? 'failed' : 'finish',
      };
    default:
      return run;
  }
}

/** The answer of all steps joined, with the steps' citations moved to the joined text. */
function answerOf(steps: NonNullable<ActionResult['steps']>): {
  content: string;
  citations: CitationAnchor[];
} {
  const { text, citations } = joinCited(
    steps.map((s) => ({ text: s.content, citations: anchorsOf(s.structuredData?.citations) })),
    '\n\n',
  );
  return { content: text, citations };
}

/** The run as the server recorded it (all steps joined). */
export function runFromResult(result: ActionResult, previous?: RunState): RunState {
  const steps = result.steps ?? [];
  const structured = steps.map((s) => s.structuredData);
  return {
    ...(previous ?? emptyRun(result.resultId)),
    resultId: result.resultId,
    version: result.version,
    status: result.status,
    rerunning: result.version > 0 && (result.status === 'executing' || result.status === 'waiting'),
    live: false,
    title: result.title,
    input: result.input,
    skillName: result.actionMeta?.name ?? null,
    skillId: result.skillId ?? null,
    selectedMcpServers: result.selectedMcpServers ?? [],
    modelLabel: result.modelInfo?.label ?? null,
    ...answerOf(steps),
    reasoning: steps
      .map((s) => s.reasoningContent ?? '')
      .filter(Boolean)
      .join('\n\n'),
    sources: structured.reduce<RunSource[]>((acc, s) => mergeSources(acc, sourcesOf(s)), []),
    questions: structured.flatMap(questionsOf),
    tokenUsage: steps.flatMap((s) => s.tokenUsage ?? []),
    artifacts: steps.flatMap((s) => s.artifacts ?? []),
    logs: steps.flatMap((s) => s.logs ?? []),
    history: result.history ?? [],
    error: result.status === 'failed' ? (result.errors?.[0] ?? 'E0000') : null,
    originError: null,
  };
}

export const useSkillStore = create<SkillStore>()((set, get) => ({
  runs: {},
  begin: (resultId, init) =>
    set((s) => ({
      runs: {
        ...s.runs,
        [resultId]: {
          ...emptyRun(resultId),
          // a rerun keeps where the node is, the thread and the question
          ...(s.runs[resultId]
            ? {
                nodeId: s.runs[resultId].nodeId,
                history: s.runs[resultId].history,
                input: s.runs[resultId].input,
                title: s.runs[resultId].title,
              }
            : {}),
          status: 'executing',
          live: true,
          ...init,
        },
      },
    })),
  apply: (event) =>
    set((s) => {
      const run = s.runs[event.resultId] ?? { ...emptyRun(event.resultId), live: true };
      return { runs: { ...s.runs, [event.resultId]: applyEvent(run, event) } };
    }),
  load: (result) =>
    set((s) => {
      const current = s.runs[result.resultId];
      // never replace what a live stream in this tab is writing
      if (current?.live) return s;
      return { runs: { ...s.runs, [result.resultId]: runFromResult(result, current) } };
    }),
  patch: (resultId, patch) =>
    set((s) => ({
      runs: { ...s.runs, [resultId]: { ...(s.runs[resultId] ?? emptyRun(resultId)), ...patch } },
    })),
  liveCount: () => Object.values(get().runs).filter((r) => r.live).length,
}));

export const useRun = (resultId: string | undefined): RunState | undefined =>
  useSkillStore((s) => (resultId ? s.runs[resultId] : undefined));

export const useIsAnyRunLive = (): boolean => useSkillStore((s) => Object.values(s.runs).some((r) => r.live));
