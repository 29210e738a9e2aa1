/**
 * Pricing: the plans and what each includes. Prices are set per instance (spec section 9
 * leaves them open), so the cards state quotas and support, and the app shows the prices.
 */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useUiStore } from '../../stores/uiStore';
import { SectionHeading } from './SectionHeading';

const PLANS = [
  { key: 'free', points: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'plus', points: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'pro', points: ['p1', 'p2', 'p3', 'p4'], featured: true },
  { key: 'max', points: ['p1', 'p2', 'p3', 'p4'] },
] as const;

export function PricingSection() {
  const { t } = useTranslation();
  const openAuth = useUiStore((s) => s.openAuth);
  return (
    <section className="landing-section" id="pricing">
      <SectionHeading
        eyebrow={t('landing.pricing.eyebrow')}
        title={t('landing.pricing.title')}
        lead={t('landing.pricing.lead')}
      />
      <div className="landing-pricing">
        {PLANS.map((plan) => (
          <article
            key={plan.key}
            className={['landing-plan', 'featured' in plan ? 'landing-plan--featured' : ''].join(' ')}
          >
            <div className="landing-plan__head">
              <h3>{t(`landing.pricing.${plan.key}.name`)}</h3>
              {'featured' in plan ? (
                <span className="landing-badge landing-badge--small">{t('landing.pricing.popular')}</span>
              ) : null}
            </div>
            <p className="landing-plan__price">{t(`landing.pricing.${plan.key}.price`)}</p>
            <p className="landing-plan__desc">{t(`landing.pricing.${plan.key}.desc`)}</p>
            <ul>
              {plan.points.map((p) => (
                <li key={p}>
                  <CheckOutlined /> {t(`landing.pricing.${plan.key}.${p}`)}
                </li>
              ))}
            </ul>
            <Button
              block
              type={'featured' in plan ? 'primary' : 'default'}
              onClick={() => openAuth('signup')}
            >
              {plan.key === 'free' ? t('landing.pricing.ctaFree') : t('landing.pricing.ctaPaid')}
            </Button>
          </article>
        ))}
      </div>
      <p className="landing-pricing__note">{t('landing.pricing.annualNote')}</p>
      <div className="landing-editions">
        {(['community', 'enterprise'] as const).map((k) => (
          <div key={k} className="landing-edition">
            <h3>{t(`landing.pricing.${k}.name`)}</h3>
            <p>{t(`landing.pricing.${k}.body`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
