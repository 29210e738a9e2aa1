/**
 * What every library tab shows: a toolbar with the text filter (plus the tab's own controls) over
 * the list of rows with an icon, title, details and actions, and "load more".
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Empty, Input, Spin, Tooltip } from 'antd';
import { DeleteOutlined, MoreOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { dateTimeFormat } from '../../i18n/dates';

export interface LibraryRow {
  id: string;
  icon: ReactNode;
  title: string;
  /** Secondary line: type, size, date… */
  details: ReactNode;
  preview?: string | null | undefined;
  tags?: ReactNode;
  onOpen: () => void;
  onAddToCanvas?: (() => void) | undefined;
  onDelete: () => void;
}

export function LibraryList({
  rows,
  loading,
  filtered,
  hasMore,
  loadingMore,
  onLoadMore,
  testId,
}: {
  rows: LibraryRow[];
  loading: boolean;
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  if (loading) return <Spin className="library__spin" />;
  return (
    <>
      {rows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty')}
          data-testid={`${testId}-empty`}
        />
      ) : (
        <ul className="library-list" data-testid={testId}>
          {rows.map((row) => (
            <li key={row.id} className="library-row" data-testid="library-row" data-id={row.id}>
              <button type="button" className="library-row__open" onClick={row.onOpen}>
                <span className="library-row__icon">{row.icon}</span>
                <span className="library-row__text">
                  <span className="library-row__title" data-testid="library-row-title">
                    {row.title || t('list.untitled')}
                  </span>
                  {row.preview ? <span className="library-row__preview">{row.preview}</span> : null}
                  <span className="library-row__details">{row.details}</span>
                </span>
              </button>
              <span className="library-row__tags">{row.tags}</span>
              <span className="library-row__actions">
                {row.onAddToCanvas ? (
                  <Tooltip title={t('list.addToCanvas')}>
                    <Button
                      type="text"
                      icon={<PlusSquareOutlined />}
                      aria-label={t('list.addToCanvas')}
                      onClick={row.onAddToCanvas}
                      data-testid="library-row-add-to-canvas"
                    />
                  </Tooltip>
                ) : null}
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'open', label: t('list.open') },
                      ...(row.onAddToCanvas ? [{ key: 'canvas', label: t('list.addToCanvas') }] : []),
                      { type: 'divider' as const },
                      {
                        key: 'delete',
                        label: (
                          <span data-testid="library-row-delete" data-row-id={row.id}>
                            {t('list.delete')}
                          </span>
                        ),
                        danger: true,
                        icon: <DeleteOutlined />,
                      },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'open') row.onOpen();
                      else if (key === 'canvas') row.onAddToCanvas?.();
                      else if (key === 'delete') row.onDelete();
                    },
                  }}
                >
                  <Button
                    type="text"
                    icon={<MoreOutlined />}
                    aria-label={t('list.more')}
                    data-testid="library-row-more"
                  />
                </Dropdown>
              </span>
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="library__more">
          <Button onClick={onLoadMore} loading={loadingMore} data-testid="library-load-more">
            {t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The paging state of an infinite list query, as the tabs' queries return it. */
interface PagedList {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** One library tab: the text filter, the tab's own toolbar controls, the list, and its dialogs. */
export function LibraryTab({
  testId,
  listTestId,
  text,
  onTextChange,
  textTestId,
  toolbar,
  rows,
  list,
  filtered,
  children,
}: {
  testId: string;
  listTestId: string;
  text: string;
  onTextChange: (text: string) => void;
  textTestId?: string;
  /** Controls after the text filter (selects, buttons). */
  toolbar?: ReactNode;
  rows: LibraryRow[];
  list: PagedList;
  /** Whether any filter is set (the empty list then says nothing matches). */
  filtered: boolean;
  /** Dialogs the tab opens. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  return (
    <div className="library-tab" data-testid={testId}>
      <div className="library-toolbar">
        <Input.Search
          allowClear
          placeholder={t('list.filterText')}
          aria-label={t('list.filterText')}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          className="library-toolbar__text"
          data-testid={textTestId}
        />
        {toolbar}
      </div>
      <LibraryList
        rows={rows}
        loading={list.isPending}
        filtered={filtered}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        testId={listTestId}
      />
      {children}
    </div>
  );
}

/** Dates in library rows, in the interface language. */
export function useLibraryDateFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  return dateTimeFormat(i18n.language);
}
