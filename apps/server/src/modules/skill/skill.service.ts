/**
 * Starting a skill run: checks the skill, the model (explicit item or the chat default, E0014
 * without one), the context rules and, through the access policy, every id the run names (the
 * target, project, context items, the selected document and, for a rerun, the result): an id the
 * caller may not use answers its entity's not-found code and nothing is recorded. Then records
 * the new result version with everything the engine needs to run it later. With `skillId` the
 * caller's skill instance runs: its template, its tplConfig, its context rules.
 */
import { stripDocumentMarkers, type InvokeSkill, type ModelInfo } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { accessFor, userActor } from '../access/access.js';
import { newId } from '../../lib/ids.js';
import { findSkill } from '../../skills/skill.builtins.js';
import { checkContextRules } from '../../skills/skill.context.js';
import { checkRequestQuota, withRequestSlot } from '../../skills/skill.quota.js';
import { keepMaskedSecrets, sealTplConfig, secretsOf } from '../../skills/skill.secrets.js';
import { llmConfigOf } from '../../skills/skill.model.js';
import { findResult, insertResult, type ActionResultRow } from '../action/action.repository.js';
import { resolveModel } from '../provider/provider.resolve.js';
import type { ResolvedModel } from '../provider/provider.types.js';
import { isUniqueViolation } from '../../db/helpers.js';
import { checkInstanceContext } from '../skill-instance/skill-instance.config.js';
import { requireSkillInstance } from '../skill-instance/skill-instance.service.js';
import { requireTrigger } from '../trigger/trigger.repository.js';

const TITLE_CHARS = 100;

export interface PrepareOptions {
  /** Record the run as version 0 of this new result id (a trigger's run, made once). */
  resultId?: string;
}

