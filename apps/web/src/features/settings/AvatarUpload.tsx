/**
 * Avatar picker: an image (PNG, JPEG, GIF or WebP, at most 2 MB) is uploaded to
 * /misc/upload as a public user file, then its storage key is saved in the settings.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Avatar, Button, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { api } from '../../api/client';
import { useCurrentUser, useUpdateUserSettings } from './useUserSettings';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarProblem = 'avatarType' | 'avatarSize';

export function avatarProblem(file: { type: string; size: number }): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}

export function AvatarUpload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const update = useUpdateUserSettings();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const form = new FormData();
      form.append('entityType', 'user');
      form.append('visibility', 'public');
      form.append('file', file);
      const { storageKey } = await api.call('misc.upload', { body: form });
      await update.mutateAsync({ avatarStorageKey: storageKey });
      void message.success(t('settings.account.avatarUpdated'));
    } catch {
      // the toast already told what failed
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="avatar-upload">
      <Avatar size={64} src={user.avatar ?? undefined} icon={<UserOutlined />} data-testid="account-avatar" />
      <div className="avatar-upload__who">
        <span className="avatar-upload__email" data-testid="account-email">
          {user.email}
        </span>
        <Upload
          accept={AVATAR_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = avatarProblem(file);
            if (problem === 'avatarType') void message.error(t('validation.avatarType'));
            else if (problem === 'avatarSize')
              void message.error(t('validation.avatarSize', { size: '2 MB' }));
            else void upload(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading} data-testid="avatar-upload">
            {t('settings.account.changeAvatar')}
          </Button>
        </Upload>
        <div className="avatar-upload__hint">{t('settings.account.avatarHint', { size: '2 MB' })}</div>
      </div>
    </div>
  );
}
