/**
 * Citation markers on the web side (spec section 9). The server stores answers with one form,
 * `[[citation:N]]`; older text may still hold `[citation:N]`. `Markdown` draws them as `[N]`
 * links to the source (the same `[N]` documents get as real links); everywhere text is shown
 * plain (previews, "Earlier in this thread", search snippets) they are removed.
 */

/** Any stored marker form; group 1 or 2 is the number. */
export const CITATION_MARKER = /\[\[citation:(\d{1,3})\]\]|\[citation:(\d{1,3})\]/g;

/** The label a citation shows wherever it is drawn. */
export const citationLabel = (n: number) => `[${n}]`;

/** Plain text: markers removed with the space before them. */
export function stripCitationMarkers(text: string): string {
  return text.replace(/[ \t]*(?:\[\[citation:\d{1,3}\]\]|\[citation:\d{1,3}\])/g, '');
}
