/**
 * Secret values in a skill's tplConfig (imageGeneration's apiKey): sealed with AES-256-GCM before
 * the run is recorded (a queued run still has them), opened only inside the engine, and replaced
 * by a mask in every answer (/action/result, /action/list).
 */
import { TPL_CONFIG_SECRET_MASK, type TplConfig } from '@atelier/contract';
import { decryptSecret, encryptSecret } from '../lib/crypto.js';
import type { SkillDefinition } from './skill.types.js';

const SEALED = 'sealed:';
export const SECRET_MASK = TPL_CONFIG_SECRET_MASK;

const secretKeys = (skill: SkillDefinition | null): readonly string[] => skill?.secretConfigKeys ?? [];

export function sealTplConfig(
  skill: SkillDefinition | null,
  tplConfig: TplConfig | undefined,
  encryptionKey: string,
  uid: string,
): TplConfig | undefined {
  if (!tplConfig) return tplConfig;
  const out: TplConfig = { ...tplConfig };
  for (const key of secretKeys(skill)) {
    const value = out[key]?.value;
    if (typeof value === 'string' && value && !value.startsWith(SEALED)) {
      out[key] = { value: `${SEALED}${encryptSecret(value, encryptionKey, uid)}`, displayValue: SECRET_MASK };
    }
  }
  return out;
}

export function openTplConfig(
  skill: SkillDefinition | null,
  tplConfig: TplConfig,
  encryptionKey: string,
  uid: string,
): TplConfig {
  const out: TplConfig = { ...tplConfig };
  for (const key of secretKeys(skill)) {
    const value = out[key]?.value;
    if (typeof value === 'string' && value.startsWith(SEALED)) {
      out[key] = { value: decryptSecret(value.slice(SEALED.length), encryptionKey, uid) };
    }
  }
  return out;
}

/**
 * A secret sent back masked (as answers show it: an edit form or a rerun posting what it read)
 * stands for the value stored before, never for the mask itself: it takes `stored`'s entry, or is
 * left out when there is none.
 */
export function keepMaskedSecrets(
  skill: SkillDefinition | null,
  next: TplConfig,
  stored: TplConfig | null | undefined,
): TplConfig {
  const out: TplConfig = { ...next };
  for (const key of secretKeys(skill)) {
    if (out[key]?.value !== SECRET_MASK) continue;
    const kept = stored?.[key];
    if (kept && kept.value !== SECRET_MASK) out[key] = kept;
    else delete out[key];
  }
  return out;
}

/** The secret entries of a stored tplConfig (still sealed). */
export function secretsOf(skill: SkillDefinition | null, tplConfig: TplConfig | null | undefined): TplConfig {
  const out: TplConfig = {};
  for (const key of secretKeys(skill)) {
    const entry = tplConfig?.[key];
    if (entry && entry.value !== SECRET_MASK) out[key] = entry;
  }
  return out;
}

/** tplConfig as answers show it: secret values masked, whatever the skill. */
export function maskTplConfig(skill: SkillDefinition | null, tplConfig: TplConfig | null): TplConfig | null {
  if (!tplConfig) return tplConfig;
  const out: TplConfig = {};
  for (const [key, entry] of Object.entries(tplConfig)) {
    const secret =
      secretKeys(skill).includes(key) || (typeof entry.value === 'string' && entry.value.startsWith(SEALED));
    out[key] = secret ? { value: SECRET_MASK, displayValue: SECRET_MASK } : entry;
  }
  return out;
}
