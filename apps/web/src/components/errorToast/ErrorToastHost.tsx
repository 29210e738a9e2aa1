/** Connects the error channel to antd's notification API (themed, inside <App>). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { setErrorNotifier } from './reporter';
import { ErrorToastContent } from './ErrorToastContent';

export function ErrorToastHost() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      setErrorNotifier((spec) => {
        notification.error({
          key: spec.key,
          title: t('errors.toastTitle'),
          description: <ErrorToastContent spec={spec} />,
          duration: spec.duration,
          placement: 'topRight',
          props: { 'data-testid': 'error-toast' },
        });
      }),
    [notification, t],
  );
  return null;
}
