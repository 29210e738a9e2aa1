/**
 * Creating accounts and resolving identity-provider sign-ins to an account. A new account gets
 * beta access unless the instance runs the beta gate (BETA_GATE=true).
 */
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import { newId, randomToken } from '../../lib/ids.js';
import { isUniqueViolation, type DbOrTx } from '../../db/helpers.js';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../user/user.repository.js';
import { findIdentity, insertIdentity } from './auth.repository.js';
import type { OAuthProfile } from './auth.oauth.js';

export interface NewAccount {
  /** Normalised email, or null (identity-provider account without a verified email). */
  email: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  nickname?: string | null;
}

/** Inserts a user; E0007 when the email is taken (also by a concurrent signup). */
export async function createAccount(db: DbOrTx, account: NewAccount, betaGate: boolean): Promise<UserRow> {
  try {
    return await insertUser(db, {
      uid: newId('user'),
      email: account.email,
      passwordHash: account.passwordHash,
      emailVerified: account.emailVerified,
      nickname: account.nickname ?? null,
      hasBetaAccess: !betaGate,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('E0007');
    throw err;
  }
}

/**
 * The account an identity-provider sign-in belongs to: the one already linked to this provider
 * account; else the account with the same email when the provider verified it (linked now);
 * else a new account. An existing account whose own email was never verified is not linked:
 * whoever registered it did not prove the address (E0007, sign in with the password instead).
 */
export async function resolveOAuthAccount(db: Db, profile: OAuthProfile, betaGate: boolean): Promise<string> {
  const linked = await findIdentity(db, profile.provider, profile.accountId);
  if (linked) return linked.uid;
  try {
    return await db.transaction(async (tx) => {
      const identity = {
        id: `idn-${randomToken()}`,
        provider: profile.provider,
        providerAccountId: profile.accountId,
        email: profile.email,
      };
      const existing = profile.email ? await findUserByEmail(tx, profile.email) : undefined;
      if (existing) {
        if (!existing.emailVerified) throw new AppError('E0007');
        await insertIdentity(tx, { ...identity, uid: existing.uid });
        if (!existing.nickname && profile.name)
          await updateUser(tx, existing.uid, { nickname: profile.name });
        return existing.uid;
      }
      const user = await createAccount(
        tx,
        {
          email: profile.email,
          passwordHash: null,
          emailVerified: profile.email !== null,
          nickname: profile.name,
        },
        betaGate,
      );
      await insertIdentity(tx, { ...identity, uid: user.uid });
      return user.uid;
    });
  } catch (err) {
    // The same provider account signing in twice at once: the other request linked it.
    if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    const again = await findIdentity(db, profile.provider, profile.accountId);
    if (!again) throw err;
    return again.uid;
  }
}
