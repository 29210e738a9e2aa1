/**
 * Runs triggers. Timer triggers: every TRIGGER_POLL_INTERVAL (on the app's clock) one
 * transaction locks the enabled timers whose `next_run_at` has come (`FOR UPDATE SKIP LOCKED`,
 * so of several worker processes exactly one takes each), records the due run in
 * `skill_trigger_runs` (unique per trigger and due time) and moves `next_run_at` to the first
 * run after now: a timer missed while no worker ran runs once when one starts, not once per
 * missed period. 'On resource ready' triggers: a resource's ready transition is durable (its
 * `ready_at` and `finish_count` are written in the same update as the state `finish`); on the
 * `resource.ready` event (at once) and on every poll (after a restart, or when the process that
 * made the resource ready stopped before its listener ran) each enabled trigger runs for every
 * resource of its owner that became ready since the trigger was armed and whose latest transition
 * has no run yet, one run per resource and transition (its ready count is in the run key, unique
 * per trigger): several processes racing insert the run once.
 *
 * A recorded run becomes a skill job (an action result whose runOptions name the trigger and
 * its skill instance) under a result id chosen with the run, so making it twice meets the first
 * and a run left pending by a crash is made on the next start.
 */
import type { InvokeContext, InvokeSkill } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AppEvents } from '../../lib/events.js';
import { enqueueSkillRun } from '../skill/skill.job.js';
import { titleOf, type SkillRunService } from '../skill/skill.service.js';
import { insertResult } from '../action/action.repository.js';
import { findSkillInstance } from '../skill-instance/skill-instance.repository.js';
import {
  findTrigger,
  insertTriggerRun,
  lockDueTimers,
  markTriggerRun,
  pendingTriggerRuns,
  readyRunKey,
  readyTransitionsWithoutRun,
  updateTrigger,
  type TriggerRow,
  type TriggerRunRow,
} from './trigger.repository.js';
import { nextRunAt } from './trigger.schedule.js';

const BATCH = 50;

function withResource(context: InvokeContext | null, resourceId: string | null): InvokeContext | undefined {
  if (!resourceId) return context ?? undefined;
  const resources = context?.resources ?? [];
  if (resources.some((r) => r.resourceId === resourceId)) return context ?? undefined;
  return { ...context, resources: [...resources, { resourceId }] };
}

