/**
 * A resource's index state in the spec's wording (section 4): waiting to parse, parse failed,
 * waiting to index (not yet searchable by AI), index failed (click to retry), finished. Failed
 * states are buttons that reindex the resource.
 */
import { Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { IndexError, IndexStatus } from '@atelier/contract';
import { useLibraryMutations } from './libraryQueries';
import { useTranslation } from 'react-i18next';
import type { ScopedT } from '../../i18n/types';

export function errorText(t: ScopedT<'library'>, error: IndexError | null | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'pageLimitExceeded') return t('status.pageLimitExceeded');
  const message = error.metadata?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export function IndexStatusTag({
  resourceId,
  status,
  error,
}: {
  resourceId: string;
  status: IndexStatus;
  error?: IndexError | null | undefined;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { reindex } = useLibraryMutations();
  const common = { 'data-testid': 'index-status', 'data-status': status };
  if (status === 'finish') {
    return (
      <Tag color="success" icon={<CheckCircleOutlined />} {...common}>
        {t('status.finish')}
      </Tag>
    );
  }
  if (status === 'init' || status === 'wait_parse') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />} {...common}>
        {t('status.wait_parse')}
      </Tag>
    );
  }
  if (status === 'wait_index') {
    return (
      <Tooltip title={t('status.wait_indexHint')}>
        <Tag color="processing" icon={<ClockCircleOutlined />} {...common}>
          {t('status.wait_index')}
        </Tag>
      </Tooltip>
    );
  }
  const detail = errorText(t, error);
  return (
    <Tooltip
      title={
        <>
          {detail ? <div>{detail}</div> : null}
          <div>{t('status.retryHint')}</div>
        </>
      }
    >
      <Tag
        color="error"
        icon={reindex.isPending ? <SyncOutlined spin /> : <CloseCircleOutlined />}
        className="library-status--retry"
        role="button"
        tabIndex={0}
        onClick={(e) => {
          e.stopPropagation();
          reindex.mutate({ body: { resourceIds: [resourceId] } });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            reindex.mutate({ body: { resourceIds: [resourceId] } });
          }
        }}
        {...common}
      >
        {t(status === 'parse_failed' ? 'status.parse_failed' : 'status.index_failed')} <ReloadOutlined />
      </Tag>
    </Tooltip>
  );
}
