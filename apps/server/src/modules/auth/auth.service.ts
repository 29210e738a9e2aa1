/**
 * Email accounts: signup (with or without a verification code), the verification sessions of
 * signup and password reset, and password login. Methods answer the uid to sign in; the routes
 * start the session and present the user.
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '@atelier/contract';
import type { Config } from '../../config.js';
import type { Mailer } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Clock } from '../../lib/clock.js';
import { verificationMail, type VerificationPurpose } from '../../mail/verification-mail.js';
import {
  findUserByEmail,
  listIdentityProviders,
  normalizeEmail,
  updateUser,
} from '../user/user.repository.js';
import { createAccount } from './auth.accounts.js';
import {
  consumeVerification,
  findVerification,
  insertVerification,
  recordWrongCode,
  replaceCode,
  revokeAllOfUser,
  type VerificationRow,
} from './auth.repository.js';
import { hashCode, hashPassword, newVerificationCode, sameHash, verifyPassword } from './auth.secrets.js';

/** Wrong codes a session takes before it is burned. */
export const MAX_CODE_ATTEMPTS = 5;

export type AuthConfig = Pick<
  Config,
  'EMAIL_VERIFICATION' | 'VERIFICATION_CODE_TTL' | 'VERIFICATION_RESEND_COOLDOWN' | 'BETA_GATE'
>;

export interface VerificationSessionView {
  sessionId: string;
  email: string;
  purpose: VerificationPurpose;
  expiresAt: string;
  resendAfterSeconds: number;
}

interface Log {
  error(obj: object, msg?: string): void;
}

/** An argon2id hash of a random password nobody knows, made once per process on first use. */
let dummy: Promise<string> | undefined;
const dummyHash = () =>
  (dummy ??= hashPassword(randomBytes(24).toString('base64url')).catch((err: unknown) => {
    dummy = undefined;
    throw err;
  }));

