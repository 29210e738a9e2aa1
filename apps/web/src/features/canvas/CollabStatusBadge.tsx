/** Connection and save state of a collaborative document (spec section 4: connecting, saving, auto-saved, disconnected). */
import { useTranslation } from 'react-i18next';
import { Badge } from 'antd';
import type { CollabStatus } from './useCollab';

const COLOR: Record<CollabStatus, 'processing' | 'warning' | 'success' | 'error'> = {
  connecting: 'processing',
  saving: 'warning',
  saved: 'success',
  disconnected: 'error',
};

export function CollabStatusBadge({
  status,
  savedLabel,
}: {
  status: CollabStatus;
  savedLabel?: 'saved' | 'autoSaved';
}) {
  const { t } = useTranslation();
  const label =
    status === 'saved' ? t(`canvas.status.${savedLabel ?? 'saved'}`) : t(`canvas.status.${status}`);
  return (
    <span className="collab-status" data-testid="collab-status" data-status={status}>
      <Badge status={COLOR[status]} text={label} />
    </span>
  );
}
