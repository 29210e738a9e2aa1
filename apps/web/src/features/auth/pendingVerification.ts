/** The email verification in progress, kept in session storage so the verify screen survives a reload. */
import { platform } from '../../platform/platform';
import { PENDING_VERIFICATION_KEY } from '../../platform/storageKeys';

export interface PendingVerification {
  sessionId: string;
  email: string;
  /** Epoch ms from which a resend is allowed. */
  resendAvailableAt: number;
}

/** Cool-down before the first resend when a signup answer does not say (older servers): the server's default. */
export const INITIAL_RESEND_COOLDOWN_SECONDS = 60;

export function savePendingVerification(value: PendingVerification): void {
  platform.session.set(PENDING_VERIFICATION_KEY, JSON.stringify(value));
}

export function loadPendingVerification(): PendingVerification | null {
  const raw = platform.session.get(PENDING_VERIFICATION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PendingVerification>;
    if (typeof parsed.sessionId !== 'string' || typeof parsed.email !== 'string') return null;
    return {
      sessionId: parsed.sessionId,
      email: parsed.email,
      resendAvailableAt: typeof parsed.resendAvailableAt === 'number' ? parsed.resendAvailableAt : 0,
    };
  } catch {
    return null;
  }
}

export function clearPendingVerification(): void {
  platform.session.remove(PENDING_VERIFICATION_KEY);
}
