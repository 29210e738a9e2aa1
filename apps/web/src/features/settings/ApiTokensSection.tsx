/**
 * Settings > Account > API tokens (issue 12): personal tokens for scripts and MCP clients. A new
 * token is shown once, in the dialog that created it, with a copy button (platform.copyText
 * falls back to a hidden textarea on plain http); the list shows name, scope, prefix, expiry and
 * last use, and revokes with a confirmation.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { CopyOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { platform } from '../../platform/platform';
import { dateTimeFormat } from '../../i18n/dates';

interface CreateValues {
  name: string;
  scope: ApiTokenScope;
  expiry: 'never' | '7' | '30' | '90' | '365';
}

const EXPIRY_OPTIONS: CreateValues['expiry'][] = ['never', '7', '30', '90', '365'];

function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'apiTokens' });
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const create = useApiMutation('user.apiToken.create', { invalidates: ['user.apiToken.list'] });

  const close = () => {
    setCreated(null);
    form.resetFields();
    onClose();
  };
  const submit = async (values: CreateValues) => {
    const token = await create.mutateAsync({
      body: {
        name: values.name.trim(),
        scope: values.scope,
        expiresInDays: values.expiry === 'never' ? null : Number(values.expiry),
      },
    });
    setCreated(token);
  };
  const copy = async () => {
    if (!created) return;
    await platform.copyText(created.token);
    void message.success(t('copied'));
  };

  return (
    <Modal
      open={open}
      title={created ? t('createdTitle') : t('createTitle')}
      onCancel={close}
      destroyOnHidden
      maskClosable={!created}
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="api-token-done">
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() => form.submit()}
              data-testid="api-token-submit"
            >
              {t('create')}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div data-testid="api-token-created">
          <Alert type="warning" showIcon message={t('shownOnce')} style={{ marginBottom: 12 }} />
          <Space.Compact style={{ display: 'flex' }}>
            <Input
              readOnly
              value={created.token}
              data-testid="api-token-value"
              style={{ fontFamily: 'monospace' }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-token-copy">
              {t('copy')}
            </Button>
          </Space.Compact>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('usage')}
          </Typography.Paragraph>
        </div>
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: '', scope: 'read', expiry: '90' }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="name"
            label={t('name')}
            rules={[
              { required: true, whitespace: true, message: t('nameRequired') },
              { max: 64, message: t('nameTooLong', { count: 64 }) },
            ]}
          >
            <Input maxLength={64} placeholder={t('namePlaceholder')} data-testid="api-token-name" />
          </Form.Item>
          <Form.Item name="scope" label={t('scope')} extra={t('scopeHint')}>
            <Select
              data-testid="api-token-scope"
              options={[
                { value: 'read', label: t('scopes.read') },
                { value: 'read-write', label: t('scopes.read-write') },
              ]}
            />
          </Form.Item>
          <Form.Item name="expiry" label={t('expiry')}>
            <Select
              data-testid="api-token-expiry"
              options={EXPIRY_OPTIONS.map((value) => ({
                value,
                label: value === 'never' ? t('expiryNever') : t('expiryDays', { count: Number(value) }),
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function TokenRow({ token, date }: { token: ApiToken; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'apiTokens' });
  const { modal, message } = App.useApp();
  const revoke = useApiMutation('user.apiToken.revoke', { invalidates: ['user.apiToken.list'] });
  const confirmRevoke = () =>
    modal.confirm({
      title: t('revokeTitle', { name: token.name }),
      content: t('revokeBody'),
      okText: t('revoke'),
      okButtonProps: { danger: true, id: 'api-token-revoke-ok' },
      cancelText: t('cancel'),
      onOk: async () => {
        await revoke.mutateAsync({ body: { tokenId: token.tokenId } });
        void message.success(t('revoked'));
      },
    });
  const fmt = (iso: string) => date.format(new Date(iso));
  return (
    <List.Item
      data-testid="api-token-row"
      data-token-name={token.name}
      actions={[
        <Button key="revoke" danger size="small" onClick={confirmRevoke} data-testid="api-token-revoke">
          {t('revoke')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        avatar={<KeyOutlined />}
        title={
          <span>
            {token.name}{' '}
            <Tag color={token.scope === 'read' ? 'default' : 'blue'}>{t(`scopes.${token.scope}`)}</Tag>
          </span>
        }
        description={
          <Typography.Text type="secondary">
            <Typography.Text code>{token.prefix}…</Typography.Text>{' '}
            {t('createdAt', { date: fmt(token.createdAt) })} ·{' '}
            {token.expiresAt ? t('expiresAt', { date: fmt(token.expiresAt) }) : t('noExpiry')} ·{' '}
            {token.lastUsedAt ? t('lastUsed', { date: fmt(token.lastUsedAt) }) : t('neverUsed')}
          </Typography.Text>
        }
      />
    </List.Item>
  );
}

export function ApiTokensSection() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'apiTokens' });
  const [open, setOpen] = useState(false);
  const list = useApiQuery('user.apiToken.list');
  const date = dateTimeFormat(i18n.language);
  return (
    <div data-testid="api-tokens">
      <div className="account-logout">
        <div>
          <Typography.Text strong>{t('title')}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('hint')}</Typography.Text>
          </div>
        </div>
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="api-token-new">
          {t('new')}
        </Button>
      </div>
      {(list.data?.length ?? 0) > 0 && (
        <List
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          rowKey="tokenId"
          renderItem={(token) => <TokenRow token={token} date={date} />}
        />
      )}
      <CreateTokenDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
