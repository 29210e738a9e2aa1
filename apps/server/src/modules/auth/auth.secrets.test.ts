import { describe, expect, it } from 'vitest';
import { hashCode, hashPassword, newVerificationCode, sameHash, verifyPassword } from './auth.secrets.js';

describe('auth secrets', () => {
  it('hashes passwords with argon2id and verifies them', async () => {
    const h = await hashPassword('correct horse');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('makes 6-digit codes and keyed code hashes', () => {
    for (let i = 0; i < 50; i++) expect(newVerificationCode()).toMatch(/^\d{6}$/);
    const a = hashCode('k1', 's', '123456');
    expect(sameHash(a, hashCode('k1', 's', '123456'))).toBe(true);
    expect(sameHash(a, hashCode('k2', 's', '123456'))).toBe(false);
    expect(sameHash(a, hashCode('k1', 's2', '123456'))).toBe(false);
  });
});
