/**
 * Secrets of a tplConfig: sealed values open again only for their user, answers mask them, and a
 * mask sent back stands for the stored value (or for none), never for itself.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findSkill } from './skill.builtins.js';
import {
  keepMaskedSecrets,
  maskTplConfig,
  openTplConfig,
  SECRET_MASK,
  sealTplConfig,
  secretsOf,
} from './skill.secrets.js';

const skill = findSkill('imageGeneration');
const key = randomBytes(32).toString('hex');
const masked = { value: SECRET_MASK, displayValue: SECRET_MASK };

describe('tplConfig secrets', () => {
  it('seals, opens for the same user only, and masks in answers', () => {
    const sealed = sealTplConfig(skill, { apiKey: { value: 'k-1' }, model: { value: 'm' } }, key, 'u-1')!;
    expect(JSON.stringify(sealed)).not.toContain('k-1');
    expect(openTplConfig(skill, sealed, key, 'u-1').apiKey?.value).toBe('k-1');
    expect(() => openTplConfig(skill, sealed, key, 'u-2')).toThrow();
    expect(maskTplConfig(skill, sealed)).toEqual({ apiKey: masked, model: { value: 'm' } });
  });

  it('a mask sent back takes the stored entry, or is dropped when none is stored', () => {
    const stored = sealTplConfig(skill, { apiKey: { value: 'k-1' } }, key, 'u-1')!;
    const kept = keepMaskedSecrets(skill, { apiKey: masked, model: { value: 'm' } }, stored);
    expect(kept).toEqual({ apiKey: stored.apiKey, model: { value: 'm' } });
    expect(keepMaskedSecrets(skill, { apiKey: masked }, null)).toEqual({});
    // a stored mask is no value either
    expect(keepMaskedSecrets(skill, { apiKey: masked }, { apiKey: masked })).toEqual({});
    // a new value replaces the stored one
    expect(keepMaskedSecrets(skill, { apiKey: { value: 'k-2' } }, stored)).toEqual({
      apiKey: { value: 'k-2' },
    });
  });

  it('secretsOf answers only the secret entries that hold a value', () => {
    const stored = sealTplConfig(skill, { apiKey: { value: 'k-1' }, model: { value: 'm' } }, key, 'u-1')!;
    expect(secretsOf(skill, stored)).toEqual({ apiKey: stored.apiKey });
    expect(secretsOf(skill, { apiKey: masked })).toEqual({});
    expect(secretsOf(skill, null)).toEqual({});
  });
});
