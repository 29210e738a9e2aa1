/**
 * A new trigger of a skill instance, or an edit of one: its name, what the skill is asked, and
 * when it runs — at a time (the first run, a local date and time, and how it repeats; the
 * browser's time zone goes with it, so days, months and years are counted where the user is) or
 * on an event (when a resource of the library is ready; the resource goes with the run).
 */
import { useEffect } from 'react';
import { type ButtonProps, App, Form, Input, Modal, Segmented, Select } from 'antd';
import type { RepeatInterval, SimpleEventName, SkillTrigger, TriggerType } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from '../../components/formRules';
import { useTriggerMutations } from './skillQueries';

interface Values {
  displayName: string;
  query: string;
  triggerType: TriggerType;
  datetime: string;
  repeat: RepeatInterval | 'none';
  event: SimpleEventName;
}

const INTERVALS = ['none', 'hour', 'day', 'week', 'month', 'year'] as const;
const EVENTS: readonly SimpleEventName[] = ['onResourceReady'];

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
  editing = null,
  onClose,
}: {
  skillId: string;
  open: boolean;
  /** The trigger to edit; a new one when null. */
  editing?: SkillTrigger | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'skills' });
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const recheck = useRecheckInvalid(form);
  const { create, update } = useTriggerMutations();
  const zone = browserTimeZone();
  const triggerType = (Form.useWatch('triggerType', form) as TriggerType | undefined) ?? 'timer';

  useEffect(() => {
    if (!open) return;
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    inAnHour.setSeconds(0, 0);
    const timer = editing?.timerConfig;
    form.resetFields();
    form.setFieldsValue({
      displayName: editing?.displayName ?? '',
      query: editing?.input?.query ?? '',
      triggerType: editing?.triggerType ?? 'timer',
      datetime: localInputValue(timer ? new Date(timer.datetime) : inAnHour),
      repeat: timer ? (timer.repeatInterval ?? 'none') : 'day',
      event: editing?.simpleEventName ?? 'onResourceReady',
    });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const when =
      values.triggerType === 'timer'
        ? {
            triggerType: 'timer' as const,
            timerConfig: {
              datetime: new Date(values.datetime).toISOString(),
              timeZone: zone,
              ...(values.repeat !== 'none' ? { repeatInterval: values.repeat } : {}),
            },
          }
        : { triggerType: 'simpleEvent' as const, simpleEventName: values.event };
    const fields = { displayName: values.displayName.trim(), ...when, input: { query: values.query.trim() } };
    if (editing) await update.mutateAsync({ body: { triggerId: editing.triggerId, ...fields } });
    else await create.mutateAsync({ body: { skillId, enabled: true, ...fields } });
    void message.success(t('detail.triggerSaved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? t('trigger.editTitle') : t('trigger.title')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'trigger-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} {...BLUR_VALIDATION} onValuesChange={recheck} data-testid="trigger-form">
        <Form.Item name="triggerType" label={t('trigger.kind')}>
          <Segmented<TriggerType>
            options={(['timer', 'simpleEvent'] as const).map((value) => ({
              value,
              label: <span data-testid={`trigger-kind-${value}`}>{t(`trigger.kinds.${value}`)}</span>,
            }))}
          />
        </Form.Item>
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
        {triggerType === 'simpleEvent' ? (
          <Form.Item name="event" label={t('trigger.event')} extra={t('trigger.eventHint')}>
            <Select
              data-testid="trigger-event"
              options={EVENTS.map((value) => ({ value, label: t(`trigger.events.${value}`) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          hidden={triggerType !== 'timer'}
          name="datetime"
          label={t('trigger.datetime')}
          extra={t('trigger.timeZoneHint', { zone })}
          rules={[
            checkRule((v?: string) => {
              if (form.getFieldValue('triggerType') !== 'timer') return null;
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
        <Form.Item hidden={triggerType !== 'timer'} name="repeat" label={t('trigger.repeat')}>
          <Select
            data-testid="trigger-repeat"
            options={INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
