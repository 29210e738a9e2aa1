import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretDecryptError } from './crypto.js';

const key = randomBytes(32).toString('hex');
const otherKey = randomBytes(32).toString('hex');

/** Flips one bit of the base64url part at `index` of a `v1.iv.tag.data` string. */
function flip(payload: string, index: number): string {
  const parts = payload.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips text, including empty and non-ASCII text', () => {
    for (const text of ['sk-test-123', '', 'ключ 🔑 密钥', 'x'.repeat(5000)]) {
      const sealed = encryptSecret(text, key);
      expect(sealed.startsWith('v1.')).toBe(true);
      expect(sealed).not.toContain(text || '\u0000');
      expect(decryptSecret(sealed, key)).toBe(text);
    }
  });

  it('uses a fresh IV each time', () => {
    const a = encryptSecret('same', key);
    const b = encryptSecret('same', key);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = encryptSecret('sk-secret', key);
    for (const index of [1, 2, 3]) {
      expect(() => decryptSecret(flip(sealed, index), key)).toThrow(SecretDecryptError);
    }
  });

  it('refuses a wrong key', () => {
    const sealed = encryptSecret('sk-secret', key);
    expect(() => decryptSecret(sealed, otherKey)).toThrow(SecretDecryptError);
  });

  it('binds the secret to its associated data (the row it belongs to)', () => {
    const sealed = encryptSecret('sk-secret', key, 'pr-one');
    expect(decryptSecret(sealed, key, 'pr-one')).toBe('sk-secret');
    expect(() => decryptSecret(sealed, key, 'pr-two')).toThrow(SecretDecryptError);
    expect(() => decryptSecret(sealed, key)).toThrow(SecretDecryptError);
  });

  it('refuses unknown formats and bad keys', () => {
    expect(() => decryptSecret('plain text', key)).toThrow(SecretDecryptError);
    expect(() => decryptSecret('v2.a.b.c', key)).toThrow(SecretDecryptError);
    expect(() => decryptSecret('v1.a.b.c', key)).toThrow(SecretDecryptError);
    expect(() => encryptSecret('x', 'short')).toThrow(/64 hex/);
  });
});
