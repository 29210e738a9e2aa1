/**
 * The input checks every entry point shares (the /v1 contract routes, the /share pages and files,
 * the /mcp tools): no NUL character in any string (PostgreSQL text and jsonb cannot hold U+0000,
 * so it would fail in the database as a 500), and no JSON body nested deeper than
 * MAX_JSON_DEPTH (recursive code further on, zod, JSON.stringify, would overflow the stack).
 * Refusals are the catalogue's invalid-parameter code, E0003. A lone UTF-16 surrogate (`"\ud800"`
 * in JSON text) is no refusal but is replaced by U+FFFD (wellFormed): PostgreSQL text columns
 * already store it so (the driver encodes UTF-8), while jsonb refused its escape with a 500.
 */
import { AppError } from '../lib/errors.js';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

const hasNul = (s: string) => s.includes('\u0000');

export interface FindStringOptions {
  /** Judge object keys too (a NUL is as fatal in a jsonb key as in a value). */
  keys?: boolean;
  /** Past MAX_JSON_DEPTH: refuse with E0003 instead of looking no further. */
  refuseDeeper?: boolean;
}

/**
 * The path of the first string matching `bad` anywhere in a parsed body, query, params or tool
 * arguments, '' for the value itself; null when there is none. One walker for every such check
 * (NUL here, oversized content in register.ts).
 */
export function findString(
  value: unknown,
  bad: (s: string) => boolean,
  opts: FindStringOptions = {},
  path: string[] = [],
  depth = 0,
): string | null {
  if (typeof value === 'string') return bad(value) ? path.join('.') : null;
  if (depth > MAX_JSON_DEPTH) {
    if (opts.refuseDeeper) throw tooDeep();
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findString(value[i], bad, opts, [...path, String(i)], depth + 1);
      if (hit !== null) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (opts.keys && bad(k)) return [...path, k.replaceAll('\u0000', '\\0')].join('.');
      const hit = findString(v, bad, opts, [...path, k], depth + 1);
      if (hit !== null) return hit;
    }
  }
  return null;
}

/**
 * The path of the first string (or object key) holding a NUL, '' for the value itself; null when
 * there is none. Values nested deeper than a JSON body may be are refused as such.
 */
export function findNul(value: unknown): string | null {
  return findString(value, hasNul, { keys: true, refuseDeeper: true });
}

/** Throws E0003 naming the field when `value` holds a NUL character anywhere. */
export function rejectNul(value: unknown, where = 'input'): void {
  const hit = findNul(value);
  if (hit !== null) throw new AppError('E0003', `${hit || where}: must not contain a NUL character`);
}

function tooDeep(): AppError {
  return new AppError('E0003', `body: nested deeper than ${MAX_JSON_DEPTH} levels`);
}

/** Whether JSON text nests arrays and objects deeper than `max` (a scan, before parsing). */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Throws E0003 when JSON text nests deeper than MAX_JSON_DEPTH. */
export function rejectDeepJson(text: string): void {
  if (jsonDepthExceeds(text)) throw tooDeep();
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);
const fixString = (s: string) => s.replace(LONE_SURROGATES, '\ufffd');

function rebuild(value: unknown): unknown {
  if (typeof value === 'string') return fixString(value);
  if (Array.isArray(value)) return value.map(rebuild);
  if (value && typeof value === 'object') {
    // fromEntries defines own properties (a key named __proto__ stays a key)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fixString(k), rebuild(v)]));
  }
  return value;
}

/**
 * `value` with every string and object key well-formed UTF-16: each lone surrogate replaced by
 * U+FFFD, as a UTF-8 encoder writes it. The value itself when it has none (the common case, one
 * walk); a copy otherwise. Call it after rejectNul (which refuses nesting deeper than a body may have).
 */
export function wellFormed<T>(value: T): T {
  return findString(value, hasLoneSurrogate, { keys: true }) === null ? value : (rebuild(value) as T);
}
