/**
 * Sessions: issuing, rotating and revoking refresh tokens, and setting or clearing the session
 * cookies. Refresh tokens are opaque (the cookie holds the token, the table only its sha256) and
 * grouped in families: one family per sign-in, every rotation stays in it, and presenting a token
 * that was already rotated revokes the whole family (the token was copied).
 *
 * Two tabs refreshing at the same instant (grace window): a rotated token presented again within
 * REFRESH_REUSE_GRACE (10s) of its rotation yields the same successor instead of counting as
 * reuse. The successor is not random but derived, HMAC(instance secret, token): whoever presents token N
 * gets token N+1, so both tabs end up with the same cookie, the family stays one chain, and no
 * token ever needs to be stored in a readable form. Outside the window a rotated token is reuse.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';
import {
  findRefreshToken,
  insertRefreshToken,
  markRotated,
  revokeAllOfUser,
  revokeFamily,
  type RefreshTokenRow,
} from './auth.repository.js';
import {
  REFRESH_COOKIE,
  clearSessionCookies,
  hashToken,
  setSessionCookies,
  signAccessToken,
  type TokenKeys,
} from './auth.tokens.js';

const newTokenId = () => `rt-${randomToken()}`;
/** Most rotations followed within the grace window (tab B may come after A refreshed twice). */
const MAX_GRACE_HOPS = 3;

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly keys: TokenKeys,
    private readonly secret: string,
    /** How long a just-rotated token still yields its successor (REFRESH_REUSE_GRACE). */
    private readonly graceMs: number,
  ) {}

  /** Signs a user in: a new token family, the three cookies. */
  async start(reply: FastifyReply, uid: string): Promise<void> {
    const refreshToken = randomBytes(32).toString('base64url');
    const familyId = newTokenId();
    await this.store(uid, familyId, refreshToken, familyId);
    await this.setCookies(reply, uid, familyId, refreshToken);
  }

  /**
   * Rotates the refresh cookie and issues a new access token. Any failure clears the cookies
   * and answers HTTP 401 (E0011), which sends the web app to sign-in.
   */
  async refresh(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const fail = (why: string): never => {
      clearSessionCookies(reply);
      throw new AppError('E0011', why, 401);
    };
    const token = req.cookies[REFRESH_COOKIE];
    if (!token) return fail('No refresh token');
    const row = await findRefreshToken(this.db, hashToken(token));
    if (!row) return fail('Unknown refresh token');
    const at = this.keys.clock.date();
    if (row.revokedAt) return fail('Refresh token revoked');
    if (row.expiresAt <= at) return fail('Refresh token expired');

    if (!row.rotatedAt) {
      const successor = this.successor(token);
      const won = await this.db.transaction(async (tx) => {
        if (!(await markRotated(tx, row.id, at))) return false;
        await insertRefreshToken(tx, {
          id: newTokenId(),
          uid: row.uid,
          familyId: row.familyId,
          tokenHash: hashToken(successor),
          expiresAt: new Date(at.getTime() + this.keys.refreshTtlMs),
        });
        return true;
      });
      if (won) return this.setCookies(reply, row.uid, row.familyId, successor);
      // Another request rotated it between our read and our update: the grace path below.
    }

    const current = await findRefreshToken(this.db, row.tokenHash);
    const live = current ? await this.liveSuccessor(current, token, at) : null;
    if (!live) {
      if (current && !current.revokedAt) await revokeFamily(this.db, current.familyId, at);
      return fail('Refresh token reused; the session was revoked');
    }
    return this.setCookies(reply, row.uid, row.familyId, live);
  }

  /** Logout: revokes the presented token's family (if any) and clears the cookies. */
  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = req.cookies[REFRESH_COOKIE];
    if (token) {
      const row = await findRefreshToken(this.db, hashToken(token));
      if (row) await revokeFamily(this.db, row.familyId, this.keys.clock.date());
    }
    clearSessionCookies(reply);
  }

  /** Signs a user out everywhere (password reset). */
  async revokeAll(uid: string): Promise<void> {
    await revokeAllOfUser(this.db, uid, this.keys.clock.date());
  }

  private async store(uid: string, id: string, token: string, familyId: string): Promise<void> {
    await insertRefreshToken(this.db, {
      id,
      uid,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.keys.clock.now() + this.keys.refreshTtlMs),
    });
  }

  private successor(token: string): string {
    return createHmac('sha256', this.secret).update(`refresh-successor:${token}`).digest('base64url');
  }

  /**
   * Within the grace window, follows the chain from a rotated token to the live one of its
   * family; null when the window has passed, the family is revoked or the chain is broken.
   */
  private async liveSuccessor(row: RefreshTokenRow, token: string, at: Date): Promise<string | null> {
    let current = row;
    let currentToken = token;
    for (let hop = 0; hop < MAX_GRACE_HOPS; hop++) {
      if (current.revokedAt || current.expiresAt <= at) return null;
      if (!current.rotatedAt) return currentToken;
      if (at.getTime() - current.rotatedAt.getTime() > this.graceMs) return null;
      const nextToken = this.successor(currentToken);
      const next = await findRefreshToken(this.db, hashToken(nextToken));
      if (!next || next.familyId !== current.familyId) return null;
      current = next;
      currentToken = nextToken;
    }
    return current.rotatedAt || current.revokedAt ? null : currentToken;
  }

  private async setCookies(
    reply: FastifyReply,
    uid: string,
    familyId: string,
    refreshToken: string,
  ): Promise<void> {
    const accessToken = await signAccessToken(this.keys, uid, familyId);
    setSessionCookies(reply, this.keys, { uid, accessToken, refreshToken });
  }
}
