import { describe, expect, it } from 'vitest';
import type { SkillTrigger } from '@atelier/contract';
import { triggerCheckDelay } from './skillQueries';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function trigger(nextRunAt: string | null, enabled = true): SkillTrigger {
  return {
    triggerId: `t-${nextRunAt}`,
    skillId: 's',
    displayName: 'T',
    triggerType: 'timer',
    enabled,
    nextRunAt,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  };
}

describe('triggerCheckDelay', () => {
  it('looks half a second after the soonest enabled trigger is due', () => {
    const triggers = [
      trigger('2026-11-28T10:05:00.000Z'),
      trigger('2026-11-28T10:00:20.000Z'),
      trigger('2026-11-28T10:00:05.000Z', false),
    ];
    expect(triggerCheckDelay(triggers, NOW)).toBe(20_500);
  });

  it('looks again every 2 s while a due trigger has not run, and stops two minutes past its time', () => {
    expect(triggerCheckDelay([trigger('2026-11-28T09:59:59.000Z')], NOW)).toBe(2_000);
    expect(triggerCheckDelay([trigger('2026-11-28T09:58:00.000Z')], NOW)).toBe(2_000);
    expect(triggerCheckDelay([trigger('2026-11-28T09:57:59.000Z')], NOW)).toBeNull();
  });

  it('waits at most an hour at a time for a far trigger', () => {
    expect(triggerCheckDelay([trigger('2026-12-20T10:00:00.000Z')], NOW)).toBe(3_600_000);
  });

  it('has nothing to look for without a scheduled, enabled trigger', () => {
    expect(triggerCheckDelay([], NOW)).toBeNull();
    expect(triggerCheckDelay([trigger(null), trigger('2026-11-28T10:01:00.000Z', false)], NOW)).toBeNull();
  });
});
