/** The text of a locale dictionary (`{ en, 'zh-CN' }`) in the app's language, English otherwise. */
export function pickLocale(dict: Record<string, string> | null | undefined, language: string): string {
  if (!dict) return '';
  return dict[language] ?? dict[language.split('-')[0] ?? ''] ?? dict.en ?? Object.values(dict)[0] ?? '';
}
