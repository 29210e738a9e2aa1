/**
 * `/settings/{tab}` (the address Stripe's checkout and billing portal send the browser back to,
 * with `?payment=success|cancel` after a checkout): opens that settings tab over the home screen,
 * hands the payment outcome to the subscription tab to show once, and replaces the address with
 * `/` so a reload or a shared link never shows the notice again.
 */
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useUiStore } from '../../stores/uiStore';
import { paymentOutcome } from './pricing';

export function SettingsRoute() {
  const { tab } = useParams();
  const { search } = useLocation();
  useEffect(() => {
    const { openSettings, setPaymentNotice } = useUiStore.getState();
    openSettings(tab ?? 'account');
    const outcome = paymentOutcome(search);
    if (outcome) setPaymentNotice(outcome);
  }, [tab, search]);
  return <Navigate to="/" replace />;
}
