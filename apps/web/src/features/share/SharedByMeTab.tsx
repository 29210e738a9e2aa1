/**
 * "Shared by me" (issue 11, /library/shared): every link the user has published (`share.list`,
 * top-level shares; the child shares of a canvas or page go with their parent) with type,
 * title, access, expiry and last update; open, copy link, settings (the share dialog) and revoke.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  ExportOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ShareEntityType, ShareRecord } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { copyKeys, copyLink } from './copyLink';
import { ShareDialog } from './ShareDialog';
import './share.css';
import { dateTimeFormat } from '../../i18n/dates';

const SHAREABLE: readonly string[] = ['canvas', 'page', 'document', 'skillResponse', 'codeArtifact'];

export function SharedByMeLabel() {
  return <>{useTranslation(undefined, { keyPrefix: 'share.list' }).t('tab')}</>;
}

export function SharedByMeTab() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'share.list' });
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'share' });
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useApiQuery('share.list', { query: { page: 1, pageSize: 100 } });
  const revoke = useApiMutation('share.delete', { invalidates: ['share.list'] });
  const [settingsOf, setSettingsOf] = useState<ShareRecord | null>(null);
  const date = dateTimeFormat(i18n.language);
  const rows = (list.data ?? []).filter((s) => !s.parentShareId);

  const copy = async (url: string) => {
    const outcome = await copyLink(url);
    if (outcome === 'copied') void message.success(ts('dialog.copied'));
    else
      modal.info({
        title: ts('dialog.copyManual', { keys: copyKeys() }),
        content: <Typography.Paragraph copyable={false}>{url}</Typography.Paragraph>,
      });
  };

  const confirmRevoke = (s: ShareRecord) =>
    modal.confirm({
      title: ts('dialog.stopTitle', { title: s.title || ts('dialog.untitled') }),
      content: ts('dialog.stopBody'),
      okText: t('revoke'),
      okButtonProps: { danger: true, 'data-testid': 'share-stop-confirm' },
      cancelText: tc('common.cancel'),
      onOk: () =>
        revoke
          .mutateAsync({ body: { shareId: s.shareId } })
          .then(() => void message.success(ts('dialog.stopped'))),
    });

  return (
    <div className="shared-list" data-testid="shared-by-me">
      <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
      <Table<ShareRecord>
        rowKey="shareId"
        loading={list.isPending}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        locale={{
          emptyText: (
            <Empty
              image={<ShareAltOutlined style={{ fontSize: 40 }} />}
              description={
                <>
                  <div>{t('empty')}</div>
                  <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>
                </>
              }
            />
          ),
        }}
        onRow={(s) =>
          ({ 'data-testid': 'shared-row', 'data-share-id': s.shareId }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: t('type'),
            dataIndex: 'entityType',
            width: 130,
            render: (type: ShareRecord['entityType']) => ts(`types.${type}`),
          },
          {
            title: t('name'),
            dataIndex: 'title',
            render: (title: string, s) => (
              <Space size={4} wrap>
                <span className="shared-list__title">{title || ts('dialog.untitled')}</span>
                {s.live ? <Tag color="red">{t('liveTag')}</Tag> : null}
                {s.stale ? <Tag>{t('staleTag')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('access'),
            dataIndex: 'access',
            width: 180,
            render: (access: ShareRecord['access']) =>
              access === 'anyone' ? <Tag color="green">{t('anyone')}</Tag> : <Tag>{t('off')}</Tag>,
          },
          {
            title: t('expires'),
            dataIndex: 'expiresAt',
            width: 180,
            render: (expiresAt: string | null | undefined) =>
              !expiresAt ? (
                t('never')
              ) : new Date(expiresAt).getTime() < Date.now() ? (
                <Tag color="orange">{t('expiredTag')}</Tag>
              ) : (
                date.format(new Date(expiresAt))
              ),
          },
          {
            title: t('updated'),
            dataIndex: 'updatedAt',
            width: 180,
            render: (updatedAt: string) => date.format(new Date(updatedAt)),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 170,
            render: (_: unknown, s) => (
              <Space size={0}>
                <Tooltip title={t('open')}>
                  <Button
                    type="text"
                    icon={<ExportOutlined />}
                    href={s.url}
                    target="_blank"
                    aria-label={t('open')}
                  />
                </Tooltip>
                <Tooltip title={t('copy')}>
                  <Button
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={t('copy')}
                    onClick={() => void copy(s.url)}
                  />
                </Tooltip>
                {SHAREABLE.includes(s.entityType) ? (
                  <Tooltip title={t('settings')}>
                    <Button
                      type="text"
                      icon={<SettingOutlined />}
                      aria-label={t('settings')}
                      onClick={() => setSettingsOf(s)}
                    />
                  </Tooltip>
                ) : null}
                <Tooltip title={t('revoke')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('revoke')}
                    onClick={() => confirmRevoke(s)}
                    data-testid="shared-revoke"
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      {settingsOf ? (
        <ShareDialog
          open
          entityType={settingsOf.entityType as ShareEntityType}
          entityId={settingsOf.entityId}
          title={settingsOf.title}
          onClose={() => setSettingsOf(null)}
        />
      ) : null}
    </div>
  );
}
