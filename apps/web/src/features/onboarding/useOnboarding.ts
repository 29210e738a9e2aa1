/** Reads and saves the onboarding status (featureHighlights, tour, setupGuide) in the user's settings. */
import type { OnboardingStatus } from '@atelier/contract';
import { useCurrentUser, useUpdateUserSettings } from '../settings/useUserSettings';

export type OnboardingFlow = 'featureHighlights' | 'tour' | 'setupGuide';

export function useOnboarding() {
  const user = useCurrentUser();
  const update = useUpdateUserSettings();
  return {
    status: user.onboarding,
    set: (flow: OnboardingFlow, status: OnboardingStatus) => {
      if (user.onboarding[flow] === status) return;
      update.mutate({ onboarding: { ...user.onboarding, [flow]: status } });
    },
  };
}
