/**
 * Connects the error channel to antd's notification API (themed, inside <App>). A quota error
 * (E2001 storage, E2002 model requests) on an instance with billing offers Upgrade, which opens
 * Settings > Subscription and keeps the toast until it is used or closed; without billing it only
 * says what happened (and closes after the usual 5 s).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { apiKey, type ApiData } from '../../api/apiQuery';
import { queryClient } from '../../api/queryClient';
import { useAuthStore } from '../../stores/authStore';
import { useUiStore } from '../../stores/uiStore';
import { setErrorNotifier } from './reporter';
import { ErrorToastContent } from './ErrorToastContent';
import { isQuotaError, offersUpgrade } from './toastRules';

export function ErrorToastHost() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      setErrorNotifier((spec) => {
        const upgrade = offersUpgrade(spec, {
          billing:
            queryClient.getQueryData<ApiData<'system.config'>>(apiKey('system.config'))?.features
              .subscription === true,
          signedIn: useAuthStore.getState().status === 'authenticated',
        });
        notification.error({
          key: spec.key,
          // a quota is a limit, not a fault: its toast says so
          title: t(isQuotaError(spec) ? 'errors.quotaTitle' : 'errors.toastTitle'),
          description: (
            <ErrorToastContent
              spec={spec}
              {...(upgrade
                ? {
                    onUpgrade: () => {
                      notification.destroy(spec.key);
                      useUiStore.getState().openSettings('subscription');
                    },
                  }
                : {})}
            />
          ),
          // a toast with an action stays until it is used or closed: 5 s is too short to read and act
          duration: upgrade ? false : spec.duration,
          placement: 'topRight',
          props: { 'data-testid': 'error-toast' },
        });
      }),
    [notification, t],
  );
  return null;
}
