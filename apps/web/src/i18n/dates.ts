/**
 * The one way dates are shown: medium date and short time in the interface language (e.g.
 * "Dec 2, 2026, 2:05 PM", "2026年12月2日 14:05"), or the date alone where the time means nothing
 * (billing periods). Every screen formats through these, so a date looks the same everywhere.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function cached(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      language,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    formats.set(key, format);
  }
  return format;
}

/** The date-and-time format of `language`. */
export function dateTimeFormat(language: string): Intl.DateTimeFormat {
  return cached(language, true);
}

/** The date-only format of `language`. */
export function dateFormat(language: string): Intl.DateTimeFormat {
  return cached(language, false);
}

/** A timestamp (ISO string, epoch ms or Date) as date and time; '—' when there is none. */
export function formatDateTime(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat(language).format(date);
}
