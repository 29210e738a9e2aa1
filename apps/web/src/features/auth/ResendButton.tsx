/** "Resend code" with a visible cool-down ("Resend in 42 s"). */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { useCountdown } from '../../components/useCountdown';

export interface ResendButtonProps {
  availableAt: number;
  loading: boolean;
  onResend: () => void;
}

export function ResendButton({ availableAt, loading, onResend }: ResendButtonProps) {
  const { t } = useTranslation();
  const left = useCountdown(availableAt);
  return (
    <Button type="link" disabled={left > 0} loading={loading} onClick={onResend} data-testid="resend-code">
      {left > 0 ? t('auth.resendIn', { count: left }) : t('auth.resend')}
    </Button>
  );
}
