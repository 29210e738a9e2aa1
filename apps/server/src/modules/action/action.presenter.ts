/** Wire shape of an action result (steps only when asked); internal columns stay out. */
import type { ActionResult, ActionStep, SkillName } from '@atelier/contract';
import { findSkill } from '../../skills/skill.builtins.js';
import { maskTplConfig } from '../../skills/skill.secrets.js';
import type { ActionResultRow, ActionStepRow } from './action.repository.js';

export function presentStep(step: ActionStepRow): ActionStep {
  return {
    name: step.name,
    content: step.content,
    ...(step.reasoningContent ? { reasoningContent: step.reasoningContent } : {}),
    artifacts: step.artifacts,
    ...(step.structuredData ? { structuredData: step.structuredData } : {}),
    logs: step.logs,
    tokenUsage: step.tokenUsage,
  };
}

export function presentActionResult(row: ActionResultRow, steps?: ActionStepRow[]): ActionResult {
  return {
    resultId: row.resultId,
    version: row.version,
    title: row.title,
    input: row.input,
    tier: row.tier,
    status: row.status,
    type: row.type,
    modelInfo: row.modelInfo,
    targetType: row.targetType,
    targetId: row.targetId,
    actionMeta: row.actionMeta,
    context: row.context,
    tplConfig: maskTplConfig(findSkill(row.actionMeta?.name as SkillName), row.tplConfig),
    runtimeConfig: row.runtimeConfig,
    history: row.history,
    skillId: row.runOptions.skillId ?? null,
    ...(row.runOptions.selectedMcpServers?.length
      ? { selectedMcpServers: row.runOptions.selectedMcpServers }
      : {}),
    ...(steps ? { steps: steps.map(presentStep) } : {}),
    errors: row.errors,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
