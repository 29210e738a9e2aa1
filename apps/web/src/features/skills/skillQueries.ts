/** Skill instances, built-in skills, triggers and jobs through the typed API hooks. */
import { useApiMutation, useApiQuery } from '../../api/apiQuery';

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
