/**
 * The sign-in / sign-up dialog: email and password, the identity providers the instance
 * enables, and the way to the password reset. Signing up sends a code and opens /verify.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'antd';
// the input components themselves: antd's `Input` index also brings TextArea, Search, OTP and Group
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useApiMutation, type ApiData } from '../../api/apiQuery';
import { LogoMark } from '../../components/Logo';
import { LightField, useLightForm } from '../../components/lightForm';
import { platform } from '../../platform/platform';
import { useUiStore, type AuthModalMode } from '../../stores/uiStore';
import { useSignedIn } from '../settings/useUserSettings';
import { OAuthButtons } from './OAuthButtons';
import { INITIAL_RESEND_COOLDOWN_SECONDS, savePendingVerification } from './pendingVerification';
import { useAuthConfig } from './useAuthConfig';
import { validateEmail, validatePassword } from './validation';
import './auth.css';

interface Credentials extends Record<string, string> {
  email: string;
  password: string;
}

const EMPTY: Credentials = { email: '', password: '' };

export function LoginModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode = useUiStore((s) => s.authModal);
  const returnTo = useUiStore((s) => s.returnTo);
  const { openAuth, closeAuth, clearReturnTo, openResetPassword } = useUiStore.getState();
  const [lastMode, setLastMode] = useState<AuthModalMode>('login');
  if (mode && mode !== lastMode) setLastMode(mode);
  const shown = mode ?? lastMode;
  const isSignup = shown === 'signup';
  const form = useLightForm<Credentials>({
    initial: EMPTY,
    checks: {
      email: (v) => validateEmail(t, v),
      password: (v) => validatePassword(t, v, isSignup),
    },
  });
  const { data: config } = useAuthConfig();
  const signedIn = useSignedIn();

  const afterSignIn = () => {
    closeAuth();
    clearReturnTo();
    void navigate(returnTo ?? '/', { replace: true });
  };

  const login = useApiMutation('auth.email.login', {
    onSuccess: ({ user }) => {
      signedIn(user);
      afterSignIn();
    },
  });

  const signup = useApiMutation('auth.email.signup');
  const onSignedUp = (result: ApiData<'auth.email.signup'>, body: Credentials) => {
    if (result.sessionId) {
      savePendingVerification({
        sessionId: result.sessionId,
        email: body.email.trim(),
        resendAvailableAt:
          platform.now() + (result.resendAfterSeconds ?? INITIAL_RESEND_COOLDOWN_SECONDS) * 1000,
      });
      closeAuth();
      void navigate('/verify');
    } else if (result.loggedIn) {
      signedIn(undefined);
      afterSignIn();
    }
  };

  const busy = login.isPending || signup.isPending;
  const onFinish = (values: Credentials) => {
    const body = { email: values.email.trim(), password: values.password };
    if (isSignup) signup.mutate({ body }, { onSuccess: (result) => onSignedUp(result, body) });
    else login.mutate({ body });
  };

  return (
    <Modal
      open={mode !== null}
      onCancel={closeAuth}
      footer={null}
      width={420}
      centered
      afterOpenChange={(open) => {
        if (!open) form.reset();
      }}
      data-testid="login-modal"
    >
      <div className="auth-modal">
        <div className="auth-modal__head">
          <LogoMark size={40} />
          <h2 className="auth-title">{isSignup ? t('auth.signupTitle') : t('auth.loginTitle')}</h2>
          <span className="auth-muted">{isSignup ? t('auth.signupSubtitle') : t('auth.loginSubtitle')}</span>
        </div>
        <OAuthButtons returnTo={returnTo} />
        {config?.email === false ? null : (
          <form onSubmit={form.submit(onFinish)} noValidate>
            <LightField htmlFor="auth-email" label={t('auth.email')} error={form.errors.email}>
              <Input
                id="auth-email"
                size="large"
                type="email"
                autoComplete="email"
                placeholder={t('auth.emailPlaceholder')}
                disabled={busy}
                status={form.errors.email === undefined ? undefined : 'error'}
                value={form.values.email}
                onChange={(e) => form.setValue('email', e.target.value)}
                onBlur={() => form.blur('email')}
              />
            </LightField>
            <LightField
              htmlFor="auth-password"
              error={form.errors.password}
              label={
                <span className="auth-modal__password-label">
                  {t('auth.password')}
                  {isSignup ? null : (
                    <Button
                      type="link"
                      size="small"
                      className="auth-modal__forgot"
                      onClick={openResetPassword}
                    >
                      {t('auth.forgotPassword')}
                    </Button>
                  )}
                </span>
              }
            >
              <Password
                id="auth-password"
                size="large"
                autoComplete={isSignup ? 'new-password' : 'current-password'}
                placeholder={isSignup ? t('auth.newPasswordPlaceholder') : t('auth.passwordPlaceholder')}
                disabled={busy}
                status={form.errors.password === undefined ? undefined : 'error'}
                value={form.values.password}
                onChange={(e) => form.setValue('password', e.target.value)}
                onBlur={() => form.blur('password')}
              />
            </LightField>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={busy}
              data-testid="auth-submit"
            >
              {isSignup ? t('auth.signupAction') : t('auth.loginAction')}
            </Button>
          </form>
        )}
        <div className="auth-modal__switch">
          {isSignup ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
          <Button
            type="link"
            size="small"
            onClick={() => {
              form.reset();
              openAuth(isSignup ? 'login' : 'signup');
            }}
            data-testid="auth-switch"
          >
            {isSignup ? t('auth.loginAction') : t('auth.signupAction')}
          </Button>
        </div>
        <p className="auth-muted auth-modal__legal">
          {t('auth.legalPrefix')}{' '}
          <Link to="/terms" onClick={closeAuth}>
            {t('legal.termsTitle')}
          </Link>{' '}
          {t('auth.legalAnd')}{' '}
          <Link to="/privacy" onClick={closeAuth}>
            {t('legal.privacyTitle')}
          </Link>
          {t('auth.legalSuffix')}
        </p>
      </div>
    </Modal>
  );
}
