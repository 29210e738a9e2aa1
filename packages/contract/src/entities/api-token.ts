/**
 * Personal API tokens (an extension, issue 12): a named, scoped secret a user makes for scripts
 * and MCP clients. `atl_` + 40 base62 characters; shown once at creation, stored hashed.
 */
import { z } from 'zod';
import { IdSchema } from './common.js';

export const API_TOKEN_PREFIX = 'atl_';
/** `atl_` followed by at least 32 base62 characters. */
export const API_TOKEN_PATTERN = /^atl_[0-9A-Za-z]{32,}$/;

export const ApiTokenScopeSchema = z.enum(['read', 'read-write']);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

export const ApiTokenSchema = z.object({
  tokenId: IdSchema,
  name: z.string(),
  scope: ApiTokenScopeSchema,
  /** The first characters of the token (`atl_AbCd`), so the user can tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreateApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Name cannot be empty').max(64),
  scope: ApiTokenScopeSchema,
  /** Days until the token stops working; absent or null for a token that does not expire. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

/** The one answer that carries the token itself. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const RevokeApiTokenSchema = z.object({ tokenId: IdSchema });
