/**
 * The share dialog (issue 11): publish a view-only link to a canvas, document, answer, code
 * artifact or page, and manage it — access (anyone with the link / off), duplication, expiry,
 * live (canvas and document), copy link (works on plain http, see copyLink.ts), "Update link"
 * when the entity changed after publishing, and "Stop sharing". Generic over the entity type so
 * every screen (and the pages feature) opens the same dialog.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, DatePicker, Input, Modal, Segmented, Space, Switch, Typography } from 'antd';
import { CopyOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { InputRef } from 'antd';
import type { ShareEntityType, ShareRecord } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { copyKeys, copyLink } from './copyLink';
import './share.css';
import { dateTimeFormat } from '../../i18n/dates';

export interface ShareDialogProps {
  entityType: ShareEntityType;
  entityId: string;
  title: string;
  open: boolean;
  onClose: () => void;
}

const LIVE_TYPES: readonly ShareEntityType[] = ['canvas', 'document'];

/** The entity's own (top-level) share, if it has one. */
export function useEntityShare(entityType: ShareEntityType, entityId: string, enabled = true) {
  // fresh on every opening, and again while open: "Update link" shows once the entity changes
  const list = useApiQuery(
    'share.list',
    { query: { entityId } },
    { enabled, staleTime: 0, refetchOnMount: 'always', refetchInterval: enabled ? 3000 : false },
  );
  const share = list.data?.find((s) => s.entityType === entityType && !s.parentShareId) ?? null;
  return { share, loading: list.isPending && enabled };
}

/** End of the chosen day, local time. */
const endOfDay = (day: Dayjs) => day.endOf('day').toISOString();

export function ShareDialog({ entityType, entityId, title, open, onClose }: ShareDialogProps) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'share.dialog' });
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const { share, loading } = useEntityShare(entityType, entityId, open);
  const linkRef = useRef<InputRef>(null);
  const [manualCopy, setManualCopy] = useState(false);
  const shownTitle = title || t('untitled');
  const canLive = LIVE_TYPES.includes(entityType);

  const create = useApiMutation('share.new', { invalidates: ['share.list'] });
  const update = useApiMutation('share.update', {
    invalidates: ['share.list'],
    onSuccess: () => void message.success(t('saved')),
  });
  const revoke = useApiMutation('share.delete', { invalidates: ['share.list'] });

  const change = (
    patch: Partial<Pick<ShareRecord, 'access' | 'allowDuplication' | 'live'>> & {
      expiresAt?: string | null;
    },
  ) => {
    if (share) update.mutate({ body: { shareId: share.shareId, ...patch } });
  };

  const copy = async (url: string) => {
    const outcome = await copyLink(url);
    if (outcome === 'copied') {
      setManualCopy(false);
      void message.success(t('copied'));
    } else {
      setManualCopy(true);
      linkRef.current?.focus({ cursor: 'all' });
      linkRef.current?.select();
    }
  };

  const confirmStop = (record: ShareRecord) =>
    modal.confirm({
      title: t('stopTitle', { title: shownTitle }),
      content: t('stopBody'),
      okText: t('stop'),
      okButtonProps: { danger: true, 'data-testid': 'share-stop-confirm' },
      cancelText: tc('common.cancel'),
      onOk: () =>
        revoke
          .mutateAsync({ body: { shareId: record.shareId } })
          .then(() => void message.success(t('stopped'))),
    });

  const expired = share?.expiresAt ? new Date(share.expiresAt).getTime() < Date.now() : false;
  const dateFormat = dateTimeFormat(i18n.language);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title', { title: shownTitle })}
      footer={null}
      destroyOnHidden
      width={520}
      data-testid="share-dialog"
    >
      {loading ? null : !share ? (
        <div className="share-dialog">
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          <Button
            type="primary"
            loading={create.isPending}
            data-testid="share-create"
            onClick={() => create.mutate({ body: { entityType, entityId, access: 'anyone' } })}
          >
            {t('create')}
          </Button>
        </div>
      ) : (
        <div className="share-dialog" data-testid="share-settings" data-share-id={share.shareId}>
          <label className="share-dialog__row">
            <Switch
              checked={share.access === 'anyone'}
              onChange={(on) => change({ access: on ? 'anyone' : 'off' })}
              data-testid="share-access"
            />
            <span>{share.access === 'anyone' ? t('access') : t('accessOff')}</span>
          </label>
          <label className="share-dialog__row">
            <Switch
              checked={share.allowDuplication}
              onChange={(allowDuplication) => change({ allowDuplication })}
              data-testid="share-allow-duplication"
            />
            <span>
              {t('allowDuplication')}
              <Typography.Text type="secondary" className="share-dialog__hint">
                {t('allowDuplicationHint')}
              </Typography.Text>
            </span>
          </label>
          {canLive ? (
            <label className="share-dialog__row">
              <Switch checked={share.live} onChange={(live) => change({ live })} data-testid="share-live" />
              <span>
                {t('live')}
                <Typography.Text type="secondary" className="share-dialog__hint">
                  {t('liveHint')}
                </Typography.Text>
              </span>
            </label>
          ) : null}
          <div className="share-dialog__row share-dialog__expiry">
            <span>{t('expiry')}</span>
            <Segmented<'never' | 'date'>
              size="small"
              value={share.expiresAt ? 'date' : 'never'}
              options={[
                { value: 'never', label: t('never') },
                { value: 'date', label: t('onDate') },
              ]}
              onChange={(v) => change({ expiresAt: v === 'never' ? null : endOfDay(dayjs().add(7, 'day')) })}
              data-testid="share-expiry"
            />
            {share.expiresAt ? (
              <DatePicker
                size="small"
                allowClear={false}
                value={dayjs(share.expiresAt)}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                onChange={(d: Dayjs | null) => d && change({ expiresAt: endOfDay(d) })}
                data-testid="share-expiry-date"
              />
            ) : null}
          </div>
          {expired ? <Alert type="warning" showIcon title={t('expired')} /> : null}
          <div className="share-dialog__link">
            <Space.Compact block>
              <Input
                ref={linkRef}
                readOnly
                value={share.url}
                aria-label={t('link')}
                data-testid="share-link"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                type="primary"
                icon={<CopyOutlined />}
                onClick={() => void copy(share.url)}
                data-testid="share-copy"
              >
                {t('copy')}
              </Button>
              <Button
                icon={<ExportOutlined />}
                href={share.url}
                target="_blank"
                rel="noopener"
                aria-label={t('open')}
              />
            </Space.Compact>
            {manualCopy ? (
              <Typography.Text type="secondary" data-testid="share-copy-manual">
                {t('copyManual', { keys: copyKeys() })}
              </Typography.Text>
            ) : null}
          </div>
          {share.stale ? (
            <Alert
              type="info"
              showIcon
              data-testid="share-stale"
              title={t('stale')}
              action={
                <Button
                  size="small"
                  icon={<ReloadOutlined />}
                  loading={create.isPending}
                  data-testid="share-update"
                  onClick={() =>
                    create.mutate(
                      { body: { entityType, entityId } },
                      { onSuccess: () => void message.success(t('updated')) },
                    )
                  }
                >
                  {t('update')}
                </Button>
              }
            />
          ) : null}
          <div className="share-dialog__footer">
            <Typography.Text type="secondary">
              {t('published', { time: dateFormat.format(new Date(share.publishedAt)) })}
            </Typography.Text>
            <Button danger onClick={() => confirmStop(share)} data-testid="share-stop">
              {t('stop')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
