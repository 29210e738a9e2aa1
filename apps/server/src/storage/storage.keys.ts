/** Storage keys: which strings may name an object, so no key can reach outside the storage root. */

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Segments of letters, digits, dot, dash and underscore, separated by '/'; no segment starts with a
// dot (so no '.', '..' or hidden files), no empty segment, no leading '/', no backslash or NUL.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_STORAGE_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_STORAGE_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Returns the key unchanged, or throws InvalidStorageKeyError. */
export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}
