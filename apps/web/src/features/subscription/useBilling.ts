/**
 * Billing hooks: whether this instance sells plans (system.config features.subscription), the
 * plans with prices, the caller's usage, and the checkout / billing-portal calls that send the
 * browser to the hosted page the server answers.
 */
import type { PlanType, SubscriptionInterval } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { platform } from '../../platform/platform';
import { useSystemConfig } from '../system/MaintenanceNotice';

/** True when the instance has billing on; undefined while the config loads. */
export function useBillingEnabled(): boolean | undefined {
  const { data } = useSystemConfig();
  return data ? data.features.subscription : undefined;
}

export function usePlans(enabled: boolean) {
  return useApiQuery('subscription.plans', {}, { enabled, staleTime: 10 * 60_000, meta: { silent: true } });
}

export function useUsage() {
  return useApiQuery('subscription.usage', {});
}

/** Starts a hosted checkout for a paid plan and leaves for it (the error is toasted). */
export function useCheckout() {
  const mutation = useApiMutation('subscription.createCheckoutSession', {
    onSuccess: ({ url }) => platform.goTo(url),
  });
  return {
    isPending: mutation.isPending || mutation.isSuccess,
    start: (planType: Exclude<PlanType, 'free'>, interval: SubscriptionInterval) =>
      mutation.mutate({ body: { planType, interval } }),
  };
}

/** Opens the hosted billing portal (manage billing, cancel). */
export function usePortal() {
  const mutation = useApiMutation('subscription.createPortalSession', {
    onSuccess: ({ url }) => platform.goTo(url),
  });
  return { isPending: mutation.isPending || mutation.isSuccess, open: () => mutation.mutate({}) };
}
