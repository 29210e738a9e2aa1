import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { nextRunAt, occurrence } from './trigger.schedule.js';

const ms = (iso: string) => Date.parse(iso);
const runs = (config: Parameters<typeof occurrence>[0], count: number) =>
  Array.from({ length: count }, (_, n) => occurrence(config, n).toUTC().toISO());

describe('timer trigger schedule', () => {
  it('counts calendar months from the first run: Jan 31 → Feb 28/29 → Mar 31 → Apr 30', () => {
    const config = { datetime: '2027-01-31T09:00:00Z', repeatInterval: 'month' as const };
    expect(runs(config, 4)).toEqual([
      '2027-01-31T09:00:00.000Z',
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
    ]);
    // a leap year
    expect(runs({ ...config, datetime: '2028-01-31T09:00:00Z' }, 3)[1]).toBe('2028-02-29T09:00:00.000Z');
  });

  it('a yearly run on Feb 29 falls on Feb 28 in other years and on Feb 29 again in leap years', () => {
    const config = { datetime: '2028-02-29T12:00:00Z', repeatInterval: 'year' as const };
    expect(runs(config, 5)).toEqual([
      '2028-02-29T12:00:00.000Z',
      '2029-02-28T12:00:00.000Z',
      '2030-02-28T12:00:00.000Z',
      '2031-02-28T12:00:00.000Z',
      '2032-02-29T12:00:00.000Z',
    ]);
  });

  it('keeps the local time of a daily run across daylight-saving changes in the time zone', () => {
    // Europe/Paris: CET (+01:00) until 2027-03-28 02:00, then CEST (+02:00)
    const config = {
      datetime: '2027-03-27T09:00:00+01:00',
      repeatInterval: 'day' as const,
      timeZone: 'Europe/Paris',
    };
    expect(runs(config, 2)).toEqual(['2027-03-27T08:00:00.000Z', '2027-03-28T07:00:00.000Z']);
    // autumn: back to +01:00 on 2027-10-31
    const autumn = { ...config, datetime: '2027-10-30T09:00:00+02:00' };
    expect(runs(autumn, 2)).toEqual(['2027-10-30T07:00:00.000Z', '2027-10-31T08:00:00.000Z']);
  });

  it('without a time zone counts on the fixed offset of datetime; hours are absolute', () => {
    const fixed = { datetime: '2027-03-27T09:00:00+01:00', repeatInterval: 'day' as const };
    expect(runs(fixed, 2)).toEqual(['2027-03-27T08:00:00.000Z', '2027-03-28T08:00:00.000Z']);
    // hourly across the spring-forward hour in Paris: every 60 minutes of real time
    const hourly = {
      datetime: '2027-03-28T01:30:00+01:00',
      repeatInterval: 'hour' as const,
      timeZone: 'Europe/Paris',
    };
    expect(runs(hourly, 2)).toEqual(['2027-03-28T00:30:00.000Z', '2027-03-28T01:30:00.000Z']);
  });

  it('a local time skipped by spring-forward runs an hour later that day', () => {
    // New York springs forward 2027-03-14 02:00 → 03:00; 02:30 does not exist that day
    const config = {
      datetime: '2027-03-13T02:30:00-05:00',
      repeatInterval: 'day' as const,
      timeZone: 'America/New_York',
    };
    expect(runs(config, 3)).toEqual([
      '2027-03-13T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z', // 03:30 EDT
      '2027-03-15T06:30:00.000Z', // 02:30 EDT again
    ]);
  });

  it('answers the next run at or after a time, and only one even after many missed periods', () => {
    const config = { datetime: '2027-01-31T09:00:00Z', repeatInterval: 'month' as const };
    expect(nextRunAt(config, ms('2027-01-01T00:00:00Z'))?.toISOString()).toBe('2027-01-31T09:00:00.000Z');
    expect(nextRunAt(config, ms('2027-01-31T09:00:00Z'))?.toISOString()).toBe('2027-01-31T09:00:00.000Z');
    expect(nextRunAt(config, ms('2027-01-31T09:00:00Z'), true)?.toISOString()).toBe(
      '2027-02-28T09:00:00.000Z',
    );
    expect(nextRunAt(config, ms('2031-07-15T00:00:00Z'))?.toISOString()).toBe('2031-07-31T09:00:00.000Z');
    const hourly = { datetime: '2027-01-01T00:00:00Z', repeatInterval: 'hour' as const };
    expect(nextRunAt(hourly, ms('2027-01-01T03:00:00Z'), true)?.toISOString()).toBe(
      '2027-01-01T04:00:00.000Z',
    );
    const weekly = { datetime: '2027-01-01T00:00:00Z', repeatInterval: 'week' as const };
    expect(nextRunAt(weekly, ms('2027-01-09T00:00:00Z'))?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('a one-off has no run after its time', () => {
    const once = { datetime: '2027-01-01T00:00:00Z' };
    expect(nextRunAt(once, ms('2026-12-31T00:00:00Z'))?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextRunAt(once, ms('2027-01-01T00:00:00Z'), true)).toBeNull();
  });

  it('refuses an unknown time zone with E0003', () => {
    const bad = { datetime: '2027-01-01T00:00:00Z', timeZone: 'Mars/Olympus' };
    expect(() => nextRunAt(bad, 0)).toThrow(AppError);
    expect(() => nextRunAt(bad, 0)).toThrow(/unknown time zone/);
  });
});
