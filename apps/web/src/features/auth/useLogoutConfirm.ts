/** Opens the logout confirmation; confirming signs out (spec section 4). */
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { logout } from '../../api/logout';

export function useLogoutConfirm(): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return () => {
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmBody'),
      okText: t('logout.confirmOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'logout-confirm' },
      centered: true,
      onOk: () => logout(),
    });
  };
}
