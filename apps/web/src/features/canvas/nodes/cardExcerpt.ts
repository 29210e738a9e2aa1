/** The part of a long Markdown text a card draws: whole lines, up to about `max` characters. */
export const CARD_EXCERPT_CHARS = 1500;

export function cardExcerpt(markdown: string, max = CARD_EXCERPT_CHARS): string {
  if (markdown.length <= max) return markdown;
  const cut = markdown.lastIndexOf('\n', max);
  // a fence opened in the excerpt and not closed would turn the rest into code: close it
  const text = markdown.slice(0, cut > max / 2 ? cut : max);
  const fences = text.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0;
  return fences % 2 ? `${text}\n\`\`\`` : text;
}

/**
 * The Markdown without a first heading that only repeats `title` (a card or slide shows the title
 * already), as the exports do.
 */
export function withoutLeadingTitle(markdown: string, title: string): string {
  const m = /^\s*#{1,6}[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(markdown);
  if (!m || m[1]!.trim() !== title.trim()) return markdown;
  return markdown.slice(m[0].length);
}
