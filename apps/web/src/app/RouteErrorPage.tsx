/**
 * Shown when a route throws. A lazy chunk that failed to load (offline, or a new release
 * replaced it) is not an error worth a report: it offers a reload instead (spec section 8).
 */
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { StatusPage } from '../components/StatusPage';
import { isScriptLoadError } from '../components/errorToast/toastRules';
import { platform } from '../platform/platform';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isScriptLoadError(error);
  if (!chunk) console.error(error);
  return (
    <StatusPage
      tone={chunk ? 'warning' : 'error'}
      icon={<WarningOutlined />}
      title={t('errors.pageLoadFailed')}
      detail={chunk ? t('errors.newVersion') : t('errors.unknown')}
      actions={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => platform.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
