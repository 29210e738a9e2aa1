/**
 * Model providers a user configured (API key encrypted at rest) and provider items: the models a
 * user picked, of one of their providers or of a global one (global providers come from the
 * environment and live in memory, so `provider_id` has no foreign key).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModelTier, ProviderCategory } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const providers = pgTable(
  'providers',
  {
    providerId: text('provider_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The provider type: openai, openai-compatible, anthropic, ollama, searxng… */
    providerKey: text('provider_key').notNull(),
    name: text('name').notNull(),
    categories: jsonb('categories').$type<ProviderCategory[]>().notNull(),
    baseUrl: text('base_url'),
    /** `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM, bound to provider_id); never leaves the server. */
    apiKeyEncrypted: text('api_key_encrypted'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.createdAt)],
);

export const providerItems = pgTable(
  'provider_items',
  {
    itemId: text('item_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** A `providers` row of the same user, or the fixed id of a global provider (`pr-global-…`). */
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    category: text('category').$type<ProviderCategory>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    tier: text('tier').$type<ModelTier>(),
    /** The category's config (contract: PROVIDER_ITEM_CONFIG_SCHEMAS). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    order: integer('order').notNull().default(0),
    group: text('group').notNull().default('default'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.uid, t.category, t.order), index().on(t.providerId)],
);
