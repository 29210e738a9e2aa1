/**
 * Settings > Providers: the user's model and service providers beside the global ones (read-only),
 * with add / edit (the API key is write-only: the form never gets it back), enable, delete and a
 * connection test (the provider's model list, which fails with the provider's error).
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Switch, Tag, Tooltip } from 'antd';
import { ApiOutlined, DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ApiError, type Provider, type ProviderCategory } from '@atelier/contract';
import { api } from '../../../api/client';
import { PROVIDER_KINDS, providerKindInfo } from './providerKinds';
import { useProviderMutations, useProviders } from './providerQueries';
import { useTranslation } from 'react-i18next';
import './aiSettings.css';

interface ProviderFormValues {
  providerKey: string;
  name: string;
  baseUrl?: string;
  apiKey?: string;
  categories: ProviderCategory[];
}

const URL_PATTERN = /^https?:\/\/\S+$/i;

function ProviderForm({ editing, onDone }: { editing: Provider | null; onDone: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const { message } = App.useApp();
  const [form] = Form.useForm<ProviderFormValues>();
  const { create, update } = useProviderMutations();
  const initialKey = editing?.providerKey ?? 'openai-compatible';
  const providerKey = Form.useWatch('providerKey', form) ?? initialKey;
  const kind = providerKindInfo(providerKey);

  const submit = async (values: ProviderFormValues) => {
    const baseUrl = values.baseUrl?.trim() || undefined;
    const apiKey = values.apiKey?.trim() || undefined;
    if (editing) {
      await update.mutateAsync({
        body: {
          providerId: editing.providerId,
          name: values.name.trim(),
          categories: values.categories,
          baseUrl: baseUrl ?? null,
          ...(apiKey ? { apiKey } : {}),
        },
      });
    } else {
      await create.mutateAsync({
        body: {
          providerKey: values.providerKey,
          name: values.name.trim(),
          categories: values.categories,
          ...(baseUrl ? { baseUrl } : {}),
          ...(apiKey ? { apiKey } : {}),
        },
      });
    }
    void message.success(t('providers.saved'));
    onDone();
  };

  return (
    <Form<ProviderFormValues>
      form={form}
      layout="vertical"
      initialValues={{
        providerKey: initialKey,
        name: editing?.name ?? '',
        baseUrl: editing?.baseUrl ?? '',
        apiKey: '',
        categories: editing?.categories ?? ['llm'],
      }}
      onFinish={(values) => void submit(values).catch(() => undefined)}
      data-testid="provider-form"
    >
      <Form.Item name="providerKey" label={t('providers.type')}>
        <Select
          disabled={Boolean(editing)}
          data-testid="provider-type"
          options={PROVIDER_KINDS.map((k) => ({ value: k.key, label: k.label }))}
          onChange={(key: string) => {
            const next = providerKindInfo(key);
            if (!next) return;
            const name = form.getFieldValue('name') as string;
            if (!name || PROVIDER_KINDS.some((k) => k.label === name)) form.setFieldValue('name', next.label);
            form.setFieldValue('categories', [next.categories[0]]);
          }}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('providers.name')}
        rules={[{ required: true, whitespace: true, message: t('providers.nameRequired') }]}
      >
        <Input maxLength={128} data-testid="provider-name" />
      </Form.Item>
      <Form.Item
        name="baseUrl"
        label={t('providers.baseUrl')}
        extra={kind?.defaultBaseUrl ? t('providers.baseUrlHint', { url: kind.defaultBaseUrl }) : undefined}
        rules={[
          { required: !kind?.defaultBaseUrl, whitespace: true, message: t('providers.baseUrlRequired') },
          { pattern: URL_PATTERN, message: t('providers.baseUrlInvalid') },
        ]}
      >
        <Input
          placeholder={kind?.defaultBaseUrl ?? 'http://127.0.0.1:8000/v1'}
          data-testid="provider-base-url"
        />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label={t('providers.apiKey')}
        extra={
          editing
            ? t('providers.apiKeyKeep')
            : kind?.requiresApiKey
              ? undefined
              : t('providers.apiKeyOptional')
        }
        rules={[
          {
            required: !editing && Boolean(kind?.requiresApiKey),
            whitespace: true,
            message: t('providers.apiKeyRequired'),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={1024} data-testid="provider-api-key" />
      </Form.Item>
      <Form.Item
        name="categories"
        label={t('providers.categories')}
        rules={[{ required: true, type: 'array', min: 1, message: t('providers.categoriesRequired') }]}
      >
        <Checkbox.Group
          data-testid="provider-categories"
          options={(kind?.categories ?? []).map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
      </Form.Item>
      <div className="ai-settings__form-actions">
        <Button onClick={onDone}>{t('providers.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending || update.isPending}
          data-testid="provider-save"
        >
          {t('providers.save')}
        </Button>
      </div>
    </Form>
  );
}

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

function ProviderRow({ provider, onEdit }: { provider: Provider; onEdit: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const { message } = App.useApp();
  const { update, remove } = useProviderMutations();
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const kind = providerKindInfo(provider.providerKey);

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const options = await api.call('provider.item.option.list', {
        query: { providerId: provider.providerId },
      });
      setTest({ ok: true, text: t('providers.testOk', { count: options.length }) });
    } catch (err) {
      setTest({ ok: false, text: t('providers.testFailed', { message: errorText(err) }) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <li className="ai-settings__row" data-testid="provider-row" data-provider-id={provider.providerId}>
      <div className="ai-settings__row-main">
        <div className="ai-settings__row-title">
          <span className="ai-settings__name">{provider.name}</span>
          <Tag>{kind ? kind.label.replace(/ \(.*\)$/, '') : provider.providerKey}</Tag>
          {provider.isGlobal ? (
            <Tooltip title={t('providers.globalHint')}>
              <Tag color="blue" icon={<LockOutlined />}>
                {t('providers.global')}
              </Tag>
            </Tooltip>
          ) : kind?.requiresApiKey ? (
            <Tag color="green" icon={<LockOutlined />}>
              {t('providers.keyStored')}
            </Tag>
          ) : null}
        </div>
        <div className="ai-settings__row-sub">
          {provider.categories.map((c) => t(`categories.${c}`)).join(' · ')}
          {provider.baseUrl ? <span className="ai-settings__url"> — {provider.baseUrl}</span> : null}
        </div>
        {test ? (
          <div
            className={`ai-settings__test ai-settings__test--${test.ok ? 'ok' : 'fail'}`}
            data-testid="provider-test-result"
            role="status"
          >
            {test.text}
          </div>
        ) : null}
      </div>
      <div className="ai-settings__row-actions">
        <Button
          size="small"
          icon={<ApiOutlined />}
          loading={testing}
          onClick={() => void runTest()}
          data-testid="provider-test"
        >
          {t('providers.test')}
        </Button>
        {provider.isGlobal ? null : (
          <>
            <Switch
              size="small"
              checked={provider.enabled}
              aria-label={t('providers.enabled')}
              loading={update.isPending}
              onChange={(enabled) => update.mutate({ body: { providerId: provider.providerId, enabled } })}
              data-testid="provider-enabled"
            />
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('providers.edit')}
              onClick={onEdit}
            />
            <Popconfirm
              title={t('providers.deleteConfirm', { name: provider.name })}
              onConfirm={() =>
                remove
                  .mutateAsync({ body: { providerId: provider.providerId } })
                  .then(() => void message.success(t('providers.deleted')))
              }
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('providers.delete')}
              />
            </Popconfirm>
          </>
        )}
      </div>
    </li>
  );
}

export function ProvidersTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const providers = useProviders();
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  return (
    <div className="ai-settings" data-testid="providers-tab">
      <div className="ai-settings__head">
        <p className="settings-section-hint">{t('providers.intro')}</p>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="provider-add"
        >
          {t('providers.add')}
        </Button>
      </div>
      {providers.data && providers.data.length === 0 ? (
        <p className="ai-settings__empty">{t('providers.empty')}</p>
      ) : null}
      <ul className="ai-settings__list">
        {(providers.data ?? []).map((p) => (
          <ProviderRow key={p.providerId} provider={p} onEdit={() => setEditing(p)} />
        ))}
      </ul>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('providers.add') : t('providers.edit')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <ProviderForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </div>
  );
}