export class TriggerScheduler {
  private running = false;
  private cancelTimer: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private inflight: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly runs: SkillRunService,
  ) {}

  /** Starts polling (the first poll at once) and listening to events; runs pending runs again. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.ctx.events.on('resource.ready', (event) => this.onResourceReady(event));
    this.inflight = this.resumePending()
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'could not resume pending trigger runs'))
      .finally(() => this.poll(0));
  }

  /** Stops polling and listening; resolves when the poll under way has finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.inflight?.catch(() => undefined);
  }

  get isRunning(): boolean {
    return this.running;
  }

  private poll(delayMs = this.ctx.config.TRIGGER_POLL_INTERVAL): void {
    if (!this.running) return;
    this.cancelTimer = this.ctx.clock.timeout(() => {
      this.cancelTimer = null;
      this.inflight = this.tick()
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'trigger poll failed'))
        .finally(() => {
          this.inflight = null;
          this.poll();
        });
    }, delayMs);
  }

  /**
   * One poll: takes the due timers and the ready transitions without a run, records their runs,
   * makes the skill jobs. Answers the runs started.
   */
  async tick(): Promise<number> {
    let started = 0;
    for (;;) {
      const claimed = await this.claimDue();
      for (const run of claimed) if (await this.startRun(run)) started++;
      if (claimed.length < BATCH) break;
    }
    return started + (await this.runReady());
  }

  private claimDue(): Promise<TriggerRunRow[]> {
    const at = this.ctx.clock.date();
    return this.ctx.db.transaction(async (tx) => {
      const due = await lockDueTimers(tx, at, BATCH);
      const runs: TriggerRunRow[] = [];
      for (const trigger of due) {
        const next = this.nextAfter(trigger, at.getTime());
        await updateTrigger(tx, trigger.uid, trigger.triggerId, { nextRunAt: next, lastRunAt: at });
        const run = await insertTriggerRun(tx, {
          triggerId: trigger.triggerId,
          runKey: `timer:${trigger.nextRunAt!.toISOString()}`,
          uid: trigger.uid,
          resultId: newId('actionResult'),
          createdAt: at,
        });
        if (run) runs.push(run);
      }
      return runs;
    });
  }

  private nextAfter(trigger: TriggerRow, atMs: number): Date | null {
    if (!trigger.timerConfig?.repeatInterval) return null;
    try {
      return nextRunAt(trigger.timerConfig, atMs, true);
    } catch (err) {
      this.ctx.log.warn({ err, triggerId: trigger.triggerId }, 'a timer trigger has no next run');
      return null;
    }
  }

  private async onResourceReady(event: AppEvents['resource.ready']): Promise<void> {
    await this.runReady(event.uid);
  }

  /** Runs the ready transitions that have no run yet (of `uid`'s triggers, when given). */
  private async runReady(uid?: string): Promise<number> {
    let started = 0;
    for (;;) {
      const found = await readyTransitionsWithoutRun(this.ctx.db, BATCH, uid);
      for (const { trigger, resourceId, finishCount } of found) {
        const at = this.ctx.clock.date();
        const run = await insertTriggerRun(this.ctx.db, {
          triggerId: trigger.triggerId,
          runKey: readyRunKey(resourceId, finishCount),
          uid: trigger.uid,
          resultId: newId('actionResult'),
          resourceId,
          createdAt: at,
        });
        if (!run) continue; // another process or poll recorded it first
        await updateTrigger(this.ctx.db, trigger.uid, trigger.triggerId, { lastRunAt: at });
        if (await this.startRun(run)) started++;
      }
      if (found.length < BATCH) return started;
    }
  }

  /** Runs recorded but never made into a skill job (the process stopped in between). */
  private async resumePending(): Promise<void> {
    for (const run of await pendingTriggerRuns(this.ctx.db)) await this.startRun(run);
  }

  /** A refused run as a failed skill job under the run's result id (once: a second try meets it). */
  private async recordRefusal(
    run: TriggerRunRow,
    trigger: TriggerRow,
    body: InvokeSkill,
    err: AppError,
  ): Promise<void> {
    const instance = await findSkillInstance(this.ctx.db, run.uid, trigger.skillId);
    const at = this.ctx.clock.date();
    try {
      await insertResult(this.ctx.db, {
        resultId: run.resultId,
        version: 0,
        uid: run.uid,
        createdAt: at,
        updatedAt: at,
        title: titleOf(body.input.query),
        input: body.input,
        status: 'failed',
        type: 'skill',
        actionMeta: {
          type: 'skill',
          name: instance?.tplName ?? 'commonQnA',
          ...(instance ? { displayName: instance.displayName } : {}),
        },
        context: body.context ?? null,
        runOptions: {
          skillName: instance?.tplName ?? 'commonQnA',
          modelItemId: null,
          projectId: null,
          locale: null,
          skillId: trigger.skillId,
          triggerId: trigger.triggerId,
          selectedMcpServers: [],
        },
        errors: [err.code],
      });
    } catch (insertErr) {
      if (!isUniqueViolation(insertErr)) throw insertErr;
    }
  }

  /** Makes the run's skill job and queues it; answers whether this call made it. */
  private async startRun(run: TriggerRunRow): Promise<boolean> {
    const trigger = await findTrigger(this.ctx.db, run.uid, run.triggerId);
    if (!trigger) return false;
    const body: InvokeSkill = {
      input: {
        query: trigger.input?.query.trim() || trigger.displayName,
        ...(trigger.input?.images?.length ? { images: trigger.input.images } : {}),
      },
      context: withResource(trigger.context, run.resourceId),
      tplConfig: trigger.tplConfig ?? undefined,
      skillName: 'commonQnA',
      skillId: trigger.skillId,
      triggerId: trigger.triggerId,
    };
    try {
      const { row } = await this.runs.prepareRun(run.uid, body, 'waiting', { resultId: run.resultId });
      await markTriggerRun(this.ctx.db, run, 'started');
      await enqueueSkillRun(this.ctx, row.resultId, row.version);
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) {
        // another process made it first
        await markTriggerRun(this.ctx.db, run, 'started');
        return false;
      }
      if (err instanceof AppError) {
        // refused as a request would be (no model, quota, a context item gone): recorded, not
        // retried, and shown among the skill's jobs as a failed one with the refusal's code
        this.ctx.log.info(
          { triggerId: run.triggerId, code: err.code, msg: err.message },
          'trigger run refused',
        );
        await this.recordRefusal(run, trigger, body, err);
        await markTriggerRun(this.ctx.db, run, 'failed', `${err.code}: ${err.message}`);
        return false;
      }
      throw err;
    }
  }
}
