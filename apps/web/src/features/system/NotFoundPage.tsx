/** "Page not found" for unknown paths inside the app. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { StatusPage } from '../../components/StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={<CompassOutlined />}
      title={t('errors.pageNotFound')}
      detail={t('errors.pageNotFoundHint')}
      actions={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
