/**
 * Settings > Account: avatar, display name (nickname), username with the live uniqueness
 * check, the email (read only) and signing out with a confirmation (spec section 2).
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { App, Button, Divider, Form, Input, Typography } from 'antd';
import { CheckCircleFilled, LoadingOutlined, LogoutOutlined } from '@ant-design/icons';
import { LIMITS, UpdateUserSettingsSchema } from '@atelier/contract';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import { problemMessage } from '../auth/validation';
import { ApiTokensSection } from './ApiTokensSection';
import { AvatarUpload } from './AvatarUpload';
import { useUsernameCheck, type UsernameStatus } from './useUsernameCheck';
import { useCurrentUser, useUpdateUserSettings } from './useUserSettings';

interface AccountValues {
  name: string;
  nickname: string;
}

/** The contract's limit on display names. */
const NICKNAME_MAX = UpdateUserSettingsSchema.shape.nickname.unwrap().maxLength ?? 64;

function usernameFeedback(status: UsernameStatus, t: TFunction) {
  switch (status.state) {
    case 'checking':
      return {
        validateStatus: 'validating' as const,
        help: t('settings.account.checking'),
        suffix: <LoadingOutlined />,
      };
    case 'available':
      return {
        validateStatus: 'success' as const,
        help: t('settings.account.usernameAvailable'),
        suffix: <CheckCircleFilled className="username-ok" />,
      };
    case 'invalid':
      return { validateStatus: 'error' as const, help: problemMessage(t, status.problem), suffix: null };
    case 'error':
      return { validateStatus: 'warning' as const, help: t('settings.account.checkFailed'), suffix: null };
    default:
      return { validateStatus: undefined, help: undefined, suffix: null };
  }
}

export function AccountTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const update = useUpdateUserSettings();
  const confirmLogout = useLogoutConfirm();
  const [form] = Form.useForm<AccountValues>();
  const name = Form.useWatch('name', form) ?? user.name ?? '';
  const nickname = Form.useWatch('nickname', form) ?? user.nickname ?? '';
  const check = useUsernameCheck(name, user.name);
  const feedback = usernameFeedback(check, t);
  const nameChanged = name !== (user.name ?? '');
  const nicknameChanged = nickname.trim() !== (user.nickname ?? '');
  const blocked = nameChanged && check.state !== 'available';

  const onSave = (values: AccountValues) => {
    const patch: { name?: string; nickname?: string } = {};
    if (nameChanged) patch.name = values.name;
    if (nicknameChanged) patch.nickname = values.nickname.trim();
    update.mutate(patch, { onSuccess: () => void message.success(t('settings.saved')) });
  };

  return (
    <div data-testid="account-tab">
      <AvatarUpload />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: user.name ?? '', nickname: user.nickname ?? '' }}
        onFinish={onSave}
        className="account-form"
      >
        <Form.Item
          name="nickname"
          label={t('settings.account.nickname')}
          extra={t('settings.account.nicknameHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.nicknameRequired') },
            { max: NICKNAME_MAX, message: t('validation.nicknameTooLong', { count: NICKNAME_MAX }) },
          ]}
        >
          <Input maxLength={NICKNAME_MAX} data-testid="account-nickname" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('settings.account.username')}
          extra={
            feedback.help
              ? undefined
              : t('settings.account.usernameHint', { count: LIMITS.usernameMaxLength })
          }
          validateStatus={feedback.validateStatus}
          help={feedback.help}
        >
          <Input
            prefix="@"
            suffix={feedback.suffix}
            maxLength={LIMITS.usernameMaxLength + 1}
            autoComplete="username"
            data-testid="account-username"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={update.isPending}
          disabled={(!nameChanged && !nicknameChanged) || blocked}
          data-testid="account-save"
        >
          {t('common.save')}
        </Button>
      </Form>
      <Divider style={{ margin: '20px 0' }} />
      <ApiTokensSection />
      <Divider style={{ margin: '20px 0' }} />
      <div className="account-logout">
        <div>
          <Typography.Text strong>{t('logout.action')}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('logout.hint')}</Typography.Text>
          </div>
        </div>
        <Button danger icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="account-logout">
          {t('logout.action')}
        </Button>
      </div>
    </div>
  );
}
