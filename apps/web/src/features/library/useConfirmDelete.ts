/** The delete confirmation every library tab uses. */
import { useTranslation } from 'react-i18next';
import { App } from 'antd';

export function useConfirmDelete() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { t: tc } = useTranslation();
  const { modal, message } = App.useApp();
  return (title: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('list.deleteTitle', { title: title || t('list.untitled') }),
      content: t('list.deleteBody'),
      okText: t('list.delete'),
      okButtonProps: { danger: true, 'data-testid': 'library-delete-confirm' },
      cancelText: tc('common.cancel'),
      onOk: () => remove().then(() => void message.success(t('list.deleted'))),
    });
}
