/**
 * Settings > Model configuration: provider items per category with their configs (LLM context
 * limit, max output, capabilities; embedding dimensions, batch size; reranker top N, relevance
 * threshold). A new model is picked from the provider's own model list (option list) or typed in.
 */
import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Switch,
  Tag,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ModelTier, ProviderCategory, ProviderItem } from '@atelier/contract';
import { useProviderItems, useProviderMutations, useProviderOptions, useProviders } from './providerQueries';
import { useTranslation } from 'react-i18next';
import type { ScopedT } from '../../../i18n/types';
import { useUiStore } from '../../../stores/uiStore';
import './aiSettings.css';

export const MODEL_CATEGORIES: readonly ProviderCategory[] = [
  'llm',
  'embedding',
  'reranker',
  'webSearch',
  'urlParsing',
  'pdfParsing',
];
const CAPABILITIES = ['functionCall', 'vision', 'reasoning', 'contextCaching'] as const;
type Capability = (typeof CAPABILITIES)[number];

interface ModelFormValues {
  providerId: string;
  modelId: string;
  modelName?: string;
  tier?: ModelTier;
  contextLimit?: number | null;
  maxOutput?: number | null;
  capabilities?: Capability[];
  dimensions?: number | null;
  batchSize?: number | null;
  topN?: number | null;
  relevanceThreshold?: number | null;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function configOf(category: ProviderCategory, v: ModelFormValues): Record<string, unknown> {
  const modelId = v.modelId.trim();
  const base = { modelId, modelName: v.modelName?.trim() || modelId };
  const extra: Record<string, unknown> = {};
  const put = (key: string, value: number | null | undefined) => {
    if (typeof value === 'number') extra[key] = value;
  };
  if (category === 'llm') {
    put('contextLimit', v.contextLimit);
    put('maxOutput', v.maxOutput);
    const caps = v.capabilities ?? [];
    extra.capabilities = Object.fromEntries(CAPABILITIES.map((c) => [c, caps.includes(c)]));
  } else if (category === 'embedding') {
    put('dimensions', v.dimensions);
    put('batchSize', v.batchSize);
  } else if (category === 'reranker') {
    put('topN', v.topN);
    put('relevanceThreshold', v.relevanceThreshold);
  }
  return { ...base, ...extra };
}

function valuesOf(item: ProviderItem): ModelFormValues {
  const c = item.config as Record<string, unknown>;
  const caps = (c.capabilities ?? {}) as Partial<Record<Capability, boolean>>;
  return {
    providerId: item.providerId,
    modelId: typeof c.modelId === 'string' ? c.modelId : item.name,
    modelName: typeof c.modelName === 'string' ? c.modelName : item.name,
    ...(item.tier ? { tier: item.tier } : {}),
    contextLimit: num(c.contextLimit) ?? null,
    maxOutput: num(c.maxOutput) ?? null,
    capabilities: CAPABILITIES.filter((k) => caps[k]),
    dimensions: num(c.dimensions) ?? null,
    batchSize: num(c.batchSize) ?? null,
    topN: num(c.topN) ?? null,
    relevanceThreshold: num(c.relevanceThreshold) ?? null,
  };
}

function ModelForm({
  category,
  editing,
  onDone,
}: {
  category: ProviderCategory;
  editing: ProviderItem | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelFormValues>();
  const providers = useProviders();
  const { createItem, updateItem } = useProviderMutations();
  const choices = (providers.data ?? []).filter((p) => p.enabled && p.categories.includes(category));
  const providerId = Form.useWatch('providerId', form) ?? editing?.providerId ?? choices[0]?.providerId;
  const options = useProviderOptions(editing ? undefined : providerId, category);

  const submit = async (values: ModelFormValues) => {
    const config = configOf(category, values);
    const name = String(config.modelName);
    if (editing) {
      await updateItem.mutateAsync({
        body: { itemId: editing.itemId, name, tier: values.tier ?? null, config: config as never },
      });
    } else {
      await createItem.mutateAsync({
        body: {
          providerId: values.providerId,
          name,
          category,
          ...(values.tier ? { tier: values.tier } : {}),
          config: config as never,
        },
      });
    }
    void message.success(t('models.saved'));
    onDone();
  };

  if (!editing && choices.length === 0) return <p className="ai-settings__empty">{t('models.noProvider')}</p>;

  return (
    <Form<ModelFormValues>
      form={form}
      layout="vertical"
      initialValues={
        editing
          ? valuesOf(editing)
          : { providerId: choices[0]?.providerId, modelId: '', tier: 't2', capabilities: [] }
      }
      onFinish={(values) => void submit(values).catch(() => undefined)}
      data-testid="model-form"
    >
      <Form.Item name="providerId" label={t('models.provider')} rules={[{ required: true }]}>
        <Select
          disabled={Boolean(editing)}
          data-testid="model-provider"
          options={(editing ? (providers.data ?? []) : choices).map((p) => ({
            value: p.providerId,
            label: p.name,
          }))}
        />
      </Form.Item>
      {editing ? null : (
        <Form.Item
          label={t('models.pick')}
          extra={options.isError ? t('models.pickFailed') : undefined}
          validateStatus={options.isError ? 'warning' : undefined}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={options.isFetching}
            placeholder={options.isFetching ? t('models.pickPlaceholder') : undefined}
            data-testid="model-pick"
            options={(options.data ?? []).map((o) => ({
              value: String((o.config as Record<string, unknown>).modelId),
              label: o.name,
            }))}
            onChange={(modelId: string | undefined) => {
              const option = options.data?.find(
                (o) => (o.config as Record<string, unknown>).modelId === modelId,
              );
              if (!option) return;
              const c = option.config as Record<string, unknown>;
              form.setFieldsValue({
                modelId: String(c.modelId),
                modelName: typeof c.modelName === 'string' ? c.modelName : option.name,
                ...(num(c.contextLimit) ? { contextLimit: num(c.contextLimit) } : {}),
                ...(num(c.dimensions) ? { dimensions: num(c.dimensions) } : {}),
              });
            }}
          />
        </Form.Item>
      )}
      <div className="ai-settings__grid">
        <Form.Item
          name="modelId"
          label={t('models.modelId')}
          rules={[{ required: true, whitespace: true, message: t('models.modelIdRequired') }]}
        >
          <Input maxLength={256} disabled={Boolean(editing)} data-testid="model-id" />
        </Form.Item>
        <Form.Item name="modelName" label={t('models.displayName')}>
          <Input maxLength={128} data-testid="model-name" />
        </Form.Item>
      </div>
      <Form.Item name="tier" label={t('models.tier')}>
        <Select
          style={{ maxWidth: 240 }}
          options={(['t1', 't2', 'free'] as const).map((v) => ({ value: v, label: t(`models.tiers.${v}`) }))}
        />
      </Form.Item>
      {category === 'llm' ? (
        <>
          <div className="ai-settings__grid">
            <Form.Item name="contextLimit" label={t('models.contextLimit')}>
              <InputNumber
                min={1}
                max={100_000_000}
                style={{ width: '100%' }}
                data-testid="model-context-limit"
              />
            </Form.Item>
            <Form.Item name="maxOutput" label={t('models.maxOutput')}>
              <InputNumber min={1} max={10_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item name="capabilities" label={t('models.capabilities')}>
            <Checkbox.Group
              options={CAPABILITIES.map((c) => ({ value: c, label: t(`models.capability.${c}`) }))}
            />
          </Form.Item>
        </>
      ) : null}
      {category === 'embedding' ? (
        <div className="ai-settings__grid">
          <Form.Item name="dimensions" label={t('models.dimensions')}>
            <InputNumber min={1} max={65_536} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="batchSize" label={t('models.batchSize')}>
            <InputNumber min={1} max={4_096} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      ) : null}
      {category === 'reranker' ? (
        <div className="ai-settings__grid">
          <Form.Item name="topN" label={t('models.topN')}>
            <InputNumber min={1} max={1_000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="relevanceThreshold" label={t('models.relevanceThreshold')}>
            <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      ) : null}
      <div className="ai-settings__form-actions">
        <Button onClick={onDone}>{t('models.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={createItem.isPending || updateItem.isPending}
          data-testid="model-save"
        >
          {t('models.save')}
        </Button>
      </div>
    </Form>
  );
}

function summary(item: ProviderItem, t: ScopedT<'aiSettings'>): string {
  const c = item.config as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof c.modelId === 'string') parts.push(c.modelId);
  if (num(c.contextLimit)) parts.push(`${t('models.contextLimit')}: ${num(c.contextLimit)}`);
  if (num(c.maxOutput)) parts.push(`${t('models.maxOutput')}: ${num(c.maxOutput)}`);
  if (num(c.dimensions)) parts.push(`${t('models.dimensions')}: ${num(c.dimensions)}`);
  if (num(c.topN)) parts.push(`${t('models.topN')}: ${num(c.topN)}`);
  return parts.join(' · ');
}

export function ModelsTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  // opened as models:<category> (e.g. from the setup guide): that category first
  const asked = useUiStore((s) => s.settingsTab)?.split(':')[1] as ProviderCategory | undefined;
  const [category, setCategory] = useState<ProviderCategory>(
    asked && MODEL_CATEGORIES.includes(asked) ? asked : 'llm',
  );
  useEffect(() => {
    if (asked && MODEL_CATEGORIES.includes(asked)) setCategory(asked);
  }, [asked]);
  const items = useProviderItems(category);
  const { updateItem, removeItem } = useProviderMutations();
  const [editing, setEditing] = useState<ProviderItem | 'new' | null>(null);
  return (
    <div className="ai-settings" data-testid="models-tab">
      <div className="ai-settings__head">
        <p className="settings-section-hint">{t('models.intro')}</p>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="model-add"
        >
          {t('models.add')}
        </Button>
      </div>
      <Segmented<ProviderCategory>
        className="ai-settings__segmented"
        value={category}
        onChange={setCategory}
        options={MODEL_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
      />
      {items.data && items.data.length === 0 ? (
        <p className="ai-settings__empty">{t('models.empty')}</p>
      ) : null}
      <ul className="ai-settings__list">
        {(items.data ?? []).map((item) => (
          <li key={item.itemId} className="ai-settings__row" data-testid="model-row">
            <div className="ai-settings__row-main">
              <div className="ai-settings__row-title">
                <span className="ai-settings__name">{item.name}</span>
                {item.provider ? <Tag>{item.provider.name}</Tag> : null}
                {item.tier ? <Tag color="cyan">{item.tier.toUpperCase()}</Tag> : null}
              </div>
              <div className="ai-settings__row-sub">{summary(item, t)}</div>
            </div>
            <div className="ai-settings__row-actions">
              <Switch
                size="small"
                checked={item.enabled}
                aria-label={t('models.enabled')}
                onChange={(enabled) => updateItem.mutate({ body: { itemId: item.itemId, enabled } })}
              />
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('models.edit')}
                onClick={() => setEditing(item)}
              />
              <Popconfirm
                title={t('models.deleteConfirm', { name: item.name })}
                onConfirm={() =>
                  removeItem.mutateAsync({ body: { itemId: item.itemId } }).then(() => undefined)
                }
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('models.delete')}
                />
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('models.add') : t('models.edit')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <ModelForm
            category={category}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </div>
  );
}
