/** GitHub and Google sign-in links, each shown only when /auth/config enables it. */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { GithubOutlined, GoogleOutlined } from '@ant-design/icons';
import { api } from '../../api/client';
import { useAuthConfig } from './useAuthConfig';

export function OAuthButtons({ returnTo }: { returnTo?: string | null }) {
  const { t } = useTranslation();
  const { data: config } = useAuthConfig();
  const providers = (['github', 'google'] as const).filter((p) => config?.[p]);
  if (providers.length === 0) return null;
  const query = returnTo ? { redirect: returnTo } : undefined;
  return (
    <div className="auth-oauth">
      {providers.map((provider) => (
        <Button
          key={provider}
          block
          size="large"
          icon={provider === 'github' ? <GithubOutlined /> : <GoogleOutlined />}
          href={api.url('auth.oauth.start', { params: { provider }, query })}
          data-testid={`oauth-${provider}`}
        >
          {provider === 'github' ? t('auth.continueWithGithub') : t('auth.continueWithGoogle')}
        </Button>
      ))}
      {config?.email ? <div className="auth-divider">{t('auth.or')}</div> : null}
    </div>
  );
}
