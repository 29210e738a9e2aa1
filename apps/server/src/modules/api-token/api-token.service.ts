/**
 * Personal API tokens (issue 12, point 9): `atl_` + 40 base62 characters, shown once, stored as
 * sha256 only. A token authenticates `/v1` and `/mcp` as its user, with a scope: `read` tokens
 * may call reading routes only (http/api-token-scope.ts decides which). Last use is recorded at
 * most once a minute per token, after the request's lookup, without waiting for the write.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { apiTokens } from '../../db/schema/users.js';
import type { DbOrTx } from '../../db/helpers.js';
import type { Clock } from '../../lib/clock.js';
import { iso } from '../../lib/time.js';
import { randomToken } from '../../lib/ids.js';
import { hashToken } from '../auth/auth.tokens.js';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiToken,
  type CreatedApiToken,
} from '@atelier/contract';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_CHARS = 40;
/** Last use is written at most this often per token. */
export const LAST_USED_EVERY_MS = 60_000;
/** Tokens one user may hold (live or not yet cleaned up) — a bound, not a product limit. */
const MAX_TOKENS_PER_USER = 100;

/** 40 base62 characters by rejection sampling (no modulo bias): ~238 bits. */
export function generateApiToken(): string {
  let out = '';
  while (out.length < TOKEN_CHARS) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < TOKEN_CHARS) out += BASE62[byte % 62];
    }
  }
  return API_TOKEN_PREFIX + out;
}

export function isApiToken(value: string): boolean {
  return API_TOKEN_PATTERN.test(value);
}

export interface ApiTokenAuth {
  tokenId: string;
  uid: string;
  scope: ApiTokenScope;
}

type Row = typeof apiTokens.$inferSelect;

function present(row: Row): ApiToken {
  return {
    tokenId: row.tokenId,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

export class ApiTokenService {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async list(uid: string): Promise<ApiToken[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.uid, uid), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.tokenId));
    return rows.map(present);
  }

  async create(uid: string, input: CreateApiToken): Promise<CreatedApiToken> {
    const live = await this.list(uid);
    if (live.length >= MAX_TOKENS_PER_USER) {
      throw new AppError('E0003', `At most ${MAX_TOKENS_PER_USER} API tokens; revoke one first`);
    }
    const token = generateApiToken();
    const now = this.clock.date();
    const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null;
    const [row] = await this.db
      .insert(apiTokens)
      .values({
        tokenId: `tok-${randomToken()}`,
        uid,
        name: input.name,
        scope: input.scope,
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
        tokenHash: hashToken(token),
        expiresAt,
        createdAt: now,
      })
      .returning();
    return { ...present(row!), token };
  }

  async revoke(uid: string, tokenId: string): Promise<{ tokenId: string }> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: this.clock.date() })
      .where(and(eq(apiTokens.tokenId, tokenId), eq(apiTokens.uid, uid), isNull(apiTokens.revokedAt)))
      .returning({ tokenId: apiTokens.tokenId });
    if (!rows.length) throw new AppError('E0017');
    return { tokenId };
  }

  /** The token's user and scope when it is live (not revoked, not expired); null otherwise. */
  async authenticate(token: string): Promise<ApiTokenAuth | null> {
    if (!isApiToken(token)) return null;
    const [row] = await this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)))
      .limit(1);
    const now = this.clock.date();
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      // off the request's path: the answer does not wait for this write
      void this.touch(row.tokenId, now).catch(this.onError);
    }
    return { tokenId: row.tokenId, uid: row.uid, scope: row.scope as ApiTokenScope };
  }

  private async touch(tokenId: string, now: Date): Promise<void> {
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.tokenId, tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before)),
        ),
      );
  }
}
