/**
 * When a timer trigger runs: its first time (`datetime`) and, with `repeatInterval`, every hour,
 * day, week, month or year after it. Days, weeks, months and years are counted on the calendar
 * of the trigger's time zone (`timeZone`, else the fixed offset written in `datetime`), so a daily
 * 09:00 stays at 09:00 local time across a daylight-saving change; hours are absolute (60 min).
 *
 * The n-th run is always computed from the first (`datetime + n × interval`), never from the run
 * before it: a monthly trigger on Jan 31 runs Feb 28 (29 in a leap year), then Mar 31, Apr 30…
 * A yearly trigger on Feb 29 runs Feb 28 in other years. A local time that does not exist on a
 * day (skipped by a spring-forward change) runs at the same offset-shifted instant luxon gives,
 * i.e. one hour later; an ambiguous one (autumn) runs at its first (earlier) instance.
 */
import type { RepeatInterval, TimerConfig } from '@atelier/contract';
import { DateTime, IANAZone } from 'luxon';
import { badRequest } from '../../lib/errors.js';

const UNIT: Record<RepeatInterval, 'hours' | 'days' | 'weeks' | 'months' | 'years'> = {
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  year: 'years',
};

/** The first run as a luxon DateTime in the trigger's zone; E0003 for a bad date or zone. */
export function anchorOf(config: TimerConfig): DateTime {
  const parsed = DateTime.fromISO(config.datetime, { setZone: true });
  if (!parsed.isValid) throw badRequest('timerConfig.datetime: not a valid date and time');
  if (config.timeZone === undefined) return parsed;
  if (!IANAZone.isValidZone(config.timeZone)) {
    throw badRequest(`timerConfig.timeZone: unknown time zone "${config.timeZone}"`);
  }
  return parsed.setZone(config.timeZone);
}

/** The n-th run (0: the first). */
export function occurrence(config: TimerConfig, n: number): DateTime {
  const anchor = anchorOf(config);
  if (n === 0 || !config.repeatInterval) return anchor;
  return anchor.plus({ [UNIT[config.repeatInterval]]: n });
}

/**
 * The first run at or after `atMs` (`strict`: after it), or null when there is none (a one-off
 * whose time has passed).
 */
export function nextRunAt(config: TimerConfig, atMs: number, strict = false): Date | null {
  const anchor = anchorOf(config);
  const due = (ms: number) => (strict ? ms > atMs : ms >= atMs);
  if (due(anchor.toMillis())) return anchor.toJSDate();
  if (!config.repeatInterval) return null;
  const unit = UNIT[config.repeatInterval];
  // Estimate the count of whole intervals since the first run, then step to the exact one.
  const at = DateTime.fromMillis(atMs, { zone: anchor.zone });
  let n = Math.max(1, Math.floor(at.diff(anchor, unit).as(unit)) - 1);
  for (let guard = 0; guard < 10; guard++, n++) {
    const run = anchor.plus({ [unit]: n });
    if (due(run.toMillis())) return run.toJSDate();
  }
  throw new Error(`no ${config.repeatInterval} run found after ${new Date(atMs).toISOString()}`);
}
