/**
 * The maintenance window of /system/config ("21:00"–"23:00" in a time zone, default Beijing
 * time) turned into instants: the next (or current) occurrence and whether it is under way.
 */

export interface MaintenanceConfig {
  enabled: boolean;
  start: string;
  end: string;
  timezone: string;
}

export interface MaintenanceWindow {
  startAt: number;
  endAt: number;
  active: boolean;
}

const DAY_MS = 86_400_000;

function parseHm(value: string): [number, number] | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? [h, min] : null;
}

/** Calendar date and UTC offset of `timeZone` at the instant `at`. */
function zoned(timeZone: string, at: number): { y: number; m: number; d: number; offsetMs: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return { y: get('year'), m: get('month'), d: get('day'), offsetMs: asUtc - Math.floor(at / 1000) * 1000 };
}

/** The occurrence of the window that is under way or comes next; null when off or malformed. */
export function maintenanceWindowAt(config: MaintenanceConfig, now: number): MaintenanceWindow | null {
  if (!config.enabled) return null;
  const start = parseHm(config.start);
  const end = parseHm(config.end);
  if (!start || !end) return null;
  let today: ReturnType<typeof zoned>;
  try {
    today = zoned(config.timezone, now);
  } catch {
    return null; // unknown time zone
  }
  const base = Date.UTC(today.y, today.m - 1, today.d) - today.offsetMs;
  const length = ((end[0] * 60 + end[1] - (start[0] * 60 + start[1]) + 1440) % 1440 || 1440) * 60_000;
  // yesterday's window may run past midnight, so look at yesterday, today and tomorrow
  for (const dayShift of [-1, 0, 1]) {
    const startAt = base + dayShift * DAY_MS + (start[0] * 60 + start[1]) * 60_000;
    const endAt = startAt + length;
    if (now < endAt) return { startAt, endAt, active: now >= startAt };
  }
  return null;
}

/** "21:00" style clock time of an instant in a time zone (the user's own when omitted). */
export function clockTime(at: number, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(at));
}
