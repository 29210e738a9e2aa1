/**
 * Settings > Subscription (spec sections 1, 2, 4; shown only with billing on): the plan, its
 * status and dates, Upgrade (plan and interval → hosted checkout), Manage billing (hosted
 * portal: change plan, payment method, cancel — no refunds), the notice after returning from
 * checkout, and usage charts (recharts, loaded lazily).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Radio, Skeleton, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { PlanType, Subscription, SubscriptionInterval } from '@atelier/contract';
import { apiKey, useApiQuery } from '../../api/apiQuery';
import { useUiStore } from '../../stores/uiStore';
import { useCurrentUser } from '../settings/useUserSettings';
import { formatMoney, planPrice, statusTone } from './pricing';
import { useCheckout, usePlans, usePortal, useUsage } from './useBilling';
import './subscription.css';
import { dateFormat } from '../../i18n/dates';

const UsageCharts = lazy(() => import('./UsageCharts').then((m) => ({ default: m.UsageCharts })));

type PaidPlan = Exclude<PlanType, 'free'>;
const PAID: readonly PaidPlan[] = ['plus', 'pro', 'max', 'ultra'];

/** The date line of a subscription: trial end, cancel date or renewal (tested). */
export function subscriptionDateLine(
  sub: Subscription | null,
): { kind: 'trialEnds' | 'endsOn' | 'renewsOn'; at: string } | null {
  if (!sub) return null;
  if (sub.isTrial && sub.cancelAt) return { kind: 'trialEnds', at: sub.cancelAt };
  if (sub.cancelAt) return { kind: 'endsOn', at: sub.cancelAt };
  if (sub.currentPeriodEnd && (sub.status === 'active' || sub.status === 'past_due'))
    return { kind: 'renewsOn', at: sub.currentPeriodEnd };
  return null;
}

function PaymentNotice() {
  const { t } = useTranslation();
  const notice = useUiStore((s) => s.paymentNotice);
  const setNotice = useUiStore((s) => s.setPaymentNotice);
  const client = useQueryClient();
  // until the webhook has reported the new subscription, look again every few seconds
  const settings = useApiQuery(
    'user.settings.get',
    {},
    {
      refetchInterval: (q) => (notice === 'success' && !q.state.data?.subscription ? 3_000 : false),
    },
  );
  const arrived = notice === 'success' && !!settings.data?.subscription;
  useEffect(() => {
    // the webhook may have landed while the browser came back: read the plan afresh
    if (notice === 'success') {
      void client.invalidateQueries({ queryKey: apiKey('user.settings.get') });
      void client.invalidateQueries({ queryKey: apiKey('subscription.usage') });
    }
  }, [notice, client]);
  if (!notice) return null;
  return (
    <Alert
      className="subscription-notice"
      data-testid={`payment-${notice}`}
      type={notice === 'success' ? 'success' : 'info'}
      showIcon
      closable={{ onClose: () => setNotice(null), 'aria-label': t('common.close') }}
      title={t(`subscription.payment.${notice}Title`)}
      description={t(arrived ? 'subscription.payment.successActive' : `subscription.payment.${notice}Body`)}
    />
  );
}

