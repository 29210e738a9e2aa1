/** The wire shape of library hits (LibrarySearchResult): snippet, highlighted title, source metadata. */
import type { LibrarySearchResult } from '@atelier/contract';
import type { LibraryHit } from './search.service.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title with the query's words wrapped in <mark> (HTML-escaped). */
export function highlight(text: string, query: string): string {
  const words = [...new Set(query.split(/\s+/).filter((w) => w.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  if (!words.length) return escapeHtml(text);
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .map((part, i) => (i % 2 === 1 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join('');
}

export function presentLibraryHit(hit: LibraryHit, query: string): LibrarySearchResult {
  return {
    id: hit.id,
    domain: hit.domain,
    title: hit.title,
    highlightedTitle: highlight(hit.title, query),
    contentPreview: hit.contentPreview,
    snippets: hit.snippet ? [{ text: hit.snippet }] : [],
    score: hit.score,
    metadata: {
      sourceType: 'library',
      entityType: hit.domain,
      entityId: hit.id,
      ...(hit.url ? { url: hit.url } : {}),
    },
    createdAt: hit.createdAt.toISOString(),
    updatedAt: hit.updatedAt.toISOString(),
  };
}
