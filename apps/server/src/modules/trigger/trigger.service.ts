/**
 * Skill triggers: a timer (`timerConfig`, its next run kept in `next_run_at` for the scheduler)
 * or a simple event ('on resource ready') attached to one of the caller's skill instances, with
 * the input, context and tplConfig its runs use. A trigger is its owner's alone (E1006 for anyone
 * else, as for an id that does not exist); the context items it names must be ones the owner may
 * read. Rules: docs/decisions.md "Triggers".
 */
import type {
  CreateSkillTrigger,
  InvokeContext,
  ListSkillTriggersQuery,
  TimerConfig,
  TplConfig,
  TriggerType,
  UpdateSkillTrigger,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { keepMaskedSecrets, sealTplConfig } from '../../skills/skill.secrets.js';
import { accessFor, userActor } from '../access/access.js';
import { checkTplConfig } from '../skill-instance/skill-instance.config.js';
import { requireSkillInstance, templateOf } from '../skill-instance/skill-instance.service.js';
import {
  deleteTrigger,
  insertTrigger,
  listTriggers,
  requireTrigger,
  updateTrigger,
  type NewTriggerRow,
  type TriggerRow,
} from './trigger.repository.js';
import { nextRunAt } from './trigger.schedule.js';

async function checkContext(ctx: AppContext, uid: string, context: InvokeContext | undefined): Promise<void> {
  if (!context) return;
  const access = accessFor(ctx.db);
  const actor = userActor(uid);
  await access.require(actor, 'read', 'document', context.documents?.map((d) => d.docId) ?? []);
  await access.require(actor, 'read', 'resource', context.resources?.map((r) => r.resourceId) ?? []);
}

export class TriggerService {
  constructor(private readonly ctx: AppContext) {}

  /** The first run at or after now of an enabled timer; E0003 for a one-off whose time has passed. */
  private firstRun(
    type: TriggerType,
    timer: TimerConfig | null,
    enabled: boolean,
    check: boolean,
  ): Date | null {
    if (type !== 'timer' || !timer || !enabled) return null;
    const at = nextRunAt(timer, this.ctx.clock.now());
    if (!at && check)
      throw badRequest('timerConfig.datetime: this time has passed (a one-off timer needs a future time)');
    return at;
  }

  private async checkTplConfig(
    uid: string,
    skillId: string,
    tplConfig: TplConfig | undefined,
    stored: TplConfig | null,
  ) {
    if (tplConfig === undefined) return undefined;
    const instance = await requireSkillInstance(this.ctx, uid, skillId);
    const skill = templateOf(instance.tplName);
    const out = keepMaskedSecrets(skill, tplConfig, stored);
    checkTplConfig(skill, out, false);
    return sealTplConfig(skill, out, this.ctx.secrets.encryption, uid) ?? {};
  }

  async create(uid: string, body: CreateSkillTrigger): Promise<TriggerRow> {
    await requireSkillInstance(this.ctx, uid, body.skillId);
    const tplConfig = await this.checkTplConfig(uid, body.skillId, body.tplConfig, null);
    await checkContext(this.ctx, uid, body.context);
    const timer = body.triggerType === 'timer' ? (body.timerConfig ?? null) : null;
    const at = this.ctx.clock.date();
    return insertTrigger(this.ctx.db, {
      triggerId: newId('trigger'),
      uid,
      skillId: body.skillId,
      displayName: body.displayName,
      triggerType: body.triggerType,
      simpleEventName: body.triggerType === 'simpleEvent' ? (body.simpleEventName ?? null) : null,
      timerConfig: timer,
      input: body.input ?? null,
      context: body.context ?? null,
      tplConfig: tplConfig ?? null,
      enabled: body.enabled,
      nextRunAt: this.firstRun(body.triggerType, timer, body.enabled, true),
      armedAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }

  async update(uid: string, body: UpdateSkillTrigger): Promise<TriggerRow> {
    const row = await requireTrigger(this.ctx.db, uid, body.triggerId);
    const skillId = row.skillId;
    const type = body.triggerType ?? row.triggerType;
    const timer = type === 'timer' ? (body.timerConfig ?? row.timerConfig) : null;
    const eventName = type === 'simpleEvent' ? (body.simpleEventName ?? row.simpleEventName) : null;
    if (type === 'timer' && !timer) throw badRequest('timerConfig: A timer trigger needs timerConfig');
    if (type === 'simpleEvent' && !eventName) {
      throw badRequest('simpleEventName: A simple-event trigger needs simpleEventName');
    }
    const enabled = body.enabled ?? row.enabled;
    const patch: Partial<NewTriggerRow> = {
      triggerType: type,
      timerConfig: timer,
      simpleEventName: eventName,
      enabled,
    };
    if (body.displayName !== undefined) patch.displayName = body.displayName;
    if (body.input !== undefined) patch.input = body.input;
    if (body.context !== undefined) {
      await checkContext(this.ctx, uid, body.context);
      patch.context = body.context;
    }
    const tplConfig = await this.checkTplConfig(uid, skillId, body.tplConfig, row.tplConfig);
    if (tplConfig !== undefined) patch.tplConfig = tplConfig;
    // The schedule restarts when the timer, the type or the enabled state changes; otherwise the
    // next run stays (an edit of the query does not skip or repeat a run).
    const rescheduled =
      body.timerConfig !== undefined ||
      body.triggerType !== undefined ||
      (body.enabled === true && !row.enabled);
    // An event trigger enabled again (or newly one) runs for what becomes ready from now on, not
    // for what became ready while it was off.
    if (type === 'simpleEvent' && enabled && (!row.enabled || row.triggerType !== 'simpleEvent')) {
      patch.armedAt = this.ctx.clock.date();
    }
    if (!enabled || type !== 'timer') patch.nextRunAt = null;
    else if (rescheduled)
      patch.nextRunAt = this.firstRun(type, timer, enabled, body.timerConfig !== undefined);
    const updated = await updateTrigger(this.ctx.db, uid, row.triggerId, patch);
    if (!updated) throw new AppError('E1006', 'Trigger not found');
    return updated;
  }

  async delete(uid: string, triggerId: string): Promise<void> {
    if (!(await deleteTrigger(this.ctx.db, uid, triggerId))) throw new AppError('E1006', 'Trigger not found');
  }

  list(uid: string, query: ListSkillTriggersQuery): Promise<TriggerRow[]> {
    return listTriggers(this.ctx.db, uid, {
      skillId: query.skillId,
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
  }
}
