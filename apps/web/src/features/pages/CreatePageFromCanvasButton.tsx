/** "Create page" on the canvas toolbar: the create dialog for this canvas, its selection pre-ticked. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Tooltip } from 'antd';
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { CreatePageModal } from './CreatePageModal';

export function CreatePageFromCanvasButton({
  canvasId,
  selectedNodeIds,
}: {
  canvasId: string;
  selectedNodeIds: string[];
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pages' });
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [preselected, setPreselected] = useState<string[]>([]);
  return (
    <>
      <Tooltip title={t('createTitle')}>
        <Button
          type="text"
          icon={<FundProjectionScreenOutlined />}
          aria-label={t('fromSelection')}
          data-testid="canvas-create-page"
          onClick={() => {
            setPreselected(selectedNodeIds);
            setOpen(true);
          }}
        />
      </Tooltip>
      <CreatePageModal
        open={open}
        canvasId={canvasId}
        preselected={preselected}
        onClose={() => setOpen(false)}
        onCreated={() => {
          setOpen(false);
          void navigate('/pages');
        }}
      />
    </>
  );
}
