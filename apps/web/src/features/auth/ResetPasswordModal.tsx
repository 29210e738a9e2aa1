/**
 * Reset password: the email gets a code (verification purpose resetPassword); the code and
 * the new password (entered twice) complete the reset, which also signs the user in.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal } from 'antd';
import { useApiMutation } from '../../api/apiQuery';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from '../../components/formRules';
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
  const [emailForm] = Form.useForm<{ email: string }>();
  const [resetForm] = Form.useForm<ResetValues>();
  const recheckEmail = useRecheckInvalid(emailForm);
  const recheckReset = useRecheckInvalid(resetForm);

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

  const sendCode = (v: { email: string }) =>
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
        emailForm.resetFields();
        resetForm.resetFields();
      }}
      footer={null}
      width={420}
      centered
      title={t('auth.resetTitle')}
      data-testid="reset-password-modal"
    >
      {step === null ? (
        <Form
          form={emailForm}
          className="auth-form"
          {...BLUR_VALIDATION}
          initialValues={{ email: '' }}
          onValuesChange={recheckEmail}
          onFinish={sendCode}
          noValidate
        >
          <p className="auth-muted">{t('auth.resetIntro')}</p>
          <Form.Item
            name="email"
            htmlFor="reset-email"
            label={t('auth.email')}
            rules={[checkRule((v: string) => validateEmail(t, v))]}
          >
            <Input
              id="reset-email"
              size="large"
              type="email"
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
            {t('auth.sendCode')}
          </Button>
        </Form>
      ) : (
        <Form
          form={resetForm}
          className="auth-form"
          {...BLUR_VALIDATION}
          initialValues={{ code: '', password: '', confirm: '' }}
          onValuesChange={recheckReset}
          onFinish={resetPassword}
          noValidate
        >
          <p className="auth-muted">{t('auth.codeSentTo', { email: step.email })}</p>
          <Form.Item
            name="code"
            htmlFor="reset-code"
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
            // checked on submit (moving between the cells is no reason to complain)
            validateTrigger={[]}
            rules={[
              checkRule((v: string) =>
                v.trim().length === CODE_LENGTH ? null : t('validation.codeRequired'),
              ),
            ]}
          >
            <Input.OTP
              id="reset-code"
              length={CODE_LENGTH}
              size="large"
              onInput={(cells) => {
                // each typed cell counts (onChange only fires once all are filled)
                const shown = resetForm.getFieldError('code').length > 0;
                resetForm.setFieldValue('code', cells.join(''));
                if (shown) resetForm.validateFields(['code']).catch(() => undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            name="password"
            htmlFor="reset-password"
            label={t('auth.newPassword')}
            rules={[checkRule((v: string) => validatePassword(t, v, true))]}
          >
            <Input.Password
              id="reset-password"
              size="large"
              autoComplete="new-password"
              placeholder={t('auth.newPasswordPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            htmlFor="reset-confirm"
            label={t('auth.confirmPassword')}
            rules={[checkRule((v: string, get) => validateConfirmation(t, v, String(get('password') ?? '')))]}
          >
            <Input.Password id="reset-confirm" size="large" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={check.isPending}>
            {t('auth.resetAction')}
          </Button>
        </Form>
      )}
      <div className="auth-modal__switch">
        <Button type="link" size="small" onClick={() => openAuth('login')}>
          {t('auth.backToLogin')}
        </Button>
      </div>
    </Modal>
  );
}
