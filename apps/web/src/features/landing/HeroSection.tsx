/**
 * Hero: what Atelier is, the two calls to action and the free-plan facts — those only when this
 * instance sells plans (billing on); otherwise that accounts here have no plan quotas.
 */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { APP_VERSION } from '../../app/version';
import { useUiStore } from '../../stores/uiStore';
import { useBillingEnabled } from '../subscription/useBilling';
import { CanvasIllustration } from './CanvasIllustration';

export function HeroSection() {
  const { t } = useTranslation();
  const openAuth = useUiStore((s) => s.openAuth);
  const billing = useBillingEnabled();
  return (
    <section className="landing-hero" id="top">
      <div className="landing-hero__copy">
        <span className="landing-badge">{t('landing.hero.badge', { version: APP_VERSION })}</span>
        <h1 className="landing-hero__title">{t('landing.hero.title')}</h1>
        <p className="landing-hero__subtitle">{t('landing.hero.subtitle')}</p>
        <div className="landing-hero__cta">
          <Button type="primary" size="large" onClick={() => openAuth('signup')} data-testid="hero-signup">
            {t('landing.hero.primary')} <ArrowRightOutlined />
          </Button>
          <Button size="large" onClick={() => openAuth('login')}>
            {t('landing.hero.secondary')}
          </Button>
        </div>
        {/* until the instance config answers, promise nothing */}
        {billing === undefined ? null : (
          <p className="landing-hero__note" data-testid="hero-note">
            {t(billing ? 'landing.hero.note' : 'landing.hero.noteOff')}
          </p>
        )}
      </div>
      <CanvasIllustration />
    </section>
  );
}
