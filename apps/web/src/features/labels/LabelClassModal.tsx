/** Create or edit a label class: name, display name, prompt and at least one value (the server's rules). */
import { useEffect } from 'react';
import { type ButtonProps, App, Form, Input, Modal, Select } from 'antd';
import type { LabelClass } from '@atelier/contract';
import { useLabelMutations } from './labelQueries';
import { useTranslation } from 'react-i18next';

interface Values {
  name: string;
  displayName: string;
  prompt: string;
  labels: string[];
}

export function LabelClassModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: LabelClass | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'labels' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { createClass, updateClass } = useLabelMutations();

  useEffect(() => {
    if (!open) return;
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        displayName: editing.displayName,
        prompt: editing.prompt,
        labels: editing.values,
      });
    else form.resetFields();
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      name: values.name.trim(),
      displayName: values.displayName.trim(),
      prompt: values.prompt.trim(),
      labels: [...new Set(values.labels.map((v) => v.trim()).filter(Boolean))],
    };
    if (editing) await updateClass.mutateAsync({ body: { labelClassId: editing.labelClassId, ...body } });
    else await createClass.mutateAsync({ body });
    void message.success(t('saved'));
    onClose();
  };

  const required = (text: string) => ({ required: true, whitespace: true, message: text });
  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={createClass.isPending || updateClass.isPending}
      okButtonProps={{ 'data-testid': 'label-class-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('form.name')}
          extra={t('form.nameHint')}
          rules={[required(t('form.nameRequired'))]}
        >
          <Input maxLength={128} data-testid="label-class-name" />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('form.displayName')}
          rules={[required(t('form.displayNameRequired'))]}
        >
          <Input maxLength={256} data-testid="label-class-display-name" />
        </Form.Item>
        <Form.Item
          name="prompt"
          label={t('form.prompt')}
          extra={t('form.promptHint')}
          rules={[required(t('form.promptRequired'))]}
        >
          <Input.TextArea rows={3} maxLength={10_000} data-testid="label-class-prompt" />
        </Form.Item>
        <Form.Item
          name="labels"
          label={t('form.values')}
          extra={t('form.valuesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.valuesRequired') }]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',']}
            data-testid="label-class-values"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
