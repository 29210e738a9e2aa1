/** A "Share" button that opens the share dialog for one entity (canvas header, panels, pages). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareEntityType } from '@atelier/contract';
import { ShareDialog } from './ShareDialog';

export function ShareButton({
  entityType,
  entityId,
  title,
  size,
  iconOnly = false,
}: {
  entityType: ShareEntityType;
  entityId: string;
  title: string;
  size?: ButtonProps['size'];
  iconOnly?: boolean;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share' });
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        icon={<ShareAltOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('button')}
        data-testid={`share-button-${entityType}`}
      >
        {iconOnly ? null : t('button')}
      </Button>
      {open ? (
        <ShareDialog
          entityType={entityType}
          entityId={entityId}
          title={title}
          open={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
