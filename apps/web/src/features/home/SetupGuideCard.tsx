/**
 * The setup guide's card on the home page: shown on a new account until the guide is completed
 * (every step passed its check) or dismissed; the guide itself stays in Settings > Setup guide.
 */
import { Alert, Button } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../stores/uiStore';
import { useOnboarding } from '../onboarding/useOnboarding';

export function SetupGuideCard() {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings.setupGuide' });
  const onboarding = useOnboarding();
  if (onboarding.status.setupGuide !== 'not_started') return null;
  return (
    <Alert
      className="home__setup"
      type="info"
      showIcon
      icon={<FlagOutlined />}
      title={t('homeTitle')}
      description={t('homeBody')}
      action={
        <div className="home__setup-actions">
          <Button
            size="small"
            type="primary"
            onClick={() => useUiStore.getState().openSettings('setupGuide')}
            data-testid="home-setup-open"
          >
            {t('homeOpen')}
          </Button>
          <Button
            size="small"
            type="text"
            onClick={() => onboarding.set('setupGuide', 'skipped')}
            data-testid="home-setup-dismiss"
          >
            {t('homeDismiss')}
          </Button>
        </div>
      }
      data-testid="home-setup-guide"
    />
  );
}
