/** Opens the feature highlights once for a new account and hosts them and the tour. */
import { useEffect, useRef } from 'react';
import { useUiStore } from '../../stores/uiStore';
import { useCurrentUser } from '../settings/useUserSettings';
import { AppTour } from './AppTour';
import { FeatureHighlightsModal } from './FeatureHighlightsModal';

export function OnboardingHost() {
  const user = useCurrentUser();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || user.onboarding.featureHighlights !== 'not_started') return;
    shown.current = true;
    useUiStore.getState().setHighlightsOpen(true);
  }, [user.onboarding.featureHighlights]);
  return (
    <>
      <FeatureHighlightsModal />
      <AppTour />
    </>
  );
}
