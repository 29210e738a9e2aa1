/**
 * Password and code hashing. Passwords: argon2id with the library's defaults (m=19 MiB, t=2, p=1,
 * the OWASP baseline). Verification codes: HMAC-SHA256 keyed by the instance secret, so a leaked
 * table alone does not reveal them; they live minutes and allow five tries.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export async function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id (its Algorithm enum is a const enum we cannot import).
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** A 6-digit code, uniformly random, leading zeros kept. */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashCode(secret: string, sessionId: string, code: string): string {
  return createHmac('sha256', secret).update(`verification:${sessionId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
