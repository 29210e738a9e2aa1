/**
 * Threads: the user's skill runs grouped into conversations. A follow-up carries the earlier
 * results as its history, so a thread is shown by its latest result; results that appear in a
 * later result's history are its earlier turns and not listed on their own.
 */
import { useNavigate } from 'react-router';
import { Button, Empty, Spin, Tag } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import type { ActionResult } from '@atelier/contract';
import { useApiPagedQuery } from '../../../api/apiQuery';
import { useTranslation } from 'react-i18next';
import '../ai.css';
import { formatDateTime } from '../../../i18n/dates';
import { currentLocale } from '../../../i18n/i18n';

const PAGE_SIZE = 30;

/** Latest result per thread, newest first. */
export function threadsOf(results: readonly ActionResult[]): ActionResult[] {
  const latest = new Map<string, ActionResult>();
  for (const r of results) {
    const seen = latest.get(r.resultId);
    if (!seen || r.version > seen.version) latest.set(r.resultId, r);
  }
  const earlier = new Set<string>();
  for (const r of latest.values()) for (const h of r.history ?? []) earlier.add(h.resultId);
  return [...latest.values()].filter((r) => !earlier.has(r.resultId));
}

export function ThreadList() {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const navigate = useNavigate();
  const list = useApiPagedQuery('action.list', { query: { type: 'skill', pageSize: PAGE_SIZE } });
  if (list.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const threads = threadsOf(list.data?.pages.flat() ?? []);
  if (!threads.length) return <Empty description={t('threads.empty')} data-testid="threads-empty" />;
  return (
    <>
      <ul className="ai-threads__list" data-testid="thread-list">
        {threads.map((r) => {
          const first = r.history?.[0];
          const title = first?.input?.query ?? first?.title ?? r.input.query ?? r.title;
          return (
            <li key={r.resultId}>
              <button
                type="button"
                className="ai-threads__item"
                onClick={() => void navigate(`/threads/${r.resultId}`)}
                data-testid="thread-item"
              >
                <span className="ai-threads__item-title">
                  <CommentOutlined /> {title}
                </span>
                {r.history?.length ? <span className="ai-threads__item-meta">{r.input.query}</span> : null}
                <span className="ai-threads__item-meta">
                  <span>{t('threads.answers', { count: (r.history?.length ?? 0) + 1 })}</span>
                  <span>{formatDateTime(r.updatedAt, currentLocale())}</span>
                  <Tag color={r.status === 'failed' ? 'red' : r.status === 'finish' ? 'green' : 'processing'}>
                    {t(`status.${r.status}`)}
                  </Tag>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage ? (
        <Button
          style={{ marginTop: 12 }}
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('threads.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
