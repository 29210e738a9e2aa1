/**
 * Context for a run: the nodes selected on the canvas and the library items picked by hand,
 * turned into the invoke context (documents, resources, contentList, urls), with the skill's
 * per-type limits and required minimum checked before sending.
 */
import { getNode } from '@atelier/canvas';
import type * as Y from 'yjs';
import type { InvokeContext, SkillTemplate } from '@atelier/contract';
import { useSkillStore } from './skillStore';

export type ContextKind = 'documents' | 'resources' | 'contentList' | 'urls';

export interface ContextItem {
  /** Stable key: node id or `library:<id>`. */
  key: string;
  kind: ContextKind;
  title: string;
  /** docId / resourceId, the url or the text. */
  value: string;
  /** The canvas node it comes from (the answer is connected from it). */
  nodeId?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The context items of the selected canvas nodes (nodes that carry nothing usable are skipped). */
export function itemsFromNodes(doc: Y.Doc, nodeIds: readonly string[]): ContextItem[] {
  const out: ContextItem[] = [];
  for (const id of nodeIds) {
    const node = getNode(doc, id);
    if (!node) continue;
    const { data } = node;
    const title = data.title || '';
    if (node.type === 'document' && data.entityId)
      out.push({ key: id, kind: 'documents', title, value: data.entityId, nodeId: id });
    else if (node.type === 'resource' && data.entityId)
      out.push({ key: id, kind: 'resources', title, value: data.entityId, nodeId: id });
    else if (node.type === 'website' && str(data.metadata?.url))
      out.push({
        key: id,
        kind: 'urls',
        title: title || str(data.metadata?.url),
        value: str(data.metadata?.url),
        nodeId: id,
      });
    else if (node.type === 'skillResponse' && data.entityId) {
      const content = useSkillStore.getState().runs[data.entityId]?.content ?? data.contentPreview ?? '';
      if (content.trim()) out.push({ key: id, kind: 'contentList', title, value: content, nodeId: id });
    } else if (node.type === 'memo' && (data.contentPreview ?? '').trim())
      out.push({
        key: id,
        kind: 'contentList',
        title: (data.contentPreview ?? '').slice(0, 60),
        value: data.contentPreview ?? '',
        nodeId: id,
      });
  }
  return out;
}

export function toInvokeContext(items: readonly ContextItem[]): InvokeContext | undefined {
  const context: InvokeContext = {};
  for (const item of items) {
    if (item.kind === 'documents')
      (context.documents ??= []).push({
        docId: item.value,
        ...(item.title ? { title: item.title.slice(0, 200) } : {}),
      });
    else if (item.kind === 'resources')
      (context.resources ??= []).push({
        resourceId: item.value,
        ...(item.title ? { title: item.title.slice(0, 200) } : {}),
      });
    else if (item.kind === 'urls') (context.urls ??= []).push({ url: item.value });
    else
      (context.contentList ??= []).push({
        content: item.value,
        metadata: { title: item.title.slice(0, 200) },
      });
  }
  return Object.keys(context).length ? context : undefined;
}

export interface RuleCheck {
  kind: ContextKind;
  count: number;
  limit: number;
  required: boolean;
  problem: 'required' | 'tooMany' | null;
}

/** Per rule of the skill: how many items of that kind are chosen and whether that is allowed. */
export function checkRules(
  skill: Pick<SkillTemplate, 'invocationConfig'> | undefined,
  items: readonly ContextItem[],
): RuleCheck[] {
  const rules = skill?.invocationConfig.context?.rules ?? [];
  return rules
    .filter((r): r is typeof r & { key: ContextKind } => r.key !== 'codeArtifacts')
    .map((rule) => {
      const count = items.filter((i) => i.kind === rule.key).length;
      const problem = rule.required && count === 0 ? 'required' : count > rule.limit ? 'tooMany' : null;
      return { kind: rule.key, count, limit: rule.limit, required: rule.required, problem };
    });
}

/** Kinds the skill does not take at all (their items are left out). */
export function unsupportedKinds(
  skill: Pick<SkillTemplate, 'invocationConfig'> | undefined,
): Set<ContextKind> {
  const rules = skill?.invocationConfig.context?.rules;
  const all: ContextKind[] = ['documents', 'resources', 'contentList', 'urls'];
  if (!rules) return new Set();
  return new Set(all.filter((k) => !rules.some((r) => r.key === k)));
}
