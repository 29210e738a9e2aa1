/**
 * Create a page from a canvas (spec section 2): pick one of your canvases or paste a canvas ID,
 * load its nodes, tick the nodes of slideshow types (at least one), create.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Checkbox, Empty, Input, Modal, Select, Spin, Typography } from 'antd';
import type { PageNodeType } from '@atelier/contract';
import { useApiQuery } from '../../api/apiQuery';
import { isSlideType, usePageMutations } from './pageQueries';

export interface CreatePageModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (pageId: string) => void;
  /** Canvas to start from (the canvas screen's entry). */
  canvasId?: string;
  /** Nodes ticked at first (the canvas selection). */
  preselected?: string[];
}

export function CreatePageModal({
  open,
  onClose,
  onCreated,
  canvasId: initialCanvas,
  preselected,
}: CreatePageModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pages' });
  const { message } = App.useApp();
  const [canvasId, setCanvasId] = useState(initialCanvas ?? '');
  const [pasted, setPasted] = useState('');
  const [checked, setChecked] = useState<string[]>(preselected ?? []);
  const canvases = useApiQuery(
    'canvas.list',
    { query: { pageSize: 100 } },
    { enabled: open && !initialCanvas },
  );
  const data = useApiQuery(
    'canvas.data',
    { query: { canvasId } },
    { enabled: open && !!canvasId, retry: false },
  );
  const { addNodes } = usePageMutations();

  useEffect(() => {
    if (open) {
      setCanvasId(initialCanvas ?? '');
      setChecked(preselected ?? []);
      setPasted('');
    }
  }, [open, initialCanvas, preselected]);

  // offered, and sent, in the canvas's reading order: top to bottom, then left to right
  const nodes = useMemo(
    () =>
      (data.data?.nodes ?? [])
        .filter((n) => isSlideType(n.type))
        .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x),
    [data.data],
  );
  useEffect(() => {
    // keep only ticks that are valid nodes of the loaded canvas
    if (data.data) setChecked((c) => c.filter((id) => nodes.some((n) => n.id === id)));
  }, [data.data, nodes]);

  const create = async () => {
    if (!canvasId || checked.length === 0) {
      void message.error(t('selectAtLeastOne'));
      return;
    }
    try {
      const nodeIds = nodes.filter((n) => checked.includes(n.id)).map((n) => n.id);
      const page = await addNodes.mutateAsync({ params: { canvasId }, body: { nodeIds } });
      void message.success(t('created'));
      onCreated(page.pageId);
    } catch {
      void message.error(t('createFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onCancel={onClose}
      onOk={() => void create()}
      okText={t('create')}
      cancelText={t('cancel')}
      okButtonProps={
        {
          disabled: checked.length === 0,
          loading: addNodes.isPending,
          'data-testid': 'page-create-ok',
        } as never
      }
      destroyOnHidden
    >
      {!initialCanvas ? (
        <div className="page-create__pick">
          <Typography.Text>{t('chooseCanvas')}</Typography.Text>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder={t('chooseCanvasPlaceholder')}
            loading={canvases.isPending}
            value={canvasId || undefined}
            data-testid="page-create-canvas"
            options={(canvases.data ?? []).map((c) => ({
              value: c.canvasId,
              label: c.title || t('untitledCanvas'),
            }))}
            onChange={(v: string) => setCanvasId(v)}
          />
          <Input.Search
            placeholder={t('pasteCanvasId')}
            enterButton={t('load')}
            value={pasted}
            data-testid="page-create-canvas-id"
            onChange={(e) => setPasted(e.target.value)}
            onSearch={(v) => v.trim() && setCanvasId(v.trim())}
          />
        </div>
      ) : null}
      {!canvasId ? null : data.isPending ? (
        <Spin />
      ) : data.isError ? (
        <Typography.Text type="danger">{t('canvasLoadFailed')}</Typography.Text>
      ) : nodes.length === 0 ? (
        <Empty description={t('noValidNodes')} data-testid="page-create-no-nodes" />
      ) : (
        <div className="page-create__nodes" data-testid="page-create-nodes">
          <Typography.Text type="secondary">{t('selectNodes')}</Typography.Text>
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v as string[])}>
            {nodes.map((n) => (
              <Checkbox key={n.id} value={n.id} data-testid="page-create-node">
                <span className="page-create__node-type">{t(`nodeType.${n.type as PageNodeType}`)}</span>{' '}
                {n.data.title || t('untitledNode')}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </div>
      )}
    </Modal>
  );
}
