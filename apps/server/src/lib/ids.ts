/** Readable prefixed ids (`c-…` canvas, `d-…` document): prefix + 20 random base-32 characters. */
import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '@atelier/contract';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function randomToken(length = 20): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

export function newId(kind: keyof typeof ID_PREFIX): string {
  return `${ID_PREFIX[kind]}-${randomToken()}`;
}
