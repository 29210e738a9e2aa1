/** Create or edit a project: name (required), description, custom instructions and a cover image. */
import { useEffect } from 'react';
import { type ButtonProps, App, Form, Input, Modal } from 'antd';
import type { Project } from '@atelier/contract';
import { CoverField, useCoverDraft } from '../../components/CoverField';
import { COVER_MAX_BYTES, uploadCover, useProjectMutations } from './projectQueries';
import { useTranslation } from 'react-i18next';

interface Values {
  name: string;
  description?: string;
  customInstructions?: string;
}

const COVER_SIZE = `${COVER_MAX_BYTES / 1024 / 1024} MB`;

export function ProjectFormModal({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  editing: Project | null;
  onClose: () => void;
  onCreated?: (project: Project) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'projects' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = useProjectMutations();
  const cover = useCoverDraft();
  const coverKey = cover.key;
  const { reset: resetCover } = cover;

  useEffect(() => {
    if (!open) return;
    resetCover(editing?.coverUrl ?? null);
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        description: editing.description ?? '',
        customInstructions: editing.customInstructions ?? '',
      });
    else form.resetFields();
  }, [open, editing, form, resetCover]);

  const submit = async () => {
    const values = await form.validateFields();
    const fields = {
      name: values.name.trim(),
      description: values.description ?? '',
      customInstructions: values.customInstructions ?? '',
      ...(coverKey !== undefined ? { coverStorageKey: coverKey } : {}),
    };
    if (editing) {
      await update.mutateAsync({ body: { projectId: editing.projectId, ...fields } });
    } else {
      const project = await create.mutateAsync({
        body: { ...fields, coverStorageKey: fields.coverStorageKey ?? undefined },
      });
      onCreated?.(project);
    }
    void message.success(t('saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ disabled: cover.busy, 'data-testid': 'project-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
        >
          <Input maxLength={256} data-testid="project-name" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={2} maxLength={10_000} data-testid="project-description" />
        </Form.Item>
        <Form.Item
          name="customInstructions"
          label={t('form.instructions')}
          extra={t('form.instructionsHint')}
        >
          <Input.TextArea rows={4} data-testid="project-instructions" />
        </Form.Item>
        <Form.Item label={t('form.cover')} extra={t('form.coverHint', { size: COVER_SIZE })}>
          <CoverField
            {...cover.fieldProps}
            upload={uploadCover}
            maxBytes={COVER_MAX_BYTES}
            testId="project-cover-form"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
