/**
 * Citations as structured data beside the text (issue 32 §3; spec section 9: markers are
 * normalised and never shown). An answer's text is stored clean; what it cites is kept as
 * - `CitationSource`: one numbered source of the run (type, id, title, address), and
 * - `CitationAnchor`: where in the clean text source N is cited (a character offset).
 * Issue 36 grows the anchor (quote, range in the source, page, verification) without changing
 * the text. The model still writes markers (`[1]`, `[citation:1]`, `【1】`, `[[citation:1]]`):
 * `extractCitations` turns marked text into clean text plus anchors, `placeCitations` draws
 * anchors back into a text in whatever form a surface needs (a badge, a footnote, a link).
 */
import { z } from 'zod';

export const CitationSourceKindSchema = z.enum(['document', 'resource', 'canvas', 'content', 'url']);
export type CitationSourceKind = z.infer<typeof CitationSourceKindSchema>;

export const CitationSourceSchema = z.object({
  /** 1-based, as the model saw it in the prompt. */
  index: z.number().int().positive(),
  title: z.string(),
  kind: CitationSourceKindSchema,
  /** The library item cited (document, resource, canvas). */
  entityId: z.string().optional(),
  /** The web address cited. */
  url: z.string().optional(),
});
export type CitationSource = z.infer<typeof CitationSourceSchema>;

export const CitationAnchorSchema = z.object({
  /** The cited source's index. */
  index: z.number().int().positive(),
  /** Offset in the clean text (UTF-16 code units) the citation follows. */
  at: z.number().int().nonnegative(),
});
export type CitationAnchor = z.infer<typeof CitationAnchorSchema>;

/** Every marker form the models write; one of groups 1–4 is the number. `[1](url)` is a link. */
export const CITATION_MARKER_SOURCE = String.raw`\[\[citation:(\d{1,3})\]\]|\[citation:(\d{1,3})\]|【(\d{1,3})】|\[(\d{1,3})\](?!\()`;

/** The stored forms only (`[[citation:N]]`, `[citation:N]`): what old data may still hold. */
export const STORED_MARKER_SOURCE = String.raw`\[\[citation:(\d{1,3})\]\]|\[citation:(\d{1,3})\]`;

/** A stored marker with the spaces before it: what removing one takes out of the text. */
export const STORED_MARKER_WITH_SPACE_SOURCE = String.raw`[ \t]*(?:${STORED_MARKER_SOURCE})`;

/** Plain text: stored markers removed with the spaces before them. */
export function stripStoredMarkers(text: string): string {
  return text.replace(new RegExp(STORED_MARKER_WITH_SPACE_SOURCE, 'g'), '');
}

/** True when a text still holds a stored marker (`[[citation:N]]` or `[citation:N]`). */
export function hasStoredMarkers(text: string): boolean {
  return new RegExp(STORED_MARKER_SOURCE).test(text);
}

/**
 * Clean text and anchors from text with markers. `forms: 'stored'` only takes the stored forms
 * (for text a person wrote, where `[1]` may be theirs); 'all' also the bare forms models write.
 * A marker is removed with the spaces before it; its anchor is where the text before it ends.
 * `base` offsets the anchors (the text continues an earlier one).
 */
export function extractCitations(
  marked: string,
  forms: 'all' | 'stored' = 'all',
  base = 0,
): { text: string; citations: CitationAnchor[] } {
  const re = new RegExp(`[ \\t]*(?:${forms === 'all' ? CITATION_MARKER_SOURCE : STORED_MARKER_SOURCE})`, 'g');
  const citations: CitationAnchor[] = [];
  let text = '';
  let last = 0;
  for (const m of marked.matchAll(re)) {
    text += marked.slice(last, m.index);
    const n = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
    if (n > 0) citations.push({ index: n, at: base + text.length });
    last = m.index + m[0].length;
  }
  text += marked.slice(last);
  return { text, citations };
}

/**
 * Legacy-safe read of a stored text and its anchors: markers left in the text (data written
 * before citations were structured) become anchors too, so no surface ever shows one.
 */
export function cleanCitations(
  text: string,
  citations: readonly CitationAnchor[] = [],
): { text: string; citations: CitationAnchor[] } {
  if (!hasStoredMarkers(text)) return { text, citations: [...citations] };
  // anchors already given point into the clean text; the text held no marker when they were made
  const out = extractCitations(text, 'stored');
  return { text: out.text, citations: [...citations, ...out.citations].sort((a, b) => a.at - b.at) };
}

/**
 * Draws anchors into a text: `render(anchor, position)` gives what goes at `anchor.at`
 * (position counts the anchors drawn so far). Anchors past the end go at the end; anchors at the
 * same offset keep their order.
 */
export function placeCitations(
  text: string,
  citations: readonly CitationAnchor[],
  render: (anchor: CitationAnchor, position: number) => string,
): string {
  if (!citations.length) return text;
  const sorted = citations
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.at - b.c.at || a.i - b.i)
    .map((x) => x.c);
  let out = '';
  let last = 0;
  sorted.forEach((anchor, position) => {
    const at = Math.min(Math.max(anchor.at, last), text.length);
    out += text.slice(last, at) + render(anchor, position);
    last = at;
  });
  return out + text.slice(last);
}

/** Anchors of texts joined by `separator` (an answer's steps), shifted to the joined text. */
export function joinCited(
  parts: ReadonlyArray<{ text: string; citations?: readonly CitationAnchor[] }>,
  separator: string,
): { text: string; citations: CitationAnchor[] } {
  let text = '';
  const citations: CitationAnchor[] = [];
  for (const part of parts) {
    if (!part.text && !part.citations?.length) continue;
    const clean = cleanCitations(part.text, part.citations ?? []);
    if (text) text += separator;
    const base = text.length;
    for (const c of clean.citations) citations.push({ index: c.index, at: base + c.at });
    text += clean.text;
  }
  return { text, citations };
}

/** Anchors read from stored JSON (structured data), invalid entries left out. */
export function anchorsOf(value: unknown): CitationAnchor[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = CitationAnchorSchema.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Cited sources read from stored JSON (structured data), invalid entries left out. */
export function citationSourcesOf(value: unknown): CitationSource[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = CitationSourceSchema.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Raw markers inside a document's Markdown (written there before citations were structured,
 * e.g. by an accepted editor suggestion; Markdown escapes them as `\[\[citation:1\]\]`) removed
 * with the spaces before them. A person's own `[1]` is left alone.
 */
const DOC_MARKER = /[ \t]*\\?\[\\?\[citation:\d{1,3}\\?\]\\?\]|[ \t]*\\?\[citation:\d{1,3}\\?\]/g;

export function stripDocumentMarkers(markdown: string): string {
  return markdown.replace(DOC_MARKER, '');
}

/** Whether a document's Markdown (or plain text) still holds a raw marker. */
export function hasDocumentMarkers(markdown: string): boolean {
  return new RegExp(DOC_MARKER.source).test(markdown);
}

/** Where a cited source opens: its web address, or the app's page of a library item. */
export function sourceHref(
  source: Pick<CitationSource, 'url' | 'entityId'> & { kind?: string },
): string | null {
  if (source.url && /^https?:\/\//i.test(source.url)) return source.url;
  if (!source.entityId) return null;
  const id = encodeURIComponent(source.entityId);
  if (source.kind === 'document') return `/documents/${id}`;
  if (source.kind === 'resource') return `/library/resources/${id}`;
  if (source.kind === 'canvas') return `/canvas/${id}`;
  return null;
}
