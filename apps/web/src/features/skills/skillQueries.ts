/** Skill instances, built-in skills, triggers and jobs through the typed API hooks. */
import { useEffect, useState } from 'react';
import type { SkillTrigger } from '@atelier/contract';
import { useApiMutation, useApiQuery, useInvalidateRoutes } from '../../api/apiQuery';

export function useBuiltInSkills() {
  return useApiQuery('skill.list');
}

export function useSkillInstances() {
  return useApiQuery('skill.instance.list', { query: { pageSize: 100, sortByPin: true } });
}

/** One instance of the caller's (an empty answer when it is not theirs or does not exist). */
export function useSkillInstance(skillId: string) {
  return useApiQuery('skill.instance.list', { query: { skillId, pageSize: 1 } });
}

export function useSkillTriggers(skillId: string) {
  return useApiQuery('skill.trigger.list', { query: { skillId, pageSize: 100, order: 'creationAsc' } });
}

export function useSkillJobs(skillId: string) {
  // while a job is queued or running, look again every 2 s
  return useApiQuery(
    'action.list',
    { query: { skillId, pageSize: 50, order: 'creationDesc' } },
    {
      refetchInterval: (q) =>
        (q.state.data ?? []).some((r) => r.status === 'waiting' || r.status === 'executing') ? 2000 : false,
    },
  );
}

/** How long past its time a due trigger is looked for again (a stopped worker, a wrong clock). */
const DUE_LOOK_FOR = 120_000;
/** While a due trigger's job has not started, look again this often. */
const DUE_RECHECK = 2_000;
/** Wake at least this often while a trigger is far ahead (a timer cannot wait weeks). */
const LONGEST_WAIT = 3_600_000;

/**
 * When to look for a timer trigger's job, in ms from `now`: just after the soonest enabled
 * trigger's `nextRunAt`, every 2 s while it is overdue and has not run (the worker starts it within
 * its poll interval), never once it is two minutes overdue or when nothing is scheduled.
 */
export function triggerCheckDelay(triggers: readonly SkillTrigger[], now: number): number | null {
  let soonest = Infinity;
  for (const trigger of triggers) {
    const at = trigger.enabled && trigger.nextRunAt ? Date.parse(trigger.nextRunAt) : NaN;
    if (Number.isFinite(at) && at < soonest) soonest = at;
  }
  if (soonest === Infinity || now - soonest > DUE_LOOK_FOR) return null;
  if (soonest <= now) return DUE_RECHECK;
  return Math.min(soonest - now + 500, LONGEST_WAIT);
}

/**
 * Refreshes the jobs and the triggers when one of `triggers` is due, so the job it starts shows
 * up on the page that is open (the jobs list then follows it while it runs) without a reload.
 */
export function useRefreshWhenTriggersRun(triggers: readonly SkillTrigger[] | undefined): void {
  const invalidate = useInvalidateRoutes();
  // a refetch that answers the same rows keeps their reference: the tick looks again anyway
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const delay = triggerCheckDelay(triggers ?? [], Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => {
      void invalidate(['action.list', 'skill.trigger.list']).finally(() => setTick((n) => n + 1));
    }, delay);
    return () => clearTimeout(timer);
  }, [triggers, tick, invalidate]);
}

/** Any instance change refreshes the instance list (and the triggers, which go with a deleted instance). */
export function useSkillMutations() {
  const invalidates = ['skill.instance.list', 'skill.trigger.list'] as const;
  return {
    create: useApiMutation('skill.instance.new', { invalidates }),
    update: useApiMutation('skill.instance.update', { invalidates }),
    remove: useApiMutation('skill.instance.delete', { invalidates }),
    pin: useApiMutation('skill.instance.pin', { invalidates }),
    unpin: useApiMutation('skill.instance.unpin', { invalidates }),
  };
}

export function useTriggerMutations() {
  const invalidates = ['skill.trigger.list'] as const;
  return {
    create: useApiMutation('skill.trigger.new', { invalidates }),
    update: useApiMutation('skill.trigger.update', { invalidates }),
    remove: useApiMutation('skill.trigger.delete', { invalidates }),
  };
}
