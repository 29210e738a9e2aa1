/** "Publish as template" in the canvas toolbar: opens the template form for this canvas. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { App, Button, Tooltip } from 'antd';
import { LayoutOutlined } from '@ant-design/icons';
import { TemplateFormModal, type TemplateFormTarget } from './TemplateFormModal';
import { findCanvasTemplate } from './templateQueries';
import './templates.css';

/** `title` is undefined while the canvas loads (the button waits for it: it fills the form). */
export function PublishTemplateButton({ canvasId, title }: { canvasId: string; title: string | undefined }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'templates.publish' });
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [target, setTarget] = useState<TemplateFormTarget | null>(null);
  const [looking, setLooking] = useState(false);

  const open = async () => {
    setLooking(true);
    // Republishing a canvas updates its template; when the lookup fails the form still opens
    // (the server then publishes a new template).
    const existing = await findCanvasTemplate(canvasId).catch(() => null);
    setLooking(false);
    setTarget({ kind: 'publish', canvasId, canvasTitle: title ?? '', existing });
  };

  return (
    <>
      <Tooltip title={t('button')}>
        <Button
          icon={<LayoutOutlined />}
          loading={looking}
          disabled={title === undefined}
          onClick={() => void open()}
          aria-label={t('button')}
          data-testid="template-publish-button"
        />
      </Tooltip>
      <TemplateFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(_template, created) => {
          if (!created) return;
          notification.success({
            message: t('published'),
            key: 'template-published',
            btn: (
              <Button
                type="primary"
                size="small"
                data-testid="template-open-library"
                onClick={() => {
                  notification.destroy('template-published');
                  void navigate('/templates?tab=mine');
                }}
              >
                {t('open')}
              </Button>
            ),
          });
        }}
      />
    </>
  );
}