function UpgradePanel() {
  const { t, i18n } = useTranslation();
  const plans = usePlans(true);
  const checkout = useCheckout();
  const [plan, setPlan] = useState<PaidPlan>('pro');
  const [interval, setInterval] = useState<SubscriptionInterval>('monthly');
  const chosen = plans.data?.find((p) => p.planType === plan);
  const price = chosen ? planPrice(chosen, interval) : null;
  const currency = chosen?.prices?.currency ?? 'usd';
  const money = (n: number) => formatMoney(n, currency, i18n.language);
  return (
    <section className="subscription-upgrade" data-testid="subscription-upgrade">
      <h3 className="settings-section-title">{t('subscription.upgradeTitle')}</h3>
      <Radio.Group
        value={interval}
        onChange={(e) => setInterval(e.target.value as SubscriptionInterval)}
        optionType="button"
        data-testid="upgrade-interval"
        options={[
          { value: 'monthly', label: t('subscription.monthly') },
          { value: 'yearly', label: t('subscription.yearly') },
        ]}
      />
      <Radio.Group
        className="subscription-plan-choice"
        value={plan}
        onChange={(e) => setPlan(e.target.value as PaidPlan)}
        data-testid="upgrade-plan"
      >
        {PAID.map((p) => {
          const found = plans.data?.find((x) => x.planType === p);
          const pp = found ? planPrice(found, interval) : null;
          return (
            <Radio key={p} value={p} data-testid={`upgrade-plan-${p}`}>
              <span className="subscription-plan-choice__name">{t(`subscription.plans.${p}`)}</span>
              {pp ? (
                <span className="subscription-plan-choice__price">
                  {t('subscription.perMonth', { price: money(pp.perMonth) })}
                </span>
              ) : null}
            </Radio>
          );
        })}
      </Radio.Group>
      {price ? (
        <p className="settings-section-hint" data-testid="upgrade-price">
          {interval === 'yearly' && price.firstYear !== undefined
            ? t('subscription.yearlyTerms', {
                first: money(price.firstYear),
                price: money(price.billed),
                saving: String(price.savingPercent ?? 0),
              })
            : t('subscription.monthlyTerms', { price: money(price.billed) })}
        </p>
      ) : null}
      <Button
        type="primary"
        loading={checkout.isPending}
        onClick={() => checkout.start(plan, interval)}
        data-testid="subscription-upgrade-button"
      >
        {t('subscription.upgrade')}
      </Button>
    </section>
  );
}

export function SubscriptionTab() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const usage = useUsage();
  const portal = usePortal();
  const sub = user.subscription;
  const planType = sub?.planType ?? 'free';
  const formatDate = (iso: string) => dateFormat(i18n.language).format(new Date(iso));
  const dates = subscriptionDateLine(sub);
  const dateLine = dates ? t(`subscription.${dates.kind}`, { date: formatDate(dates.at) }) : null;
  return (
    <div className="subscription-tab" data-testid="subscription-tab">
      <PaymentNotice />
      <section className="subscription-current">
        <h3 className="settings-section-title">{t('subscription.currentPlan')}</h3>
        <div className="subscription-current__row">
          <span className="subscription-current__plan" data-testid="subscription-plan" data-plan={planType}>
            {t(`subscription.plans.${planType}`)}
          </span>
          {sub ? (
            <>
              <Tag color={statusTone(sub.status)} data-testid="subscription-status" data-status={sub.status}>
                {t(`subscription.status.${sub.status}`)}
              </Tag>
              {sub.interval ? <Tag>{t(`subscription.${sub.interval}`)}</Tag> : null}
            </>
          ) : null}
        </div>
        {sub ? (
          <p className="settings-section-hint">{t(`subscription.statusHint.${sub.status}`)}</p>
        ) : (
          <p className="settings-section-hint">{t('subscription.freeHint')}</p>
        )}
        {dateLine ? (
          <p className="subscription-current__date" data-testid="subscription-date">
            {dateLine}
          </p>
        ) : null}
        {user.customerId ? (
          <Button onClick={portal.open} loading={portal.isPending} data-testid="subscription-manage">
            {t('subscription.manage')}
          </Button>
        ) : null}
        {sub ? <p className="settings-section-hint">{t('subscription.manageHint')}</p> : null}
      </section>
      {sub ? null : <UpgradePanel />}
      <section>
        <h3 className="settings-section-title">{t('subscription.usageTitle')}</h3>
        <p className="settings-section-hint">{t('subscription.usageHint')}</p>
        {usage.data ? (
          <Suspense fallback={<Skeleton active />}>
            <UsageCharts usage={usage.data} />
          </Suspense>
        ) : (
          <Skeleton active />
        )}
      </section>
    </div>
  );
}
