/**
 * The manifest each browser gets (wxt.config.ts): Chromium the signing key whose id is the one
 * docs/extension.md tells servers to list in CORS_ORIGINS, Firefox an add-on id (its MV3 build
 * needs one for storage to survive a reinstall) and no `key`, which Firefox does not read.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

type Manifest = Record<string, unknown> & {
  key?: string;
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } };
};

async function manifestFor(browser: 'chrome' | 'firefox'): Promise<Manifest> {
  const manifest = config.manifest;
  if (typeof manifest !== 'function') throw new Error('wxt.config.ts: manifest is no longer per browser');
  return (await manifest({ browser, manifestVersion: 3, mode: 'production', command: 'build' })) as Manifest;
}

/** Chromium's extension id: the first 128 bits of SHA-256 of the public key, hex digits as a–p. */
function extensionId(publicKey: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode('a'.charCodeAt(0) + parseInt(c, 16))).join('');
}

describe('the manifest per browser', () => {
  it('gives Chromium the key of the documented id and nothing of Firefox', async () => {
    const chrome = await manifestFor('chrome');
    expect(extensionId(chrome.key ?? '')).toBe('bagkolnpkfjfaglakhagbdlmcilddngn');
    expect(chrome.browser_specific_settings).toBeUndefined();
  });

  it('gives Firefox an add-on id and a minimum version, and no key', async () => {
    const firefox = await manifestFor('firefox');
    expect(firefox.key).toBeUndefined();
    const gecko = firefox.browser_specific_settings?.gecko;
    // an add-on id is an email-like name or a GUID in braces
    expect(gecko?.id).toMatch(/^[a-z0-9-._]*@[a-z0-9-._]+$/i);
    expect(Number.parseFloat(gecko?.strict_min_version ?? '0')).toBeGreaterThanOrEqual(115);
  });

  it('asks both for the same permissions and the shortcut', async () => {
    const [chrome, firefox] = await Promise.all([manifestFor('chrome'), manifestFor('firefox')]);
    for (const field of ['permissions', 'host_permissions', 'commands', 'name']) {
      expect(firefox[field]).toEqual(chrome[field]);
    }
    expect(chrome.commands).toMatchObject({ 'clip-page': { suggested_key: { default: 'Alt+Shift+S' } } });
  });
});
