/** Create or edit a project: name (required), description, custom instructions and a cover image. */
import { useEffect, useState } from 'react';
import { type ButtonProps, App, Button, Form, Input, Modal, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { Project } from '@atelier/contract';
import { COVER_MAX_BYTES, COVER_TYPES, uploadCover, useProjectMutations } from './projectQueries';
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
  /** undefined: unchanged; null: removed; string: a newly uploaded key. */
  const [coverKey, setCoverKey] = useState<string | null | undefined>(undefined);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setCoverKey(undefined);
    setCoverPreview(editing?.coverUrl ?? null);
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        description: editing.description ?? '',
        customInstructions: editing.customInstructions ?? '',
      });
    else form.resetFields();
  }, [open, editing, form]);

  const pickCover = async (file: File) => {
    if (!(COVER_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('form.coverType'));
      return;
    }
    if (file.size > COVER_MAX_BYTES) {
      void message.error(t('form.coverSize', { size: COVER_SIZE }));
      return;
    }
    setUploading(true);
    try {
      const { storageKey, url } = await uploadCover(file);
      setCoverKey(storageKey);
      setCoverPreview(url);
    } catch {
      void message.error(t('form.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

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
      okButtonProps={{ disabled: uploading, 'data-testid': 'project-save' } as ButtonProps}
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
          <div className="project-cover-field">
            {coverPreview && <img src={coverPreview} alt="" className="project-cover-field__img" />}
            <Upload
              accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
              showUploadList={false}
              beforeUpload={(file) => {
                void pickCover(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="project-cover-upload">
                {t('form.coverUpload')}
              </Button>
            </Upload>
            {coverPreview && (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => {
                  setCoverKey(null);
                  setCoverPreview(null);
                }}
              >
                {t('form.coverRemove')}
              </Button>
            )}
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
