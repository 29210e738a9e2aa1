/** Accounts: users, linked identity-provider accounts, refresh tokens and verification sessions. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnboardingStatus, UserPreferences } from '@atelier/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    /** Normalised (trimmed, lower-case); null for an OAuth account whose provider gave no verified email. */
    email: text('email'),
    /** Unique username (letters, digits, underscore), unique regardless of case. */
    name: text('name'),
    nickname: text('nickname'),
    avatarStorageKey: text('avatar_storage_key'),
    /** argon2id PHC string; null for OAuth-only accounts. Never leaves the server. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    uiLocale: text('ui_locale'),
    outputLocale: text('output_locale'),
    customerId: text('customer_id'),
    hasBetaAccess: boolean('has_beta_access').notNull().default(false),
    preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({ disableHoverCard: false }),
    onboarding: jsonb('onboarding')
      .$type<{ featureHighlights: OnboardingStatus; tour: OnboardingStatus }>()
      .notNull()
      .default({ featureHighlights: 'not_started', tour: 'not_started' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_name_key').on(sql`lower(${t.name})`),
  ],
);

export const authIdentities = pgTable(
  'auth_identities',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_identities_provider_key').on(t.provider, t.providerAccountId), index().on(t.uid)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** Every rotation stays in one family; a reused token revokes the whole family. */
    familyId: text('family_id').notNull(),
    /** sha256 of the opaque token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Set when this token was rotated; presenting it again is a reuse. */
    rotatedAt: ts('rotated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index().on(t.familyId), index().on(t.uid)],
);

export const verificationSessions = pgTable(
  'verification_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** HMAC-SHA256 of the 6-digit code keyed by the instance secret (short-lived, 5 tries). */
    codeHash: text('code_hash').notNull(),
    /** Signup: the chosen password, hashed, until the code is checked. */
    /** argon2id PHC string; null for OAuth-only accounts. Never leaves the server. */
    passwordHash: text('password_hash'),
    /** Wrong codes entered; at 5 the session is burned. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    lastSentAt: ts('last_sent_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.email)],
);

/** Personal API tokens (issue 12): sha256 of the token only; the token is shown once. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `read` or `read-write`. */
    scope: text('scope').notNull(),
    /** The token's first characters, shown in the list to tell tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index().on(t.uid)],
);
