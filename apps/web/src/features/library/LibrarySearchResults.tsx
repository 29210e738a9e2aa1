/**
 * Workspace hits for a query (POST /search over canvases, documents, resources and threads): title, type and
 * a snippet around the first match, words of the query marked. Used by the home search box.
 */
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Empty, Spin, Tag } from 'antd';
import { AppstoreOutlined, FileTextOutlined, MessageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import type { LibrarySearchResult, SearchDomain, SearchResult } from '@atelier/contract';
import { useApiQuery } from '../../api/apiQuery';
import { plainPreview, useLocalizedPreview } from './resourceUtils';
import { useTranslation } from 'react-i18next';
import './library.css';

const DEBOUNCE_MS = 300;
const SNIPPET_CHARS = 220;

const isLibraryHit = (hit: SearchResult): hit is LibrarySearchResult => 'domain' in hit;

function wordsOf(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
}

/** A window of the text around the first word of the query. */
export function snippetAround(text: string, query: string, size = SNIPPET_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  const lower = flat.toLowerCase();
  const at = Math.min(
    ...wordsOf(query)
      .map((w) => lower.indexOf(w))
      .filter((i) => i >= 0),
    Infinity,
  );
  const start = Number.isFinite(at) ? Math.max(0, at - Math.floor(size / 3)) : 0;
  const end = Math.min(flat.length, start + size);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** The text with every word of the query wrapped in <mark> (React elements, no HTML parsing). */
export function markWords(text: string, query: string): ReactNode {
  const words = wordsOf(query).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length) return text;
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'giu'));
  return parts.map((part, i) =>
    i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>,
  );
}

export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

export function useLibrarySearch(query: string) {
  const q = useDebounced(query.trim());
  return useApiQuery(
    'search.query',
    { body: { query: q, domains: ['canvas', 'document', 'resource', 'thread'], mode: 'keyword', limit: 5 } },
    {
      select: (hits) => hits.filter(isLibraryHit),
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    },
  );
}

/** Ids of one domain's items whose text matches the query (for the library's text filter). */
export function useMatchingIds(query: string, domain: SearchDomain): Set<string> | undefined {
  const q = useDebounced(query.trim());
  const search = useApiQuery(
    'search.query',
    { body: { query: q, domains: [domain], limit: 50 } },
    {
      select: (hits) => hits.filter(isLibraryHit).map((hit) => hit.id),
      enabled: q.length > 0,
      staleTime: 5_000,
      meta: { silent: true },
    },
  );
  return q && search.data ? new Set(search.data) : undefined;
}

const ICON: Record<SearchDomain, ReactNode> = {
  resource: <PaperClipOutlined />,
  document: <FileTextOutlined />,
  canvas: <AppstoreOutlined />,
  thread: <MessageOutlined />,
};

export function hitPath(hit: LibrarySearchResult): string {
  if (hit.domain === 'canvas') return `/canvas/${hit.id}`;
  if (hit.domain === 'document') return `/documents/${hit.id}`;
  if (hit.domain === 'thread') return `/threads/${hit.id}`;
  return `/library/resources/${hit.id}`;
}

export function LibrarySearchResults({ query }: { query: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const localized = useLocalizedPreview();
  const navigate = useNavigate();
  const search = useLibrarySearch(query);
  if (!query.trim()) return null;
  const hits = search.data ?? [];
  return (
    <section className="library-search" data-testid="library-search-results" aria-live="polite">
      <h2 className="library-search__heading">
        {t('search.heading')} {search.isFetching ? <Spin size="small" /> : null}
      </h2>
      {search.isPending ? (
        <div className="library-search__pending">{t('search.searching')}</div>
      ) : hits.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.none')} />
      ) : (
        <ul className="library-search__list">
          {hits.map((hit) => {
            const text = localized(hit.snippets?.[0]?.text || hit.contentPreview || '');
            return (
              <li key={`${hit.domain}:${hit.id}`}>
                <button
                  type="button"
                  className="library-search__hit"
                  onClick={() => void navigate(hitPath(hit))}
                  data-testid="library-search-hit"
                  data-domain={hit.domain}
                >
                  <span className="library-search__icon">{ICON[hit.domain]}</span>
                  <span className="library-search__text">
                    <span className="library-search__title">
                      {markWords(hit.title || t('list.untitled'), query)}
                    </span>
                    {text ? (
                      <span className="library-search__snippet">
                        {markWords(snippetAround(plainPreview(text), query), query)}
                      </span>
                    ) : null}
                  </span>
                  <Tag className="library-search__type">
                    {hit.domain === 'thread' ? t('searchThread') : t(`types.${hit.domain}`)}
                  </Tag>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
