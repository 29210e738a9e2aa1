import { describe, expect, it } from 'vitest';
import { clockTime, maintenanceWindowAt } from './maintenanceWindow';

const beijing = { enabled: true, start: '21:00', end: '23:00', timezone: 'Asia/Shanghai' };
const at = (iso: string) => Date.parse(iso);

describe('maintenance window', () => {
  it('is off unless enabled', () => {
    expect(maintenanceWindowAt({ ...beijing, enabled: false }, at('2026-03-01T12:00:00Z'))).toBeNull();
  });

  it('announces 21:00–23:00 Beijing time (13:00–15:00 UTC) ahead of time', () => {
    const slot = maintenanceWindowAt(beijing, at('2026-03-01T05:00:00Z'));
    expect(slot).toEqual({
      startAt: at('2026-03-01T13:00:00Z'),
      endAt: at('2026-03-01T15:00:00Z'),
      active: false,
    });
    expect(clockTime(slot?.startAt ?? 0, 'en', 'Asia/Shanghai')).toBe('21:00');
  });

  it('is active inside the window and moves to the next day after it', () => {
    expect(maintenanceWindowAt(beijing, at('2026-03-01T14:00:00Z'))?.active).toBe(true);
    expect(maintenanceWindowAt(beijing, at('2026-03-01T15:30:00Z'))?.startAt).toBe(
      at('2026-03-02T13:00:00Z'),
    );
  });

  it('handles a window that runs past midnight', () => {
    const night = { enabled: true, start: '23:30', end: '00:30', timezone: 'UTC' };
    expect(maintenanceWindowAt(night, at('2026-03-02T00:10:00Z'))).toEqual({
      startAt: at('2026-03-01T23:30:00Z'),
      endAt: at('2026-03-02T00:30:00Z'),
      active: true,
    });
  });

  it('ignores malformed times and unknown zones', () => {
    expect(maintenanceWindowAt({ ...beijing, start: '9pm' }, 0)).toBeNull();
    expect(maintenanceWindowAt({ ...beijing, timezone: 'Mars/Olympus' }, 0)).toBeNull();
  });
});
