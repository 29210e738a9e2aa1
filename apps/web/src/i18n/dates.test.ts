import { describe, expect, it } from 'vitest';
import { dateFormat, dateTimeFormat, formatDateTime } from './dates';

describe('dates', () => {
  // noon of December 2 where the test runs (dates are shown in the local time zone)
  const at = new Date(2026, 11, 2, 12, 5).toISOString();

  it('shows date and time in the interface language, the same way each time', () => {
    expect(formatDateTime(at, 'en')).toBe(dateTimeFormat('en').format(new Date(at)));
    expect(formatDateTime(at, 'en')).toMatch(/^Dec 2, 2026, 12:05\s?PM$/);
    expect(formatDateTime(at, 'zh-CN')).toMatch(/^2026年12月2日 12:05$/);
    expect(dateTimeFormat('en')).toBe(dateTimeFormat('en'));
  });

  it('has a date-only form and a dash for no date', () => {
    expect(dateFormat('en').format(new Date(at))).toBe('Dec 2, 2026');
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime(undefined, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });
});
