/** User, settings, preferences and auth shapes (spec sections 3 "User and settings", 5, 7 "Auth"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { VALIDATION_MESSAGES as M } from '../validation-messages.js';
import { LocaleSchema, OutputLocaleSchema, TimestampSchema } from './common.js';
import { DefaultModelConfigSchema } from './provider.js';
import { SubscriptionSchema } from './subscription.js';

export const EmailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254)
  .pipe(z.email(M.emailInvalid));

export const PasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(LIMITS.passwordMinLength, M.passwordTooShort)
  .max(256);

/** Username: the unique `name` of a user. */
export const UsernameSchema = z
  .string()
  .min(1)
  .max(LIMITS.usernameMaxLength, M.usernameTooLong)
  .regex(/^[A-Za-z0-9_]+$/, M.usernameInvalid);

export const OnboardingStatusSchema = z.enum(['not_started', 'skipped', 'completed']);
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

export const OnboardingSchema = z.object({
  featureHighlights: OnboardingStatusSchema.default('not_started'),
  tour: OnboardingStatusSchema.default('not_started'),
  /** The setup guide (Settings > Setup guide): its home card shows until it is completed or dismissed. */
  setupGuide: OnboardingStatusSchema.default('not_started'),
});

export const AuthProviderSchema = z.enum(['email', 'google', 'github']);

export const ProviderPreferenceSchema = z.object({
  providerId: z.string().max(128).optional(),
  providerItemId: z.string().max(128).optional(),
});

export const UserPreferencesSchema = z.object({
  operationMode: z.enum(['mouse', 'touchpad']).optional(),
  disableHoverCard: z.boolean().default(false),
  webSearch: ProviderPreferenceSchema.optional(),
  urlParsing: ProviderPreferenceSchema.optional(),
  pdfParsing: ProviderPreferenceSchema.optional(),
  defaultModel: DefaultModelConfigSchema.optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
  /** Canvas toggles persisted per user (issue 4); free-form keys with boolean/string values. */
  canvas: z.record(z.string().max(64), z.union([z.boolean(), z.string().max(64)])).optional(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** The subscription as user settings carry it (same shape as SubscriptionSchema). */
export const SubscriptionSummarySchema = SubscriptionSchema;

export const UserSettingsSchema = z.object({
  uid: z.string(),
  avatar: z.string().nullable(),
  /** Unique username (letters, digits, underscore, ≤ 30). */
  name: z.string().nullable(),
  /** Display name. */
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  uiLocale: LocaleSchema.nullable(),
  outputLocale: OutputLocaleSchema.nullable(),
  customerId: z.string().nullable(),
  subscription: SubscriptionSummarySchema.nullable(),
  hasBetaAccess: z.boolean(),
  preferences: UserPreferencesSchema,
  onboarding: OnboardingSchema,
  authProviders: z.array(AuthProviderSchema),
  createdAt: TimestampSchema,
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const UpdateUserSettingsSchema = z
  .object({
    name: UsernameSchema,
    nickname: z.string().trim().min(1).max(64),
    avatarStorageKey: z.string().max(256).nullable(),
    uiLocale: LocaleSchema,
    outputLocale: OutputLocaleSchema,
    preferences: UserPreferencesSchema.partial(),
    onboarding: OnboardingSchema.partial(),
  })
  .partial()
  .strict();
export type UpdateUserSettings = z.infer<typeof UpdateUserSettingsSchema>;

export const CheckSettingsFieldQuerySchema = z.object({
  field: z.enum(['name', 'email']),
  value: z.string().min(1).max(254),
});
export const CheckSettingsFieldResultSchema = z.object({
  field: z.enum(['name', 'email']),
  value: z.string(),
  /** False when another user holds the value ('The username is taken'). */
  available: z.boolean(),
  /** Why not valid, when the value breaks the field's format. */
  error: z.string().optional(),
});

// ---- auth ----

export const EmailLoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(256),
});
export const EmailSignupSchema = z.object({ email: EmailSchema, password: PasswordSchema });

export const VerificationPurposeSchema = z.enum(['signup', 'resetPassword']);
export const CreateVerificationSchema = z.object({
  email: EmailSchema,
  purpose: VerificationPurposeSchema,
  /** For signup: the chosen password (kept hashed in the session until the code is checked). */
  password: PasswordSchema.optional(),
});
export const CheckVerificationSchema = z.object({
  sessionId: z.string().min(1).max(128),
  code: z.string().trim().min(1).max(16),
  /** For resetPassword: the new password. */
  password: PasswordSchema.optional(),
});
export const ResendVerificationSchema = z.object({ sessionId: z.string().min(1).max(128) });

export const VerificationSessionSchema = z.object({
  sessionId: z.string(),
  email: z.string(),
  purpose: VerificationPurposeSchema,
  expiresAt: TimestampSchema,
  /** Seconds before a resend is allowed. */
  resendAfterSeconds: z.number().int(),
});

export const SignupResultSchema = z.object({
  /** Set when the email must be verified before the account exists. */
  sessionId: z.string().optional(),
  /** With a sessionId: seconds before the code may be sent again. */
  resendAfterSeconds: z.number().int().optional(),
  /** True when the account is signed in right away (verification off). */
  loggedIn: z.boolean(),
});

export const LoginResultSchema = z.object({ user: UserSettingsSchema });

export const RefreshTokenResultSchema = z.object({
  isRefreshed: z.boolean(),
  error: z.string().optional(),
});

export const AuthConfigSchema = z.object({
  email: z.boolean(),
  github: z.boolean(),
  google: z.boolean(),
  /** Whether signup sends a verification code. */
  emailVerification: z.boolean(),
  /** Whether the beta-access gate is on for this instance. */
  betaGate: z.boolean(),
});

export const OAuthStartQuerySchema = z.object({
  redirect: z.string().max(2048).optional(),
});
export const OAuthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(512).optional(),
});

export const PASSWORD_MISMATCH_MESSAGE = M.passwordMismatch;

/** The set-password form (signup, reset): the confirmation must match. */
export const PasswordConfirmFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string().max(256) })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
