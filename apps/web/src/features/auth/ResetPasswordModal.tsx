/**
 * Reset password: the email gets a code (verification purpose resetPassword); the code and
 * the new password (entered twice) complete the reset, which also signs the user in.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Input, Modal } from 'antd';
import { useApiMutation } from '../../api/apiQuery';
import { FormField } from '../../components/FormField';
import { useSimpleForm } from '../../components/useSimpleForm';
import { platform } from '../../platform/platform';
import { useUiStore } from '../../stores/uiStore';
import { useSignedIn } from '../settings/useUserSettings';
import { ResendButton } from './ResendButton';
import { validateConfirmation, validateEmail, validatePassword } from './validation';

interface CodeStep {
  sessionId: string;
  email: string;
  resendAvailableAt: number;
}

interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

const CODE_LENGTH = 6;

export function ResetPasswordModal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const open = useUiStore((s) => s.resetPasswordOpen);
  const { closeResetPassword, openAuth } = useUiStore.getState();
  const signedIn = useSignedIn();
  const [step, setStep] = useState<CodeStep | null>(null);
  const emailForm = useSimpleForm({ email: '' }, { email: (v) => validateEmail(t, v) });
  const resetForm = useSimpleForm<ResetValues>(
    { code: '', password: '', confirm: '' },
    {
      code: (v) => (v.trim().length === CODE_LENGTH ? null : t('validation.codeRequired')),
      password: (v) => validatePassword(t, v, true),
      confirm: (v, all) => validateConfirmation(t, v, all.password),
    },
  );

  const applySession = (s: { sessionId: string; email: string; resendAfterSeconds: number }) =>
    setStep({
      sessionId: s.sessionId,
      email: s.email,
      resendAvailableAt: platform.now() + s.resendAfterSeconds * 1000,
    });

  const create = useApiMutation('auth.verification.create', { onSuccess: applySession });
  const resend = useApiMutation('auth.verification.resend', {
    onSuccess: (s) => {
      applySession(s);
      void message.success(t('auth.codeResent'));
    },
  });
  const check = useApiMutation('auth.verification.check', {
    onSuccess: ({ user }) => {
      void message.success(t('auth.passwordResetDone'));
      closeResetPassword();
      signedIn(user);
      void navigate('/', { replace: true });
    },
  });

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    emailForm.submit((v) => create.mutate({ body: { email: v.email.trim(), purpose: 'resetPassword' } }));
  };
  const resetPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!step) return;
    resetForm.submit((v) =>
      check.mutate({ body: { sessionId: step.sessionId, code: v.code.trim(), password: v.password } }),
    );
  };

  return (
    <Modal
      open={open}
      onCancel={closeResetPassword}
      afterOpenChange={(isOpen) => {
        if (isOpen) return;
        setStep(null);
        emailForm.reset();
        resetForm.reset();
      }}
      footer={null}
      width={420}
      centered
      title={t('auth.resetTitle')}
      data-testid="reset-password-modal"
    >
      {step === null ? (
        <form onSubmit={sendCode} noValidate>
          <p className="auth-muted">{t('auth.resetIntro')}</p>
          <FormField id="reset-email" label={t('auth.email')} error={emailForm.errors.email}>
            <Input
              id="reset-email"
              size="large"
              type="email"
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
              value={emailForm.values.email}
              status={emailForm.errors.email ? 'error' : undefined}
              onChange={(e) => emailForm.set('email', e.target.value)}
              onBlur={() => emailForm.touch('email')}
            />
          </FormField>
          <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
            {t('auth.sendCode')}
          </Button>
        </form>
      ) : (
        <form onSubmit={resetPassword} noValidate>
          <p className="auth-muted">{t('auth.codeSentTo', { email: step.email })}</p>
          <FormField
            id="reset-code"
            label={t('auth.verificationCode')}
            error={resetForm.errors.code}
            extra={
              <ResendButton
                availableAt={step.resendAvailableAt}
                loading={resend.isPending}
                onResend={() => resend.mutate({ body: { sessionId: step.sessionId } })}
              />
            }
          >
            <Input.OTP
              id="reset-code"
              length={CODE_LENGTH}
              size="large"
              value={resetForm.values.code}
              onInput={(cells) => resetForm.set('code', cells.join(''))}
              onChange={(value) => resetForm.set('code', value)}
            />
          </FormField>
          <FormField id="reset-password" label={t('auth.newPassword')} error={resetForm.errors.password}>
            <Input.Password
              id="reset-password"
              size="large"
              autoComplete="new-password"
              placeholder={t('auth.newPasswordPlaceholder')}
              value={resetForm.values.password}
              status={resetForm.errors.password ? 'error' : undefined}
              onChange={(e) => resetForm.set('password', e.target.value)}
              onBlur={() => resetForm.touch('password')}
            />
          </FormField>
          <FormField id="reset-confirm" label={t('auth.confirmPassword')} error={resetForm.errors.confirm}>
            <Input.Password
              id="reset-confirm"
              size="large"
              autoComplete="new-password"
              value={resetForm.values.confirm}
              status={resetForm.errors.confirm ? 'error' : undefined}
              onChange={(e) => resetForm.set('confirm', e.target.value)}
              onBlur={() => resetForm.touch('confirm')}
            />
          </FormField>
          <Button type="primary" htmlType="submit" size="large" block loading={check.isPending}>
            {t('auth.resetAction')}
          </Button>
        </form>
      )}
      <div className="auth-modal__switch">
        <Button type="link" size="small" onClick={() => openAuth('login')}>
          {t('auth.backToLogin')}
        </Button>
      </div>
    </Modal>
  );
}
