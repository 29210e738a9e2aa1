/** The maintenance banner itself (loaded only when a window is announced). */
import { Alert } from 'antd';

export interface MaintenanceBannerProps {
  active: boolean;
  text: string;
  onClose: () => void;
}

export function MaintenanceBanner({ active, text, onClose }: MaintenanceBannerProps) {
  return (
    <Alert
      banner
      type={active ? 'error' : 'warning'}
      title={text}
      closable={{ onClose }}
      data-testid="maintenance-notice"
    />
  );
}
