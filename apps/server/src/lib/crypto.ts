/**
 * Secrets at rest (provider API keys): AES-256-GCM with a random 96-bit IV and a 128-bit auth tag,
 * stored as one versioned string `v1.<iv>.<tag>.<ciphertext>` (base64url). The optional associated
 * data binds a ciphertext to its row (e.g. the provider id), so a value copied to another row
 * does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A ciphertext that is malformed, was tampered with, or was made with another key or row. */
export class SecretDecryptError extends Error {
  constructor(message = 'The secret cannot be decrypted (wrong key, other row, or tampered)') {
    super(message);
    this.name = 'SecretDecryptError';
  }
}

function keyBytes(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('The encryption key must be 64 hex characters');
  return Buffer.from(keyHex, 'hex');
}

export function encryptSecret(plaintext: string, keyHex: string, associatedData?: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keyHex), iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(payload: string, keyHex: string, associatedData?: string): string {
  const key = keyBytes(keyHex);
  const parts = payload.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptError('Unknown secret format');
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new SecretDecryptError('Unknown secret format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretDecryptError();
  }
}
