/**
 * The wire shape of a user's settings (UserSettingsSchema). The only place a users row becomes
 * JSON: the password hash never leaves, the avatar key becomes a URL.
 */
import {
  LocaleSchema,
  OnboardingSchema,
  UserPreferencesSchema,
  type Subscription,
  type UserSettings,
} from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { UserRow } from './user.repository.js';

type AuthProvider = UserSettings['authProviders'][number];

export function presentUserSettings(
  user: UserRow,
  identityProviders: readonly string[],
  publicUrl: string,
  subscription: Subscription | null = null,
): UserSettings {
  const providers: AuthProvider[] = [];
  if (user.passwordHash) providers.push('email');
  for (const p of ['github', 'google'] as const) if (identityProviders.includes(p)) providers.push(p);
  const uiLocale = LocaleSchema.safeParse(user.uiLocale);
  const preferences = UserPreferencesSchema.safeParse(user.preferences);
  const onboarding = OnboardingSchema.safeParse(user.onboarding);
  return {
    uid: user.uid,
    avatar: user.avatarStorageKey ? fileUrl(publicUrl, user.avatarStorageKey) : null,
    name: user.name,
    nickname: user.nickname,
    email: user.email,
    emailVerified: user.emailVerified,
    uiLocale: uiLocale.success ? uiLocale.data : null,
    outputLocale: user.outputLocale,
    customerId: user.customerId,
    // The live Stripe subscription (modules/subscription); null on the free plan or with billing off.
    subscription,
    hasBetaAccess: user.hasBetaAccess,
    preferences: preferences.success ? preferences.data : UserPreferencesSchema.parse({}),
    onboarding: onboarding.success ? onboarding.data : OnboardingSchema.parse({}),
    authProviders: providers,
    createdAt: user.createdAt.toISOString(),
  };
}