export function titleOf(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

export function modelInfoOf(resolved: ResolvedModel): ModelInfo {
  const llm = llmConfigOf(resolved);
  return {
    name: resolved.config.modelId ?? resolved.item.name,
    label: resolved.config.modelName ?? resolved.item.name,
    providerKey: resolved.provider.providerKey,
    providerItemId: resolved.item.itemId,
    tier: resolved.item.tier,
    contextLimit: llm.contextLimit ?? null,
    maxOutput: llm.maxOutput ?? null,
    capabilities: llm.capabilities ?? null,
  };
}

async function resolveFor(
  ctx: AppContext,
  uid: string,
  modelItemId: string | undefined,
): Promise<ResolvedModel> {
  try {
    const resolved = await resolveModel(ctx, uid, modelItemId ?? 'chat');
    if (!resolved) throw new AppError('E0014');
    return resolved;
  } catch (err) {
    // someone else's or a deleted model: "select another" is what the person can do about it
    if (err instanceof AppError && err.code === 'E1016') throw new AppError('E2003', err.message);
    throw err;
  }
}

/** Every id the run names must be one the caller may use; refused ids answer their not-found code. */
async function checkIds(ctx: AppContext, uid: string, body: InvokeSkill): Promise<void> {
  const access = accessFor(ctx.db);
  const actor = userActor(uid);
  // The run writes into its target, its thread (a rerun) and the selected document.
  if (body.target) await access.requireRef(actor, 'write', body.target);
  if (body.resultId) await access.require(actor, 'write', 'actionResult', [body.resultId]);
  if (body.input.selection) await access.require(actor, 'write', 'document', [body.input.selection.docId]);
  // It reads the project's instructions and the context items.
  if (body.projectId) await access.require(actor, 'read', 'project', [body.projectId]);
  const docs = body.context?.documents?.map((d) => d.docId) ?? [];
  const resources = body.context?.resources?.map((r) => r.resourceId) ?? [];
  await access.require(actor, 'read', 'document', docs);
  await access.require(actor, 'read', 'resource', resources);
}

export class SkillRunService {
  constructor(private readonly ctx: AppContext) {}

  /** Records a new run (or a rerun as the next version) in `status`; answers the row to run. */
  async prepare(uid: string, body: InvokeSkill, status: 'waiting' | 'executing'): Promise<ActionResultRow> {
    return (await this.prepareRun(uid, body, status)).row;
  }

  /**
   * The skill instance the result `resultId` ran with, for its rerun: none when the run used no
   * instance or the instance was deleted since (the rerun then runs the recorded skill). The
   * result's access is checked first, so someone else's result answers its not-found code.
   */
  private async rerunInstance(uid: string, resultId: string) {
    await accessFor(this.ctx.db).require(userActor(uid), 'write', 'actionResult', [resultId]);
    const skillId = (await findResult(this.ctx.db, resultId))?.runOptions.skillId;
    if (!skillId) return null;
    return requireSkillInstance(this.ctx, uid, skillId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'E1006') return null;
      throw err;
    });
  }

  /** The caller's result that a rerun (`resultId`) or a follow-up (its last history item) continues. */
  private async continuedResult(uid: string, body: InvokeSkill): Promise<ActionResultRow | undefined> {
    const resultId = body.resultId ?? body.resultHistory?.at(-1)?.resultId;
    if (!resultId) return undefined;
    const row = await findResult(this.ctx.db, resultId);
    return row?.uid === uid ? row : undefined;
  }

  /** Like prepare, also answering the resolved model (so a streamed run does not resolve it again). */
  async prepareRun(
    uid: string,
    body: InvokeSkill,
    status: 'waiting' | 'executing',
    opts: PrepareOptions = {},
  ): Promise<{ row: ActionResultRow; resolved: ResolvedModel | null }> {
    // A skill instance (the caller's own, E1006 otherwise) runs its template with its settings,
    // a tplConfig sent with the run overriding them item by item. A rerun that names none runs
    // the instance of the run it reruns (when it still exists).
    const instance = body.skillId
      ? await requireSkillInstance(this.ctx, uid, body.skillId)
      : body.resultId
        ? await this.rerunInstance(uid, body.resultId)
        : null;
    if (instance && !body.skillId) body = { ...body, skillId: instance.skillId };
    if (body.triggerId) await requireTrigger(this.ctx.db, uid, body.triggerId, body.skillId);
    const skillName = instance?.tplName ?? body.skillName;
    const skill = findSkill(skillName);
    if (!skill) throw new AppError('E1006', `The skill "${skillName}" is not available on this server yet`);
    // The run this one continues: a rerun's result, else a follow-up's last history item (the
    // caller's own only; checkIds refuses a rerun of another's).
    const continued = await this.continuedResult(uid, body);
    // A rerun keeps the secrets it ran with: one the request leaves out or sends back masked (as
    // answers show it) takes the value stored with the run it reruns, else the instance's; the
    // mask itself is never taken as a value.
    const rerunSecrets = body.resultId ? secretsOf(skill, continued?.tplConfig) : {};
    const sent =
      body.tplConfig &&
      keepMaskedSecrets(
        skill,
        { ...rerunSecrets, ...body.tplConfig },
        { ...instance?.tplConfig, ...rerunSecrets },
      );
    const tplConfig = instance ? { ...instance.tplConfig, ...sent } : sent;
    if (instance) checkInstanceContext(instance.invocationConfig, body.context);
    else checkContextRules(skill.invocationConfig, body.context);
    skill.validate?.(body.input, tplConfig ?? {});
    await checkIds(this.ctx, uid, body);
    // Skills without a chat model (imageGeneration) carry their own API in tplConfig.
    const resolved = skill.usesChatModel === false ? null : await resolveFor(this.ctx, uid, body.modelItemId);
    // a rerun or a follow-up without its own list keeps the servers of the run it continues (a
    // follow-up: when it runs the same skill)
    const selectedMcpServers =
      body.selectedMcpServers ??
      (continued && (body.resultId || continued.runOptions.skillName === skill.name)
        ? continued.runOptions.selectedMcpServers
        : undefined) ??
      [];
    await skill.check?.({ ctx: this.ctx, uid, selectedMcpServers, model: resolved });
    // The check and the insert that takes the slot, one at a time (on every instance).
    return withRequestSlot(this.ctx, uid, resolved?.item.tier, async () => {
      await checkRequestQuota(this.ctx, uid, resolved?.item.tier);

      let version = 0;
      if (body.resultId && !opts.resultId) {
        const latest = await findResult(this.ctx.db, body.resultId);
        if (!latest) throw new AppError('E1011');
        version = latest.version + 1;
      }
      const resultId = opts.resultId ?? body.resultId ?? newId('actionResult');
      // From the app's clock: the daily request quota counts versions created since 00:00 UTC on it.
      const at = this.ctx.clock.date();
      const values = {
        resultId,
        uid,
        createdAt: at,
        updatedAt: at,
        title: titleOf(body.input.title?.trim() || body.input.query),
        input: body.input,
        tier: resolved?.item.tier ?? null,
        status,
        type: 'skill' as const,
        modelInfo: resolved ? modelInfoOf(resolved) : null,
        targetType: body.target?.entityType ?? null,
        targetId: body.target?.entityId ?? null,
        actionMeta: {
          type: 'skill' as const,
          name: skill.name,
          displayName: instance?.displayName ?? skill.displayName.en,
        },
        context: body.context ?? null,
        tplConfig: sealTplConfig(skill, tplConfig, this.ctx.secrets.encryption, uid) ?? null,
        runtimeConfig: body.runtimeConfig ?? null,
        // earlier turns as the client holds them: an older client may still send raw markers
        history:
          body.resultHistory?.map((item) =>
            item.steps
              ? {
                  ...item,
                  steps: item.steps.map((st) => ({ ...st, content: stripDocumentMarkers(st.content) })),
                }
              : item,
          ) ?? null,
        runOptions: {
          skillName: skill.name,
          modelItemId: resolved?.item.itemId ?? null,
          projectId: body.projectId ?? null,
          locale: body.locale ?? null,
          skillId: body.skillId ?? null,
          triggerId: body.triggerId ?? null,
          selectedMcpServers,
        },
      };
      // Two reruns at once race for the same version; the loser takes the next one.
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await insertResult(this.ctx.db, { ...values, version: version + attempt });
          return { row, resolved };
        } catch (err) {
          // a fixed result id (a trigger's run) is created once: the caller handles the conflict
          if (!isUniqueViolation(err) || attempt >= 5 || opts.resultId) throw err;
        }
      }
    });
  }
}
