/**
 * Create a skill instance from a built-in skill, or edit one: name (required), description, an
 * emoji icon and the template's settings form (text, number, switch, one or several options).
 * The server checks the settings again against the template (E0003 names the field).
 */
import { useEffect } from 'react';
import { type ButtonProps, App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { SkillInstance, SkillTemplate, TplConfig, TplConfigDefinition } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from '../../components/formRules';
import { pickLocale } from './localeDict';
import { useSkillMutations } from './skillQueries';

type ConfigItem = TplConfigDefinition['items'][number];

interface Values {
  displayName: string;
  description?: string;
  emoji?: string;
  /** `config:<key>`: one field per setting of the template. */
  [config: `config:${string}`]: unknown;
}

const fieldOf = (key: string) => `config:${key}` as const;

const blank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && !v.trim()) ||
  (Array.isArray(v) && v.length === 0);

/** One settings field; Form.Item passes the value and change handler in `rest`. */
function ConfigField({
  item,
  language,
  ...rest
}: { item: ConfigItem; language: string } & Record<string, unknown>) {
  const options = item.options?.map((o) => ({ value: o.value, label: pickLocale(o.labelDict, language) }));
  const testId = `skill-config-${item.key}`;
  switch (item.inputMode) {
    case 'inputTextArea':
      return <Input.TextArea {...rest} rows={4} maxLength={10_000} data-testid={testId} />;
    case 'inputNumber':
      return <InputNumber {...rest} style={{ width: '100%' }} data-testid={testId} />;
    case 'switch':
      return <Switch {...rest} data-testid={testId} />;
    case 'select':
      return <Select {...rest} options={options} allowClear data-testid={testId} />;
    case 'multiSelect':
      return <Select {...rest} mode="multiple" options={options} allowClear data-testid={testId} />;
    default:
      return <Input {...rest} maxLength={1024} data-testid={testId} />;
  }
}

export function SkillInstanceModal({
  open,
  template,
  editing,
  onClose,
}: {
  open: boolean;
  /** The built-in skill the instance is (or will be) made from. */
  template: SkillTemplate | null;
  editing: SkillInstance | null;
  onClose: (created?: SkillInstance) => void;
}) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'skills' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const recheck = useRecheckInvalid(form);
  const { create, update } = useSkillMutations();
  const items = (editing?.tplConfigSchema ?? template?.configSchema)?.items ?? [];
  const language = i18n.language;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values: Values = {
      displayName: editing?.displayName ?? (template ? pickLocale(template.displayName, language) : ''),
      description: editing?.description ?? '',
      emoji: editing?.icon?.type === 'emoji' ? editing.icon.value : '',
    };
    for (const item of items)
      values[fieldOf(item.key)] = editing?.tplConfig?.[item.key]?.value ?? item.defaultValue;
    form.setFieldsValue(values);
  }, [open, editing, template, form, language]);

  const submit = async () => {
    const values = await form.validateFields();
    const tplConfig: TplConfig = {};
    for (const item of items) {
      const value = values[fieldOf(item.key)];
      if (!blank(value)) tplConfig[item.key] = { value };
    }
    const emoji = values.emoji?.trim();
    const common = {
      displayName: values.displayName.trim(),
      description: values.description?.trim() ?? '',
      tplConfig,
    };
    if (editing) {
      await update.mutateAsync({
        body: { skillId: editing.skillId, ...common, icon: emoji ? { type: 'emoji', value: emoji } : null },
      });
      void message.success(t('saved'));
      onClose();
    } else if (template) {
      const made = await create.mutateAsync({
        body: {
          tplName: template.name,
          ...common,
          ...(emoji ? { icon: { type: 'emoji', value: emoji } } : {}),
        },
      });
      void message.success(t('saved'));
      onClose(made);
    }
  };

  const templateName = template ? pickLocale(template.displayName, language) : '';
  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.createTitle', { name: templateName })}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={() => onClose()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'skill-instance-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} {...BLUR_VALIDATION} onValuesChange={recheck} data-testid="skill-instance-form">
        <Form.Item
          name="displayName"
          label={t('form.displayName')}
          rules={[checkRule((v?: string) => (v?.trim() ? null : t('form.displayNameRequired')))]}
        >
          <Input maxLength={256} data-testid="skill-instance-name" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={2} maxLength={10_000} data-testid="skill-instance-description" />
        </Form.Item>
        <Form.Item name="emoji" label={t('form.emoji')}>
          <Input maxLength={8} style={{ width: 96 }} data-testid="skill-instance-emoji" />
        </Form.Item>
        {items.length > 0 && <h4 className="skills-form__section">{t('form.settings')}</h4>}
        {items.map((item) => {
          const label = pickLocale(item.labelDict, language);
          return (
            <Form.Item
              key={item.key}
              name={fieldOf(item.key)}
              label={label}
              extra={pickLocale(item.descriptionDict, language)}
              valuePropName={item.inputMode === 'switch' ? 'checked' : 'value'}
              rules={
                item.required && item.defaultValue === undefined
                  ? [checkRule((v: unknown) => (blank(v) ? t('form.valueRequired', { label }) : null))]
                  : []
              }
            >
              <ConfigField item={item} language={language} />
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
