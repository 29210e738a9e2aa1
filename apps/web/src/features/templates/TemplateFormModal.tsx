/**
 * The template form: "Publish as template" from a canvas (create, or update when the canvas is
 * already a template: its content is published again) and "Edit" from the library's Mine tab.
 * Title, description, language and category are required; a cover image is optional, set, changed
 * or removed in every mode (without one the library shows the canvas thumbnail, or draws a cover
 * from the title). The server copies it into the template's share, where every visitor loads it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonProps, App, Form, Input, Modal, Select } from 'antd';
import type { Template } from '@atelier/contract';
import { CoverField, useCoverDraft } from '../../components/CoverField';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from '../../components/formRules';
import {
  TEMPLATE_LANGUAGES,
  categoryLabel,
  uploadTemplateCover,
  useTemplateCategories,
  useTemplateMutations,
} from './templateQueries';

interface Values {
  title: string;
  description: string;
  language: string;
  categoryId: string;
}

export type TemplateFormTarget =
  | { kind: 'publish'; canvasId: string; canvasTitle: string; existing: Template | null }
  | { kind: 'edit'; template: Template };

export function TemplateFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: TemplateFormTarget | null;
  onClose: () => void;
  onSaved?: (template: Template, created: boolean) => void;
}) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'templates' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const recheck = useRecheckInvalid(form);
  const categories = useTemplateCategories();
  const { create, update } = useTemplateMutations();
  const cover = useCoverDraft();
  const coverKey = cover.key;
  const { reset: resetCover } = cover;
  const existing = target?.kind === 'edit' ? target.template : (target?.existing ?? null);

  useEffect(() => {
    if (!target) return;
    resetCover(existing?.ownCover ? (existing.coverUrl ?? null) : null);
    if (existing)
      form.setFieldsValue({
        title: existing.title,
        description: existing.description,
        language: existing.language,
        categoryId: existing.category?.categoryId,
      });
    else
      form.setFieldsValue({
        title: target.kind === 'publish' ? target.canvasTitle : '',
        description: '',
        language: i18n.language,
        categoryId: undefined,
      });
  }, [target, existing, form, i18n.language, resetCover]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields();
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      language: values.language,
      categoryId: values.categoryId,
    };
    if (existing) {
      const saved = await update.mutateAsync({
        body: {
          templateId: existing.templateId,
          ...fields,
          ...(coverKey !== undefined ? { coverStorageKey: coverKey } : {}),
          republish: target.kind === 'publish',
        },
      });
      void message.success(target.kind === 'publish' ? t('publish.updated') : t('saved'));
      onSaved?.(saved, false);
    } else if (target.kind === 'publish') {
      const saved = await create.mutateAsync({
        body: { canvasId: target.canvasId, ...fields, ...(coverKey ? { coverStorageKey: coverKey } : {}) },
      });
      onSaved?.(saved, true);
    }
    onClose();
  };

  const required = (msg: string) => checkRule<string | undefined>((v) => (v?.trim() ? null : msg));
  const title =
    target?.kind === 'edit' ? t('edit') : existing ? t('publish.updateTitle') : t('publish.createTitle');

  return (
    <Modal
      open={target !== null}
      title={title}
      okText={
        target?.kind === 'edit' ? t('save') : existing ? t('publish.submitUpdate') : t('publish.submit')
      }
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ disabled: cover.busy, 'data-testid': 'template-form-save' } as ButtonProps}
      destroyOnHidden
    >
      {target?.kind === 'publish' && existing ? (
        <p className="template-form__hint" data-testid="template-form-update-hint">
          {t('publish.updateHint')}
        </p>
      ) : null}
      <Form form={form} {...BLUR_VALIDATION} onValuesChange={recheck} data-testid="template-form">
        <Form.Item
          name="title"
          label={t('publish.titleLabel')}
          rules={[required(t('publish.titleRequired'))]}
        >
          <Input maxLength={512} data-testid="template-form-title" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('publish.description')}
          rules={[required(t('publish.descriptionRequired'))]}
        >
          <Input.TextArea rows={3} maxLength={2000} data-testid="template-form-description" />
        </Form.Item>
        <div className="template-form__row">
          <Form.Item
            name="language"
            label={t('publish.language')}
            rules={[required(t('publish.languageRequired'))]}
            validateTrigger="onChange"
          >
            <Select
              data-testid="template-form-language"
              options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="categoryId"
            label={t('publish.category')}
            rules={[required(t('publish.categoryRequired'))]}
            validateTrigger="onChange"
          >
            <Select
              data-testid="template-form-category"
              loading={categories.isPending}
              placeholder={t('publish.categoryRequired')}
              options={(categories.data ?? []).map((c) => ({
                value: c.categoryId,
                label: categoryLabel(c, i18n.language),
              }))}
            />
          </Form.Item>
        </div>
        {target ? (
          <Form.Item label={t('publish.cover')} extra={t('publish.coverHint')}>
            <CoverField {...cover.fieldProps} upload={uploadTemplateCover} testId="template-cover" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
