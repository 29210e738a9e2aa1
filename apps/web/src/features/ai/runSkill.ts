/**
 * Starting a run from the canvas: streams /skill/streamInvoke into the store, places the
 * skill-response node as soon as the server names the result (the `start` event), places the
 * nodes the run creates (create_node) connected to it, and keeps the abort handle. A refusal
 * before the stream (no model, quota, bad context) is toasted and nothing is placed.
 */
import type { NewCanvasNode } from '@atelier/canvas';
import type { SkillEvent } from '@atelier/contract';
import { api } from '../../api/client';
import { reportError } from '../../components/errorToast/reporter';
import type { CanvasContextValue } from '../canvas/canvasContext';
import { streamSkill, type InvokeBody } from './skillStream';
import { useSkillStore } from './skillStore';

const controllers = new Map<string, AbortController>();

type Place = CanvasContextValue['placeNode'];

export interface RunOptions {
  body: InvokeBody;
  /** Places nodes on the canvas; without it (thread page) nothing is placed. */
  placeNode?: Place | undefined;
  /** Nodes the answer's node is connected from (the context, or the previous answer). */
  connectFrom?: readonly string[];
  /** The node already showing this result (a rerun). */
  nodeId?: string | null;
  /** Brings a placed node into view. */
  reveal?: ((nodeId: string) => void) | undefined;
}

function nodeData(title: string, resultId: string, skillName: string, query: string): NewCanvasNode['data'] {
  return { title, entityId: resultId, metadata: { skillName, query } };
}

/** Runs the skill; resolves with the resultId once the server started it (null when refused). */
export function runSkill(options: RunOptions): Promise<string | null> {
  const { body, placeNode } = options;
  const controller = new AbortController();
  const store = useSkillStore.getState();
  let resultId: string | null = body.resultId ?? null;
  let nodeId: string | null = options.nodeId ?? null;
  const query = body.input.query;
  const title = query.replace(/\s+/g, ' ').trim().slice(0, 100);
  const skillName = body.skillName ?? 'commonQnA';

  return new Promise<string | null>((resolve) => {
    let resolved = false;
    const settle = (value: string | null) => {
      if (!resolved) {
        resolved = true;
        resolve(value);
      }
    };

    const onEvent = (event: SkillEvent) => {
      if (!resultId || !useSkillStore.getState().runs[event.resultId]?.live) {
        resultId = event.resultId;
        controllers.set(resultId, controller);
        store.begin(resultId, {
          title,
          input: body.input,
          skillName,
          skillId: body.skillId ?? null,
          selectedMcpServers: body.selectedMcpServers ?? [],
          history: body.resultHistory ?? [],
          rerunning: Boolean(body.resultId),
          nodeId,
        });
        if (!nodeId && placeNode) {
          nodeId = placeNode(
            { type: 'skillResponse', data: nodeData(title, resultId, skillName, query) },
            { connectFrom: options.connectFrom ?? [] },
          );
          store.patch(resultId, { nodeId });
          if (nodeId) options.reveal?.(nodeId);
        }
        settle(resultId);
      }
      useSkillStore.getState().apply(event);
      if (event.event === 'create_node' && event.node && placeNode) {
        const created = placeNode(
          // the event came as JSON, so its metadata is JSON too
          { type: event.node.type, data: event.node.data as NewCanvasNode['data'] },
          { connectFrom: nodeId ? [nodeId] : [] },
        );
        if (created) options.reveal?.(created);
      }
    };

    streamSkill(body, onEvent, controller.signal)
      .catch((err: unknown) => {
        if (!resultId) {
          reportError(err);
          settle(null);
          return;
        }
        // the connection dropped mid-run: the server kept going and recorded it
        if (!controller.signal.aborted) void refreshResult(resultId);
      })
      .finally(() => {
        if (resultId) {
          controllers.delete(resultId);
          const run = useSkillStore.getState().runs[resultId];
          if (run?.live) useSkillStore.getState().patch(resultId, { live: false });
        }
        settle(resultId);
      });
  });
}

/** Loads the recorded result into the store (after a reload or a dropped stream). */
export async function refreshResult(resultId: string): Promise<void> {
  try {
    const result = await api.call('action.result', { query: { resultId } });
    useSkillStore.getState().load(result);
  } catch (err) {
    useSkillStore.getState().patch(resultId, { status: 'failed', error: errCode(err) ?? 'E1011' });
  }
}

function errCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'errCode' in err ? String(err.errCode) : undefined;
}

/** Stops a run: the server keeps what was written; this tab stops listening. */
export async function abortRun(resultId: string): Promise<void> {
  try {
    await api.call('action.abort', { body: { resultId } });
  } finally {
    controllers.get(resultId)?.abort();
    controllers.delete(resultId);
    await refreshResult(resultId);
  }
}

/** Stops listening to every live run (leaving the canvas). */
export function detachAllRuns(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}
