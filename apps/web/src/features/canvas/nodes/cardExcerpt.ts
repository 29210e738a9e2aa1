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
