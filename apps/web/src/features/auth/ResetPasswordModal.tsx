/**
 * Reset password: the email gets a code (verification purpose resetPassword); the code and
 * the new password (entered twice) complete the reset, which also signs the user in.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Modal } from 'antd';
// the input components themselves: antd's `Input` index also brings TextArea, Search and Group
import Input from 'antd/es/input/Input';
import OTP from 'antd/es/input/OTP';
import Password from 'antd/es/input/Password';
import { useApiMutation } from '../../api/apiQuery';
import { LightField, useLightForm } from '../../components/lightForm';
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

interface EmailValues extends Record<string, string> {
  email: string;
}

interface ResetValues extends Record<string, string> {
  code: string;
  password: string;
  confirm: string;
}

const CODE_LENGTH = 6;
const NO_EMAIL: EmailValues = { email: '' };
const NO_RESET: ResetValues = { code: '', password: '', confirm: '' };

export function ResetPasswordModal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const open = useUiStore((s) => s.resetPasswordOpen);
  const { closeResetPassword, openAuth } = useUiStore.getState();
  const signedIn = useSignedIn();
  const [step, setStep] = useState<CodeStep | null>(null);
  const emailForm = useLightForm<EmailValues>({
    initial: NO_EMAIL,
    checks: { email: (v) => validateEmail(t, v) },
  });
  const resetForm = useLightForm<ResetValues>({
    initial: NO_RESET,
    checks: {
      code: (v) => (v.trim().length === CODE_LENGTH ? null : t('validation.codeRequired')),
      password: (v) => validatePassword(t, v, true),
      confirm: (v, all) => validateConfirmation(t, v, all.password),
    },
    // checked on submit (moving between the cells is no reason to complain)
    submitOnly: ['code'],
  });
  const errorStatus = (message: string | undefined) => (message === undefined ? undefined : 'error');

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

  const sendCode = (v: EmailValues) =>
    create.mutate({ body: { email: v.email.trim(), purpose: 'resetPassword' } });
  const resetPassword = (v: ResetValues) => {
    if (!step) return;
    check.mutate({ body: { sessionId: step.sessionId, code: v.code.trim(), password: v.password } });
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
        <form className="auth-form" onSubmit={emailForm.submit(sendCode)} noValidate>
          <p className="auth-muted">{t('auth.resetIntro')}</p>
          <LightField htmlFor="reset-email" label={t('auth.email')} error={emailForm.errors.email}>
            <Input
              id="reset-email"
              size="large"
              type="email"
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
              status={errorStatus(emailForm.errors.email)}
              value={emailForm.values.email}
              onChange={(e) => emailForm.setValue('email', e.target.value)}
              onBlur={() => emailForm.blur('email')}
            />
          </LightField>
          <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
            {t('auth.sendCode')}
          </Button>
        </form>
      ) : (
        <form className="auth-form" onSubmit={resetForm.submit(resetPassword)} noValidate>
          <p className="auth-muted">{t('auth.codeSentTo', { email: step.email })}</p>
          <LightField
            htmlFor="reset-code"
            error={resetForm.errors.code}
            label={
              <span className="auth-modal__password-label">
                {t('auth.verificationCode')}
                <ResendButton
                  availableAt={step.resendAvailableAt}
                  loading={resend.isPending}
                  onResend={() => resend.mutate({ body: { sessionId: step.sessionId } })}
                />
              </span>
            }
          >
            <OTP
              id="reset-code"
              length={CODE_LENGTH}
              size="large"
              status={errorStatus(resetForm.errors.code)}
              // each typed cell counts (onChange only fires once all are filled)
              onInput={(cells) => resetForm.setValue('code', cells.join(''))}
            />
          </LightField>
          <LightField
            htmlFor="reset-password"
            label={t('auth.newPassword')}
            error={resetForm.errors.password}
          >
            <Password
              id="reset-password"
              size="large"
              autoComplete="new-password"
              placeholder={t('auth.newPasswordPlaceholder')}
              status={errorStatus(resetForm.errors.password)}
              value={resetForm.values.password}
              onChange={(e) => resetForm.setValue('password', e.target.value)}
              onBlur={() => resetForm.blur('password')}
            />
          </LightField>
          <LightField
            htmlFor="reset-confirm"
            label={t('auth.confirmPassword')}
            error={resetForm.errors.confirm}
          >
            <Password
              id="reset-confirm"
              size="large"
              autoComplete="new-password"
              status={errorStatus(resetForm.errors.confirm)}
              value={resetForm.values.confirm}
              onChange={(e) => resetForm.setValue('confirm', e.target.value)}
              onBlur={() => resetForm.blur('confirm')}
            />
          </LightField>
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
