/**
 * The beta gate (spec section 6): shown instead of the app while the account has no beta
 * access, with a way to apply for early access, check again, or sign out.
 */
import { useTranslation } from 'react-i18next';
import { Button, Flex } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { LogoMark } from '../../components/Logo';
import { useUserSettings } from '../settings/useUserSettings';
import { useLogoutConfirm } from './useLogoutConfirm';
import './auth.css';

/** Where "Apply for early access" leads; an instance sets it at build time. */
const APPLY_URL: string =
  (import.meta.env.VITE_BETA_APPLY_URL as string | undefined) ?? 'mailto:?subject=Atelier%20early%20access';

export function RequestAccessPage() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const confirmLogout = useLogoutConfirm();
  return (
    <div className="auth-page" data-testid="request-access-page">
      <div className="auth-page__card">
        <div className="auth-page__logo">
          <LogoMark size={48} />
        </div>
        <h2 className="auth-title">
          <LockOutlined /> {t('beta.title')}
        </h2>
        <p>{t('beta.noAccess')}</p>
        <p className="auth-muted">{t('beta.signedInAs', { email: settings.data?.email ?? '' })}</p>
        <Flex vertical gap={8}>
          <Button type="primary" size="large" block href={APPLY_URL} target="_blank" rel="noreferrer">
            {t('beta.apply')}
          </Button>
          <Button block loading={settings.isFetching} onClick={() => void settings.refetch()}>
            {t('beta.checkAgain')}
          </Button>
          <Button type="text" block onClick={confirmLogout}>
            {t('logout.action')}
          </Button>
        </Flex>
      </div>
    </div>
  );
}
