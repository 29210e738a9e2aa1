/**
 * Pricing: the plans and what each includes. With billing on (system.config features
 * .subscription) the cards show the prices of /subscription/plans, with a monthly / yearly switch
 * that shows the yearly saving and the first-year offer (spec section 9). With billing off this
 * instance sells nothing, so the paid cards say where they are offered and have no sign-up
 * button promising a plan, and the Free card says what an account here gets: no plan quotas
 * (the cloud's free-plan quotas do not apply; docs/decisions.md).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { Plan, SubscriptionInterval } from '@atelier/contract';
import { useUiStore } from '../../stores/uiStore';
import { bestYearlySaving, formatMoney, hasPrices, planPrice } from '../subscription/pricing';
import { useBillingEnabled, usePlans } from '../subscription/useBilling';
import { SectionHeading } from './SectionHeading';

const PLANS = [
  { key: 'free', points: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'plus', points: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'pro', points: ['p1', 'p2', 'p3', 'p4'], featured: true },
  { key: 'max', points: ['p1', 'p2', 'p3', 'p4'] },
] as const;

function PriceLine({ plan, interval }: { plan: Plan; interval: SubscriptionInterval }) {
  const { t, i18n } = useTranslation();
  const price = planPrice(plan, interval);
  if (!price) return null;
  const currency = plan.prices?.currency ?? 'usd';
  const money = (n: number) => formatMoney(n, currency, i18n.language);
  return (
    <div className="landing-plan__amount" data-testid={`price-${plan.planType}`}>
      <p className="landing-plan__price">
        <span className="landing-plan__figure">{money(price.perMonth)}</span>{' '}
        <span className="landing-plan__per">{t('landing.pricing.perMonth')}</span>
      </p>
      {price.billed === 0 ? null : interval === 'monthly' ? (
        <p className="landing-plan__terms">{t('landing.pricing.billedMonthly')}</p>
      ) : (
        <>
          <p className="landing-plan__terms">
            {t('landing.pricing.billedYearly', { price: money(price.billed) })}
          </p>
          {price.firstYear !== undefined ? (
            <p className="landing-plan__offer" data-testid={`first-year-${plan.planType}`}>
              {t('landing.pricing.firstYear', { price: money(price.firstYear), full: money(price.billed) })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

export function PricingSection() {
  const { t } = useTranslation();
  const openAuth = useUiStore((s) => s.openAuth);
  const billing = useBillingEnabled();
  const plans = usePlans(billing === true);
  const [interval, setInterval] = useState<SubscriptionInterval>('monthly');
  const priced = billing === true && hasPrices(plans.data) ? plans.data : null;
  const saving = priced ? bestYearlySaving(priced) : null;
  // paid plans are on sale only when billing is on; until the config answers, promise nothing
  const selling = billing === true;
  return (
    <section className="landing-section" id="pricing">
      <SectionHeading
        eyebrow={t('landing.pricing.eyebrow')}
        title={t('landing.pricing.title')}
        lead={t('landing.pricing.lead')}
      />
      {priced ? (
        <div className="landing-pricing__switch">
          {/* two plain toggle buttons: antd's Segmented would add to the pre-sign-in bundle */}
          <div className="landing-switch" role="group" data-testid="pricing-interval">
            {(['monthly', 'yearly'] as const).map((v) => (
              <button
                key={v}
                type="button"
                className="landing-switch__option"
                aria-pressed={interval === v}
                onClick={() => setInterval(v)}
              >
                {t(`landing.pricing.${v}`)}
                {v === 'yearly' && saving ? (
                  <span className="landing-badge landing-badge--small landing-pricing__save">
                    {t('landing.pricing.save', { percent: saving })}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="landing-pricing" data-testid="landing-pricing" data-billing={selling ? 'on' : 'off'}>
        {PLANS.map((plan) => {
          const live = priced?.find((p) => p.planType === plan.key);
          const paid = plan.key !== 'free';
          // billing off: the free card is this instance's own offer, without the cloud's quotas
          const text = !paid && !selling ? 'freeOff' : plan.key;
          return (
            <article
              key={plan.key}
              className={['landing-plan', 'featured' in plan ? 'landing-plan--featured' : ''].join(' ')}
              data-testid={`plan-${plan.key}`}
            >
              <div className="landing-plan__head">
                <h3>{t(`landing.pricing.${plan.key}.name`)}</h3>
                {'featured' in plan && selling ? (
                  <span className="landing-badge landing-badge--small">{t('landing.pricing.popular')}</span>
                ) : null}
              </div>
              {live ? (
                <PriceLine plan={live} interval={interval} />
              ) : (
                <p className="landing-plan__price">
                  {paid && !selling ? t('landing.pricing.paidOff') : t(`landing.pricing.${text}.price`)}
                </p>
              )}
              <p className="landing-plan__desc">{t(`landing.pricing.${text}.desc`)}</p>
              <ul>
                {plan.points.map((p) => (
                  <li key={p}>
                    <CheckOutlined /> {t(`landing.pricing.${text}.${p}`)}
                  </li>
                ))}
              </ul>
              {paid && !selling ? null : (
                <Button
                  block
                  type={'featured' in plan ? 'primary' : 'default'}
                  onClick={() => openAuth('signup')}
                >
                  {paid ? t('landing.pricing.ctaPaid') : t('landing.pricing.ctaFree')}
                </Button>
              )}
            </article>
          );
        })}
      </div>
      <p className="landing-pricing__note" data-testid="pricing-note">
        {selling ? t('landing.pricing.annualNote') : t('landing.pricing.offNote')}
      </p>
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
