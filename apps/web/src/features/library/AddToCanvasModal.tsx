/** Pick a canvas and put a resource or document node on it; then offer to open that canvas. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Empty, Modal, Spin, Tag } from 'antd';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { NodeLimitError } from '@atelier/canvas';
import type { Canvas } from '@atelier/contract';
import { useApiMutation, useApiQuery, useInvalidateRoutes } from '../../api/apiQuery';
import { CANVAS_LIST_INPUT } from '../canvas/canvasQueries';
import { addEntityToCanvas, type CanvasEntity } from './addToCanvas';
import { useTranslation } from 'react-i18next';

export function AddToCanvasModal({ entity, onClose }: { entity: CanvasEntity | null; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invalidate = useInvalidateRoutes();
  const [added, setAdded] = useState<Canvas | null>(null);
  // the canvas screen's own list entry, looked at again on every opening (staleTime 0), so a
  // canvas made anywhere (another tab, the API) is offered
  const canvases = useApiQuery('canvas.list', CANVAS_LIST_INPUT, { enabled: entity !== null, staleTime: 0 });
  const add = useMutation({
    mutationFn: async (canvas: Canvas) => {
      if (!entity) return canvas;
      if (canvas.readOnly) throw new Error(t('addToCanvas.readOnly'));
      await addEntityToCanvas(canvas.canvasId, entity);
      return canvas;
    },
    onSuccess: (canvas) => {
      setAdded(canvas);
      void invalidate(['canvas.list']);
    },
    onError: (err) => {
      void message.error(
        err instanceof NodeLimitError
          ? t('addToCanvas.limit')
          : err.message === t('addToCanvas.readOnly')
            ? err.message
            : t('addToCanvas.failed'),
      );
    },
    meta: { silent: true },
  });
  const create = useApiMutation('canvas.create', {
    invalidates: ['canvas.list'],
    onSuccess: (canvas) => add.mutate(canvas),
  });
  const close = () => {
    setAdded(null);
    add.reset();
    onClose();
  };
  const titleOf = (c: Canvas) => c.title || t('list.untitled');

  return (
    <Modal
      open={entity !== null}
      onCancel={close}
      title={t('addToCanvas.title', { title: entity?.title || t('list.untitled') })}
      footer={
        added ? (
          <>
            <Button onClick={close}>{tc('common.close')}</Button>
            <Button
              type="primary"
              onClick={() => {
                close();
                void navigate(`/canvas/${added.canvasId}`);
              }}
              data-testid="add-to-canvas-open"
            >
              {t('addToCanvas.open')}
            </Button>
          </>
        ) : null
      }
      destroyOnHidden
      data-testid="add-to-canvas-modal"
    >
      {added ? (
        <p data-testid="add-to-canvas-done">{t('addToCanvas.added', { title: titleOf(added) })}</p>
      ) : add.isPending || create.isPending ? (
        <div className="library__adding">
          <Spin /> {t('addToCanvas.adding')}
        </div>
      ) : canvases.isPending ? (
        <Spin className="library__spin" />
      ) : (
        <>
          <div className="library__picker-head">
            <span>{t('addToCanvas.pick')}</span>
            <Button size="small" icon={<PlusOutlined />} onClick={() => create.mutate({ body: {} })}>
              {t('addToCanvas.newCanvas')}
            </Button>
          </div>
          {(canvases.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('addToCanvas.empty')} />
          ) : (
            <ul className="library__picker">
              {(canvases.data ?? []).map((canvas) => (
                <li key={canvas.canvasId}>
                  <button
                    type="button"
                    className="library__picker-item"
                    onClick={() => add.mutate(canvas)}
                    data-testid="add-to-canvas-item"
                  >
                    <AppstoreOutlined /> <span className="library__picker-title">{titleOf(canvas)}</span>
                    {canvas.readOnly ? <Tag>{t('list.readOnly')}</Tag> : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
