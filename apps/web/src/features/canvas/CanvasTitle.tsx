/**
 * The canvas title in the page header, renamed in place: click (or Enter on it) opens the field,
 * Enter or leaving the field saves through /canvas/update, Escape puts the old title back. An
 * empty title is refused on Enter (the field says so) and dropped on blur. The tab shows the
 * title while the canvas is open.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Tooltip } from 'antd';
import { checkRule, useRecheckInvalid } from '../../components/formRules';
import { TitleInput } from '../../components/TitleInput';
import { useCanvasMutations } from './canvasQueries';
import { useCanvasT } from './useCanvasT';

export function CanvasTitle({ canvasId, title }: { canvasId: string; title: string }) {
  const { t } = useTranslation();
  const ct = useCanvasT();
  const { update } = useCanvasMutations();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ title: string }>();
  const recheck = useRecheckInvalid(form);
  const done = useRef(false);
  const shown = title || t('canvas.list.untitled');

  useEffect(() => {
    const before = document.title;
    document.title = `${shown} · Atelier`;
    return () => {
      document.title = before;
    };
  }, [shown]);

  const start = () => {
    done.current = false;
    form.setFieldsValue({ title });
    setEditing(true);
  };
  const stop = () => {
    done.current = true;
    setEditing(false);
  };
  const save = async (value: string) => {
    const next = value.trim();
    if (!next || next === title) return stop();
    done.current = true;
    try {
      await update.mutateAsync({ body: { canvasId, title: next } });
      setEditing(false);
    } catch {
      // the error toast has said why; keep the field open with what was typed
      done.current = false;
    }
  };

  if (!editing)
    return (
      // the whole title (the header shows two lines of it at most) and what a click does
      <Tooltip
        title={
          <span data-testid="canvas-title-tooltip">
            <span className="canvas-title-tooltip__title">{shown}</span>
            <br />
            {ct('header.rename')}
          </span>
        }
      >
        <button
          type="button"
          className="canvas-toolbar__title"
          data-testid="canvas-title"
          aria-label={`${ct('header.rename')}: ${shown}`}
          onClick={start}
        >
          {shown}
        </button>
      </Tooltip>
    );

  return (
    <Form
      form={form}
      className="canvas-title-form"
      onFinish={({ title: value }) => void save(value)}
      onValuesChange={recheck}
      data-testid="canvas-title-form"
    >
      <Form.Item
        name="title"
        noStyle={false}
        className="canvas-title-form__item"
        rules={[checkRule((v: string | undefined) => ((v ?? '').trim() ? null : ct('header.titleRequired')))]}
        validateTrigger={[]}
        getValueFromEvent={(v: string) => v}
      >
        <TitleInput
          className="canvas-title-form__input"
          aria-label={ct('header.titleLabel')}
          placeholder={t('canvas.list.untitled')}
          data-testid="canvas-title-input"
          maxLength={512}
          maxRows={3}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onEnter={() => form.submit()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              stop();
            }
          }}
          onBlur={() => {
            if (!done.current) void save(form.getFieldValue('title') as string);
          }}
        />
      </Form.Item>
    </Form>
  );
}
