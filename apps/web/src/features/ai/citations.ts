/**
 * Citations on the web side (spec section 9, issue 32 §3). The server stores and streams answers
 * without markers, their citations beside the text as anchors (`@atelier/contract` citation.ts);
 * `Markdown` draws them as `[N]` badges linked to the source. Text written before that may still
 * hold `[[citation:N]]` or `[citation:N]`: drawn the same way, and removed wherever text is shown
 * plain (previews, "Earlier in this thread", search snippets). An answer written into a document
 * gets `[N]` links (`citedMarkdown`), never a marker.
 */
import { placeCitations, sourceHref, stripStoredMarkers, type CitationAnchor } from '@atelier/contract';

/** Any stored marker form; group 1 or 2 is the number. */
export const CITATION_MARKER = /\[\[citation:(\d{1,3})\]\]|\[citation:(\d{1,3})\]/g;

/** The label a citation shows wherever it is drawn. */
export const citationLabel = (n: number) => `[${n}]`;

/** Plain text: markers removed with the space before them. */
export const stripCitationMarkers = stripStoredMarkers;

/**
 * An answer with its citations as Markdown for a document (what an accepted editor suggestion
 * inserts): each citation a `[n]` link to its source, numbered on from the citations the document
 * already has (`existing`: address → number), so one source keeps one number in the document and
 * a new one takes the next free number. A citation whose source opens nowhere is left out.
 */
export function citedMarkdown(
  text: string,
  anchors: readonly CitationAnchor[],
  sources: ReadonlyArray<{ index: number; title: string; kind?: string; entityId?: string; url?: string }>,
  existing: ReadonlyMap<string, number> = new Map(),
): string {
  const byIndex = new Map(sources.map((s) => [s.index, s]));
  const numbers = new Map(existing);
  let next = Math.max(0, ...numbers.values()) + 1;
  return placeCitations(text, anchors, (anchor) => {
    const source = byIndex.get(anchor.index);
    const href = source ? sourceHref(source) : null;
    if (!source || !href) return '';
    let n = numbers.get(href);
    if (n === undefined) {
      n = next++;
      numbers.set(href, n);
    }
    const title = source.title ? ` "${source.title.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"` : '';
    return ` [\\[${n}\\]](${href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}${title})`;
  });
}

/** The citations an answer written into a document keeps: those whose source opens somewhere. */
export function insertableCitations(
  anchors: readonly CitationAnchor[],
  sources: ReadonlyArray<{ index: number; kind?: string; entityId?: string; url?: string }>,
): CitationAnchor[] {
  const opens = new Set(sources.filter((s) => sourceHref(s)).map((s) => s.index));
  return anchors.filter((a) => opens.has(a.index));
}
