/**
 * Follow-ups and reruns. A follow-up sends the thread so far as resultHistory (the earlier
 * results with their answers) and connects its node to the answer it follows; a rerun sends the
 * recorded request again with the same resultId, which the server runs as the next version. Both
 * run the skill instance of the answer they come from, and an agent answer's follow-ups run the
 * agent with its MCP servers (issue 12).
 */
import {
  LIMITS,
  SkillNameSchema,
  TPL_CONFIG_SECRET_MASK,
  type ResultHistoryItem,
  type TplConfig,
} from '@atelier/contract';
import { api } from '../../api/client';
import { reportError } from '../../components/errorToast/reporter';
import { useLocalSettings } from '../../stores/localSettings';
import type { CanvasContextValue } from '../canvas/canvasContext';
import { useLaunchpadStore } from './launchpadStore';
import { runSkill } from './runSkill';
import type { RunState } from './skillStore';

const MAX_STEP_CHARS = LIMITS.maxContentChars;

/** The thread up to and including `run`, as the server takes it. */
export function historyThrough(run: RunState): ResultHistoryItem[] {
  const own: ResultHistoryItem = {
    resultId: run.resultId,
    ...(run.title ? { title: run.title.slice(0, 200) } : {}),
    ...(run.input ? { input: run.input } : {}),
    steps: [{ name: 'answer', content: run.content.slice(0, MAX_STEP_CHARS) }],
  };
  return [...run.history, own].slice(-LIMITS.maxResultHistory);
}

/**
 * The tplConfig a rerun sends: the result's, without the secrets it answers masked (the server
 * keeps the ones the run had); none when nothing is left.
 */
export function rerunTplConfig(tplConfig: TplConfig | null | undefined): TplConfig | undefined {
  const kept = Object.entries(tplConfig ?? {}).filter(([, entry]) => entry.value !== TPL_CONFIG_SECRET_MASK);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

export function outputLocale(): string {
  return useLocalSettings.getState().outputLocale || 'auto';
}

export function askFollowUp(
  run: RunState,
  query: string,
  canvas: Pick<CanvasContextValue, 'canvasId' | 'placeNode'> | null,
  reveal?: (nodeId: string) => void,
  fromNodeId: string | null = run.nodeId,
): Promise<string | null> {
  const { modelItemId } = useLaunchpadStore.getState();
  const agent = run.skillName === 'agent';
  return runSkill({
    body: {
      input: { query },
      resultHistory: historyThrough(run),
      skillName: agent ? 'agent' : 'commonQnA',
      ...(agent && run.selectedMcpServers.length ? { selectedMcpServers: run.selectedMcpServers } : {}),
      ...(run.skillId ? { skillId: run.skillId } : {}),
      locale: outputLocale(),
      ...(modelItemId ? { modelItemId } : {}),
      ...(canvas ? { target: { entityType: 'canvas', entityId: canvas.canvasId } } : {}),
    },
    placeNode: canvas?.placeNode,
    connectFrom: fromNodeId ? [fromNodeId] : [],
    reveal,
  });
}

/** Reruns a result as its next version (same node). */
export async function rerun(
  resultId: string,
  canvas: Pick<CanvasContextValue, 'canvasId' | 'placeNode'> | null,
  nodeId: string | null,
): Promise<void> {
  try {
    const result = await api.call('action.result', { query: { resultId } });
    const tplConfig = rerunTplConfig(result.tplConfig);
    const context = result.context
      ? {
          ...(result.context.resources ? { resources: result.context.resources } : {}),
          ...(result.context.documents ? { documents: result.context.documents } : {}),
          ...(result.context.contentList ? { contentList: result.context.contentList } : {}),
          ...(result.context.urls ? { urls: result.context.urls } : {}),
        }
      : undefined;
    await runSkill({
      body: {
        resultId,
        input: {
          query: result.input.query,
          ...(result.input.images ? { images: result.input.images } : {}),
          // the thread keeps its name (an editor action's run is not named after its prompt)
          ...(result.title ? { title: result.title } : {}),
        },
        ...(context ? { context } : {}),
        ...(result.history?.length ? { resultHistory: result.history } : {}),
        ...(result.runtimeConfig ? { runtimeConfig: result.runtimeConfig } : {}),
        ...(tplConfig ? { tplConfig } : {}),
        ...(result.selectedMcpServers?.length ? { selectedMcpServers: result.selectedMcpServers } : {}),
        skillName: SkillNameSchema.safeParse(result.actionMeta?.name).data ?? 'commonQnA',
        ...(result.skillId ? { skillId: result.skillId } : {}),
        ...(result.modelInfo?.providerItemId ? { modelItemId: result.modelInfo.providerItemId } : {}),
        ...(result.targetType && result.targetId
          ? { target: { entityType: result.targetType, entityId: result.targetId } }
          : {}),
        locale: outputLocale(),
      },
      placeNode: canvas?.placeNode,
      nodeId,
    });
  } catch (err) {
    reportError(err);
  }
}
