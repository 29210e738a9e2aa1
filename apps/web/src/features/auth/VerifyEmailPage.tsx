/**
 * Email verification after sign-up: enter the 6-digit code (submitted when complete) or ask
 * for a resend once the cool-down has run out. A correct code creates the account and signs in.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useApiMutation } from '../../api/apiQuery';
import { platform } from '../../platform/platform';
import { useAuthStore } from '../../stores/authStore';
import { useUiStore } from '../../stores/uiStore';
import { useSignedIn } from '../settings/useUserSettings';
import { ResendButton } from './ResendButton';
import {
  clearPendingVerification,
  loadPendingVerification,
  savePendingVerification,
  type PendingVerification,
} from './pendingVerification';
import './auth.css';

const CODE_LENGTH = 6;

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const status = useAuthStore((s) => s.status);
  const [pending, setPending] = useState<PendingVerification | null>(loadPendingVerification);
  const [code, setCode] = useState('');

  const check = useApiMutation('auth.verification.check', {
    onSuccess: ({ user }) => {
      clearPendingVerification();
      signedIn(user);
      void navigate('/', { replace: true });
    },
    onError: () => setCode(''),
  });

  const resend = useApiMutation('auth.verification.resend', {
    onSuccess: (s) => {
      const next = {
        sessionId: s.sessionId,
        email: s.email,
        resendAvailableAt: platform.now() + s.resendAfterSeconds * 1000,
      };
      savePendingVerification(next);
      setPending(next);
      void message.success(t('auth.codeResent'));
    },
  });

  const submit = (value: string) => {
    if (pending && value.trim().length === CODE_LENGTH)
      check.mutate({ body: { sessionId: pending.sessionId, code: value.trim() } });
  };

  if (!pending || status === 'authenticated') {
    return (
      <div className="auth-page">
        <div className="auth-page__card">
          <h2 className="auth-title">{t('auth.noVerificationTitle')}</h2>
          <p className="auth-muted">{t('auth.noVerificationBody')}</p>
          <Button
            type="primary"
            onClick={() => {
              void navigate('/');
              if (status !== 'authenticated') useUiStore.getState().openAuth('signup');
            }}
          >
            {status === 'authenticated' ? t('common.backHome') : t('auth.signupAction')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page" data-testid="verify-page">
      <div className="auth-page__card">
        <MailOutlined className="verify-icon" />
        <h2 className="auth-title">{t('auth.verifyTitle')}</h2>
        <p className="auth-muted">{t('auth.codeSentTo', { email: pending.email })}</p>
        <div className="auth-code">
          <Input.OTP
            length={CODE_LENGTH}
            size="large"
            value={code}
            disabled={check.isPending}
            onInput={(cells) => setCode(cells.join(''))}
            onChange={(value) => {
              setCode(value);
              submit(value);
            }}
            data-testid="verify-code"
          />
        </div>
        <Button
          type="primary"
          size="large"
          block
          loading={check.isPending}
          disabled={code.trim().length !== CODE_LENGTH}
          onClick={() => submit(code)}
          data-testid="verify-submit"
        >
          {t('auth.verifyAction')}
        </Button>
        <div className="auth-resend">
          <span className="auth-muted">{t('auth.noCode')}</span>
          <ResendButton
            availableAt={pending.resendAvailableAt}
            loading={resend.isPending}
            onResend={() => resend.mutate({ body: { sessionId: pending.sessionId } })}
          />
        </div>
        <Button
          type="text"
          size="small"
          onClick={() => {
            clearPendingVerification();
            void navigate('/');
            useUiStore.getState().openAuth('signup');
          }}
        >
          {t('auth.useAnotherEmail')}
        </Button>
      </div>
    </div>
  );
}
