/**
 * Storage-exceeded dialog (spec sections 2 and 8): the library is full, or only N of the
 * chosen files fit. The upgrade button appears only when the caller can open an upgrade
 * path (subscriptions enabled), so it is never a dead end.
 */
import { useTranslation } from 'react-i18next';
import { Button, Modal, Progress, Typography } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';

export interface StorageExceededModalProps {
  open: boolean;
  onClose: () => void;
  /** Files stored and allowed, when known (storage meter). */
  fileCountUsed?: number;
  fileCountQuota?: number;
  /** How many of the files being added still fit; shown as "only N files can be saved". */
  remainingFiles?: number;
  onUpgrade?: () => void;
}

export function StorageExceededModal({
  open,
  onClose,
  fileCountUsed,
  fileCountQuota,
  remainingFiles,
  onUpgrade,
}: StorageExceededModalProps) {
  const { t } = useTranslation();
  const hasMeter = fileCountUsed !== undefined && fileCountQuota !== undefined && fileCountQuota > 0;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      centered
      width={440}
      title={
        <span>
          <CloudServerOutlined /> {t('storage.title')}
        </span>
      }
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        onUpgrade ? (
          <Button key="upgrade" type="primary" onClick={onUpgrade}>
            {t('storage.upgrade')}
          </Button>
        ) : null,
      ]}
      data-testid="storage-exceeded-modal"
    >
      <Typography.Paragraph>
        {remainingFiles !== undefined && remainingFiles > 0
          ? t('storage.onlyN', { count: remainingFiles })
          : t('storage.exceeded')}
      </Typography.Paragraph>
      {hasMeter ? (
        <>
          <Progress
            percent={Math.min(100, Math.round((fileCountUsed / fileCountQuota) * 100))}
            status="exception"
          />
          <Typography.Text type="secondary">
            {t('storage.usage', { used: fileCountUsed, quota: fileCountQuota })}
          </Typography.Text>
        </>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {onUpgrade ? t('storage.upgradeHint') : t('storage.freeUpHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