const passwordMissing = () => badRequest('password: Password cannot be empty');
const sessionNotFound = () => new AppError('E0008');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: AuthConfig,
    private readonly mailer: Mailer,
    /** Instance secret keying the code hashes. */
    private readonly secret: string,
    private readonly log: Log,
    private readonly clock: Clock,
  ) {
    // made now, so the first login of an unknown email does not pay for it
    dummyHash().catch(() => undefined);
  }

  /** Starts a signup: a verification session (default), or the account itself when verification is off. */
  async signup(
    input: { email: string; password: string },
    locale: Locale,
  ): Promise<{ sessionId: string; resendAfterSeconds: number } | { uid: string }> {
    const email = normalizeEmail(input.email);
    if (await findUserByEmail(this.db, email)) throw new AppError('E0007');
    if (this.config.EMAIL_VERIFICATION) {
      const session = await this.createVerification(
        { email, purpose: 'signup', password: input.password },
        locale,
      );
      return { sessionId: session.sessionId, resendAfterSeconds: session.resendAfterSeconds };
    }
    const passwordHash = await hashPassword(input.password);
    const user = await createAccount(
      this.db,
      { email, passwordHash, emailVerified: false },
      this.config.BETA_GATE,
    );
    return { uid: user.uid };
  }

  async createVerification(
    input: { email: string; purpose: VerificationPurpose; password?: string },
    locale: Locale,
  ): Promise<VerificationSessionView> {
    const email = normalizeEmail(input.email);
    const user = await findUserByEmail(this.db, email);
    let passwordHash: string | null = null;
    if (input.purpose === 'signup') {
      if (!input.password) throw passwordMissing();
      if (user) throw new AppError('E0007');
      passwordHash = await hashPassword(input.password);
    } else if (!user) {
      throw new AppError('E0005');
    }
    const at = this.clock.date();
    const code = newVerificationCode();
    const sessionId = newId('verification');
    const session = await insertVerification(this.db, {
      sessionId,
      email,
      purpose: input.purpose,
      codeHash: hashCode(this.secret, sessionId, code),
      passwordHash,
      expiresAt: new Date(at.getTime() + this.config.VERIFICATION_CODE_TTL),
      lastSentAt: at,
    });
    await this.sendCode(session, code, locale);
    return this.view(session, at);
  }

  /** Checks a code; completes the signup or the password reset and answers the uid to sign in. */
  async checkVerification(input: { sessionId: string; code: string; password?: string }): Promise<string> {
    const at = this.clock.date();
    const session = await this.usableSession(input.sessionId, at);
    if (session.purpose === 'resetPassword' && !input.password) throw passwordMissing();
    if (!sameHash(hashCode(this.secret, session.sessionId, input.code), session.codeHash)) {
      const attempts = await recordWrongCode(this.db, session.sessionId, MAX_CODE_ATTEMPTS);
      if (attempts === null) throw sessionNotFound();
      throw new AppError('E0009');
    }
    const newHash =
      session.purpose === 'resetPassword' && input.password ? await hashPassword(input.password) : null;
    return this.db.transaction(async (tx) => {
      // Consumed once, even when two requests carry the right code at the same time.
      if (!(await consumeVerification(tx, session.sessionId, at, MAX_CODE_ATTEMPTS))) throw sessionNotFound();
      if (session.purpose === 'signup') {
        if (!session.passwordHash) throw sessionNotFound();
        if (await findUserByEmail(tx, session.email)) throw new AppError('E0007');
        const user = await createAccount(
          tx,
          { email: session.email, passwordHash: session.passwordHash, emailVerified: true },
          this.config.BETA_GATE,
        );
        return user.uid;
      }
      const user = await findUserByEmail(tx, session.email);
      if (!user || !newHash) throw new AppError('E0005');
      await updateUser(tx, user.uid, { passwordHash: newHash, emailVerified: true });
      // A new password signs every other session out.
      await revokeAllOfUser(tx, user.uid, at);
      return user.uid;
    });
  }

  async resend(sessionId: string, locale: Locale): Promise<VerificationSessionView> {
    const at = this.clock.date();
    const session = await this.usableSession(sessionId, at);
    const wait = this.resendAfterSeconds(session, at);
    if (wait > 0) throw new AppError('E0010', `Please wait ${wait} seconds before asking for a new code`);
    const code = newVerificationCode();
    const values = {
      codeHash: hashCode(this.secret, session.sessionId, code),
      lastSentAt: at,
      expiresAt: new Date(at.getTime() + this.config.VERIFICATION_CODE_TTL),
    };
    const sentBefore = new Date(at.getTime() - this.config.VERIFICATION_RESEND_COOLDOWN);
    if (!(await replaceCode(this.db, session.sessionId, values, sentBefore))) throw new AppError('E0010');
    const updated = { ...session, ...values, attempts: 0 };
    await this.sendCode(updated, code, locale);
    return this.view(updated, at);
  }

  /**
   * Password login. An unknown email, and an account without a password, still verify the
   * password against a dummy hash, so every path costs one argon2 verification and the answer
   * time does not tell which emails have accounts.
   */
  async login(input: { email: string; password: string }): Promise<string> {
    const user = await findUserByEmail(this.db, normalizeEmail(input.email));
    const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
    if (!user) throw new AppError('E0005');
    if (!user.passwordHash) {
      const providers = (await listIdentityProviders(this.db, user.uid)).map((p) =>
        p === 'github' ? 'GitHub' : 'Google',
      );
      const via = providers.length ? providers.join(' or ') : 'another sign-in method';
      throw new AppError(
        'E0005',
        `This account has no password: sign in with ${via}, or reset the password to set one`,
      );
    }
    if (!matches) throw new AppError('E0006');
    return user.uid;
  }

  /** The email of a verification session (the per-account rate limit of check and resend). */
  async verificationEmail(sessionId: string): Promise<string | undefined> {
    return (await findVerification(this.db, sessionId))?.email;
  }

  private async usableSession(sessionId: string, at: Date): Promise<VerificationRow> {
    const session = await findVerification(this.db, sessionId);
    if (!session || session.consumedAt || session.expiresAt <= at || session.attempts >= MAX_CODE_ATTEMPTS) {
      throw sessionNotFound();
    }
    return session;
  }

  private resendAfterSeconds(session: VerificationRow, at: Date): number {
    const ms = session.lastSentAt.getTime() + this.config.VERIFICATION_RESEND_COOLDOWN - at.getTime();
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  private view(session: VerificationRow, at: Date): VerificationSessionView {
    return {
      sessionId: session.sessionId,
      email: session.email,
      purpose: session.purpose as VerificationPurpose,
      expiresAt: session.expiresAt.toISOString(),
      resendAfterSeconds: this.resendAfterSeconds(session, at),
    };
  }

  private async sendCode(session: VerificationRow, code: string, locale: Locale): Promise<void> {
    const purpose = session.purpose as VerificationPurpose;
    const mail = verificationMail({
      to: session.email,
      code,
      purpose,
      ttlMs: this.config.VERIFICATION_CODE_TTL,
      locale,
    });
    try {
      await this.mailer.send(mail);
    } catch (err) {
      this.log.error({ err, to: session.email }, 'could not send the verification mail');
      throw new AppError('E0000', 'The verification email could not be sent, please try again later');
    }
  }
}
