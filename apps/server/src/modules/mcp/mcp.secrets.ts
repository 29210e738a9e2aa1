/**
 * Header and env values of an MCP server, sealed together at rest with the provider keys' cipher
 * (lib/crypto.ts, bound to the server id), and the rule that a masked value sent back unchanged
 * (the edit form shows masks) keeps the stored one.
 */
import { MCP_SECRET_MASK } from '@atelier/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { decryptSecret, encryptSecret, SecretDecryptError } from '../../lib/crypto.js';

/** A value as answers show it: the mask, plus the last 4 characters of a long value. */
export function maskValue(value: string): string {
  return value.length >= 16 ? `${MCP_SECRET_MASK}${value.slice(-4)}` : MCP_SECRET_MASK;
}

export function maskRecord(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskValue(v)]));
}

export interface McpSecrets {
  headers: Record<string, string>;
  env: Record<string, string>;
}

export const NO_SECRETS: McpSecrets = { headers: {}, env: {} };

export function sealSecrets(secrets: McpSecrets, key: string, serverId: string): string | null {
  if (!Object.keys(secrets.headers).length && !Object.keys(secrets.env).length) return null;
  return encryptSecret(JSON.stringify(secrets), key, serverId);
}

export function openSecrets(sealed: string | null, key: string, serverId: string, name: string): McpSecrets {
  if (!sealed) return NO_SECRETS;
  try {
    const parsed = JSON.parse(decryptSecret(sealed, key, serverId)) as Partial<McpSecrets>;
    return { headers: parsed.headers ?? {}, env: parsed.env ?? {} };
  } catch (err) {
    if (err instanceof SecretDecryptError) {
      throw new AppError('E0003', `The stored headers of "${name}" cannot be decrypted; enter them again`);
    }
    throw err;
  }
}

/**
 * The values to store: a value equal to the mask of the stored one under the same name keeps
 * the stored value; any other masked value was not typed by the user and is refused.
 */
export function unmask(
  field: 'headers' | 'env',
  given: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const previous = stored[name];
    if (previous !== undefined && value === maskValue(previous)) out[name] = previous;
    else if (value.startsWith(MCP_SECRET_MASK)) throw badRequest(`${field}.${name}: enter the value again`);
    else out[name] = value;
  }
  return out;
}

export function sameSecrets(a: McpSecrets, b: McpSecrets): boolean {
  const same = (x: Record<string, string>, y: Record<string, string>) =>
    Object.keys(x).length === Object.keys(y).length && Object.entries(x).every(([k, v]) => y[k] === v);
  return same(a.headers, b.headers) && same(a.env, b.env);
}
