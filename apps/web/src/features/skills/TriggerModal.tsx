/**
 * A new timer trigger for a skill instance: name, what the skill is asked, the first run (a
 * local date and time) and how it repeats. The browser's time zone goes with it, so days,
 * months and years are counted where the user is.
 */
import { type ButtonProps, App, Form, Input, Modal, Select } from 'antd';
import type { RepeatInterval } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from '../../components/formRules';
import { useTriggerMutations } from './skillQueries';

interface Values {
  displayName: string;
  query: string;
  datetime: string;
  repeat: RepeatInterval | 'none';
}

const INTERVALS = ['none', 'hour', 'day', 'week', 'month', 'year'] as const;

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input holds it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

export function TriggerModal({
  skillId,
  open,
  onClose,
}: {
  skillId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'skills' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const recheck = useRecheckInvalid(form);
  const { create } = useTriggerMutations();
  const zone = browserTimeZone();

  const submit = async () => {
    const values = await form.validateFields();
    await create.mutateAsync({
      body: {
        skillId,
        displayName: values.displayName.trim(),
        triggerType: 'timer',
        enabled: true,
        timerConfig: {
          datetime: new Date(values.datetime).toISOString(),
          timeZone: zone,
          ...(values.repeat !== 'none' ? { repeatInterval: values.repeat } : {}),
        },
        input: { query: values.query.trim() },
      },
    });
    void message.success(t('detail.triggerSaved'));
    onClose();
  };

  const inAnHour = new Date(Date.now() + 60 * 60_000);
  inAnHour.setSeconds(0, 0);
  return (
    <Modal
      open={open}
      title={t('trigger.title')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'trigger-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        {...BLUR_VALIDATION}
        onValuesChange={recheck}
        initialValues={{ repeat: 'day', datetime: localInputValue(inAnHour) }}
        data-testid="trigger-form"
      >
        <Form.Item
          name="displayName"
          label={t('trigger.name')}
          rules={[checkRule((v?: string) => (v?.trim() ? null : t('trigger.nameRequired')))]}
        >
          <Input maxLength={256} data-testid="trigger-name" />
        </Form.Item>
        <Form.Item
          name="query"
          label={t('trigger.query')}
          rules={[checkRule((v?: string) => (v?.trim() ? null : t('trigger.queryRequired')))]}
        >
          <Input.TextArea rows={3} maxLength={10_000} data-testid="trigger-query" />
        </Form.Item>
        <Form.Item
          name="datetime"
          label={t('trigger.datetime')}
          extra={t('trigger.timeZoneHint', { zone })}
          rules={[
            checkRule((v?: string) => {
              if (!v) return t('trigger.datetimeRequired');
              const at = new Date(v).getTime();
              if (Number.isNaN(at)) return t('trigger.datetimeRequired');
              return at <= Date.now() && form.getFieldValue('repeat') === 'none'
                ? t('trigger.datetimePast')
                : null;
            }),
          ]}
        >
          <Input type="datetime-local" data-testid="trigger-datetime" />
        </Form.Item>
        <Form.Item name="repeat" label={t('trigger.repeat')}>
          <Select
            data-testid="trigger-repeat"
            options={INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
