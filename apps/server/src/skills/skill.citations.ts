/**
 * Citation markers in model text: every accepted form (`[1]`, `[citation:1]`, `【1】`,
 * `[[citation:1]]`) normalised to `[[citation:N]]`, also across streamed chunk boundaries, then
 * taken out of the text as anchors (`createCitationExtractor`): the stored and streamed answer is
 * clean text, its citations are structured data beside it (`@atelier/contract` citation.ts).
 * `citationsToLinks` writes them into text saved outside the answer (documents get `[n]` links to
 * the cited page or item), `stripCitations` drops them from plain text.
 */
import {
  CITATION_MARKER_SOURCE,
  extractCitations,
  placeCitations,
  sourceHref,
  type CitationAnchor,
  type CitationSource,
} from '@atelier/contract';

export type { CitationAnchor, CitationSource } from '@atelier/contract';

// `[1](http…)` is a Markdown link, not a citation; `[[citation:1]]` is kept (and not matched twice).
const MARKER = new RegExp(CITATION_MARKER_SOURCE, 'g');

export function normalizeCitations(text: string): string {
  return text.replace(MARKER, (...m: Array<string | undefined>) => {
    const n = m[1] ?? m[2] ?? m[3] ?? m[4];
    return `[[citation:${Number(n)}]]`;
  });
}

/** Plain text: markers removed, with the space before a removed marker. */
export function stripCitations(text: string): string {
  return text.replace(new RegExp(`[ \\t]*(?:${MARKER.source})`, 'g'), '');
}

/**
 * Markdown for a document: each `[[citation:N]]` (after normalising) becomes a link `[N]` to its
 * source; a marker without a source (or one that opens nowhere) is removed like in plain text.
 * Converting a prefix of a text gives a prefix of the converted text, so it is safe mid-stream.
 */
export function citationsToLinks(text: string, sources: CitationSource[]): string {
  const byIndex = new Map(sources.map((s) => [s.index, s]));
  return normalizeCitations(text).replace(
    /([ \t]*)\[\[citation:(\d+)\]\]/g,
    (_m, space: string, n: string) => {
      const link = citationLink(byIndex.get(Number(n)), Number(n));
      return link ? `${space}${link}` : '';
    },
  );
}

/** The sources the text cites, in order of first citation; markers without a source are ignored. */
export function citedSources(text: string, sources: CitationSource[]): CitationSource[] {
  const byIndex = new Map(sources.map((s) => [s.index, s]));
  const out: CitationSource[] = [];
  for (const m of normalizeCitations(text).matchAll(/\[\[citation:(\d+)\]\]/g)) {
    const source = byIndex.get(Number(m[1]));
    if (source && !out.includes(source)) out.push(source);
  }
  return out;
}

/** The longest tail that could still become a marker: `[`, `[[cit`, `【12`, `[3` (not yet `]`). */
const PARTIAL_TAIL =
  /(?:\[\[?(?:c(?:i(?:t(?:a(?:t(?:i(?:o(?:n(?::\d{0,3})?)?)?)?)?)?)?)?|\d{1,3})?\]?|【\d{0,3}|\[\d{1,3}\])$/;

/**
 * Normalises a stream of text deltas: a chunk ending in what may be the start of a marker is held
 * back until the next chunk decides it. `[1]` at a chunk end is held too, since `(` may follow.
 */
export function createCitationNormalizer(): { push(delta: string): string; flush(): string } {
  let held = '';
  return {
    push(delta) {
      const text = held + delta;
      const tail = PARTIAL_TAIL.exec(text);
      const cut = tail ? tail.index : text.length;
      held = text.slice(cut);
      return normalizeCitations(text.slice(0, cut));
    },
    flush() {
      const rest = normalizeCitations(held);
      held = '';
      return rest;
    },
  };
}

/** The Markdown of one citation in a document: a `[N]` link to its source ('' when it opens nowhere). */
export function citationLink(source: CitationSource | undefined, label: number): string {
  const href = source ? sourceHref(source) : null;
  if (!href) return '';
  const title = source!.title ? ` "${source!.title.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"` : '';
  return `[\\[${label}\\]](${href}${title})`;
}

/** Clean text and its anchors as Markdown with `[N]` links to the sources (answer → document). */
export function anchorsToLinks(text: string, citations: CitationAnchor[], sources: CitationSource[]): string {
  const byIndex = new Map(sources.map((s) => [s.index, s]));
  return placeCitations(text, citations, (c) => {
    const link = citationLink(byIndex.get(c.index), c.index);
    return link ? ` ${link}` : '';
  });
}

/** The sources cited by anchors, in order of first citation; anchors without a source are ignored. */
export function anchoredSources(citations: CitationAnchor[], sources: CitationSource[]): CitationSource[] {
  const byIndex = new Map(sources.map((s) => [s.index, s]));
  const out: CitationSource[] = [];
  for (const c of [...citations].sort((a, b) => a.at - b.at)) {
    const source = byIndex.get(c.index);
    if (source && !out.includes(source)) out.push(source);
  }
  return out;
}

/**
 * A stream of model text deltas as clean deltas and anchors: markers (in any form, split across
 * chunks or not) never come out; each one becomes an anchor at the clean offset it follows.
 * Spaces at a chunk's end are held until the next chunk shows whether a marker follows them.
 */
export function createCitationExtractor(): {
  push(delta: string): { text: string; citations: CitationAnchor[] };
  flush(): { text: string; citations: CitationAnchor[] };
  /** The clean text so far. */
  readonly length: number;
} {
  const normalizer = createCitationNormalizer();
  let held = '';
  let length = 0;
  const take = (normalized: string, final: boolean) => {
    const text = held + normalized;
    const tail = final ? null : /[ \t]+$/.exec(text);
    const cut = tail ? tail.index : text.length;
    held = text.slice(cut);
    const out = extractCitations(text.slice(0, cut), 'stored', length);
    length += out.text.length;
    return out;
  };
  return {
    push: (delta) => take(normalizer.push(delta), false),
    flush: () => take(normalizer.flush(), true),
    get length() {
      return length;
    },
  };
}
