/**
 * A seeded input generator for the fuzz suite (helpers/fuzz-suite.ts) and the share-page fuzz
 * (share-safety.test.ts): a small deterministic random generator, JSON text generated from a
 * route's JSON Schema (valid-shaped values, hostile values at random places), query strings,
 * path segments, and a raw HTTP GET for request targets that fetch would normalise.
 *
 * Values are generated as JSON *text*, so they can hold what a JavaScript value cannot be
 * serialised to: `1e999`, keys named `__proto__`, nesting thousands of levels deep.
 */
import { connect } from 'node:net';
import { LIMITS } from '@atelier/contract';
import type { SchemaNode } from './schema-fields.js';

export type Rng = () => number;

/** mulberry32: a small deterministic generator, so a seed always sends the same requests. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
export const chance = (rng: Rng, p: number) => rng() < p;
const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** The run's seed: FUZZ_SEED when set (to replay a failure), else a fixed one. */
export function fuzzSeed(fallback = 3131): number {
  const env = Number(process.env.FUZZ_SEED);
  return Number.isFinite(env) && process.env.FUZZ_SEED !== '' ? env : fallback;
}

/** Strings that broke servers before: NUL and control characters, replacement patterns, lone surrogates… */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\t\n\u000b\f\r\u001b[31m\u007f',
  '\r\n\r\nSet-Cookie: x=1',
  '\u0085\u2028\u2029',
  '$`',
  "$'",
  '$&',
  '$1$2$<name>$$',
  'T' + '$`'.repeat(40) + "$'$&",
  '\ud800',
  '\udfff',
  'a\udc00b\ud83d',
  '\ufeff\u200b\u202e\u2066',
  '🎉'.repeat(40),
  '字'.repeat(3000),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '%00',
  '%',
  '%zz%ff',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  'C:\\Windows\\win.ini',
  '\\\\server\\share',
  'http://127.0.0.1:9/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-Infinity',
  '1e309',
  '-0',
  '0x7fffffff',
  '\\u0000',
  'a'.repeat(129),
  'a'.repeat(513),
  'A' + ' '.repeat(5000) + 'B',
];

/** Number tokens, as JSON text: beyond double range (1e999 parses to Infinity), -0, past 2^53… */
export const HOSTILE_NUMBERS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '1.5',
  '-2147483649',
  '2147483648',
  '9007199254740993',
  '123456789012345678901234567890',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '1e-999',
  '5e-324',
];

/** Other hostile JSON values: wrong structures, prototype keys, arrays where objects go. */
export const HOSTILE_STRUCTURES: readonly string[] = [
  'null',
  'true',
  '[]',
  '{}',
  '[[[[[]]]]]',
  '[null,null]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '["\\u0000",{"a":"\\ud800"}]',
  '{"":""}',
  '{"a\\u0000b":1}',
];

/** `depth` levels of nested arrays (or objects) around a value, as JSON text. */
export function deepJson(depth: number, objects = false): string {
  return objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}

/** A hostile JSON value of any type. */
export function hostileJson(rng: Rng): string {
  const r = rng();
  if (r < 0.5) return JSON.stringify(pick(rng, HOSTILE_STRINGS));
  if (r < 0.7) return pick(rng, HOSTILE_NUMBERS);
  if (r < 0.9) return pick(rng, HOSTILE_STRUCTURES);
  if (r < 0.95) return JSON.stringify('x'.repeat(pick(rng, [257, 1025, 4097, 10_001, 60_000])));
  return deepJson(between(rng, 1000, 3000), chance(rng, 0.5));
}

export interface GenOptions {
  rng: Rng;
  /** The schema's root (for `$ref`s to `#` and `#/$defs/…`). */
  root: SchemaNode;
  /** A real id for a field name (`canvasId`, `docIds`…), or undefined. */
  id: (field: string) => string | undefined;
  /** Probability that any value below the top gets a hostile value instead. */
  hostile: number;
  /** When set, every string that is not an id, an enum or a pattern gets this one (and keys too). */
  strings?: string;
}

/** The strings a `strings` case puts in every field at once: one kind of breakage, everywhere. */
export const EVERYWHERE_STRINGS: readonly string[] = [
  'emoji cut \ud83d',
  'a\udfffb',
  "$`$&$'",
  '\u0001\u001b[0m\r\n\u007f<b>"\'&',
];

/** The id field that names each entity type, for an `entityType` + `entityId` pair. */
const ENTITY_ID_FIELDS: Record<string, string> = {
  canvas: 'canvasId',
  document: 'docId',
  resource: 'resourceId',
  project: 'projectId',
  codeArtifact: 'artifactId',
  page: 'pageId',
};

const WORDS = ['fuzz', 'hello world', 'Über', '日本語', 'notes', 'a', 'Plan B', 'x-1'];
const PATTERN_CANDIDATES = [
  'fuzz',
  'a',
  'abc-1',
  'fuzz_1',
  'fuzz.key',
  '#a1b2c3',
  'en',
  'v1',
  'A1',
  '2026-01-01',
  'http://127.0.0.1:9/fuzz',
  'atl_' + 'A'.repeat(40),
];

function resolveRef(ref: string, root: SchemaNode): SchemaNode {
  if (ref === '#') return root;
  const name = ref.replace(/^#\/\$defs\//, '');
  return ((root.$defs ?? {}) as Record<string, SchemaNode>)[name] ?? {};
}

function validString(node: SchemaNode, field: string, g: GenOptions): string {
  const real = g.id(field);
  if (real && chance(g.rng, 0.85)) return real;
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : 200;
  let s: string;
  if (g.strings !== undefined && typeof node.pattern !== 'string' && !node.format) s = g.strings;
  else if (node.format === 'email' || /email/i.test(field))
    s = `fuzz-${between(g.rng, 1, 9999)}@example.test`;
  else if (node.format === 'uri' || node.format === 'url' || /https\?/.test(String(node.pattern ?? '')))
    s = `http://127.0.0.1:9/${pick(g.rng, ['fuzz', 'a?b=1', 'x#y'])}`;
  else if (node.format === 'date-time' || /At$/.test(field))
    s = new Date(Date.UTC(2026, between(g.rng, 0, 11), between(g.rng, 1, 28))).toISOString();
  else if (typeof node.pattern === 'string') {
    const re = new RegExp(node.pattern, 'u');
    s = PATTERN_CANDIDATES.find((c) => re.test(c)) ?? pick(g.rng, WORDS);
  } else s = pick(g.rng, WORDS) + (chance(g.rng, 0.5) ? `-${between(g.rng, 0, 999)}` : '');
  if (s.length < min) s = s.padEnd(min, 'a');
  if (s.length > max) s = s.slice(0, max);
  return s;
}

function validNumber(node: SchemaNode, g: GenOptions): number {
  const integer = node.type === 'integer';
  const lo =
    typeof node.minimum === 'number'
      ? node.minimum
      : typeof node.exclusiveMinimum === 'number'
        ? node.exclusiveMinimum + 1
        : 0;
  const hi =
    typeof node.maximum === 'number'
      ? node.maximum
      : typeof node.exclusiveMaximum === 'number'
        ? node.exclusiveMaximum - 1
        : Math.max(lo, 100);
  const r = g.rng();
  const n = r < 0.2 ? lo : r < 0.4 ? hi : lo + g.rng() * (hi - lo);
  return integer ? Math.round(n) : n;
}

/**
 * JSON text for a schema node: a valid-shaped value (ids from `g.id` for id fields), with each
 * value below the top replaced by a hostile one at probability `g.hostile`. `force` names a
 * top-level property that always gets a hostile value.
 */
export function genJson(node: SchemaNode, g: GenOptions, field = '', depth = 0, force?: string): string {
  if (depth > 0 && chance(g.rng, g.hostile)) return hostileJson(g.rng);
  if (typeof node.$ref === 'string') {
    if (depth > 8) return '{}';
    return genJson(resolveRef(node.$ref, g.root), g, field, depth + 1);
  }
  const members = (node.anyOf ?? node.oneOf) as SchemaNode[] | undefined;
  if (members?.length) return genJson(pick(g.rng, members), g, field, depth);
  if (Array.isArray(node.allOf) && node.allOf.length)
    return genJson(node.allOf[0] as SchemaNode, g, field, depth);
  if (Array.isArray(node.enum)) return JSON.stringify(pick(g.rng, node.enum));
  if ('const' in node) return JSON.stringify(node.const);
  const type = Array.isArray(node.type) ? pick(g.rng, node.type as string[]) : node.type;
  switch (type) {
    case 'string':
      return JSON.stringify(validString(node, field, g));
    case 'integer':
    case 'number':
      return JSON.stringify(validNumber(node, g));
    case 'boolean':
      return chance(g.rng, 0.5) ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'array': {
      const min = typeof node.minItems === 'number' ? node.minItems : 0;
      const max = Math.min(typeof node.maxItems === 'number' ? node.maxItems : 3, min + 3);
      const items = (node.items ?? {}) as SchemaNode;
      const single = field.replace(/s$/, '');
      const out = Array.from({ length: between(g.rng, min, max) }, () =>
        genJson(items, g, single, depth + 1),
      );
      return `[${out.join(',')}]`;
    }
    case 'object': {
      const props = (node.properties ?? {}) as Record<string, SchemaNode>;
      const required = new Set((node.required ?? []) as string[]);
      const parts: string[] = [];
      // an entityType beside an entityId: mostly a real id of that type, so the call goes deep
      const types = (props.entityType?.enum ?? null) as string[] | null;
      const entityType = types && props.entityId ? pick(g.rng, types) : undefined;
      const real =
        entityType && chance(g.rng, 0.7) ? g.id(`${ENTITY_ID_FIELDS[entityType] ?? ''}`) : undefined;
      for (const [key, child] of Object.entries(props)) {
        if (key === force) parts.push(`${JSON.stringify(key)}:${hostileJson(g.rng)}`);
        else if (key === 'entityType' && entityType !== undefined && !chance(g.rng, g.hostile))
          parts.push(`"entityType":${JSON.stringify(entityType)}`);
        else if (key === 'entityId' && real !== undefined && !chance(g.rng, g.hostile))
          parts.push(`"entityId":${JSON.stringify(real)}`);
        else if (required.has(key) || chance(g.rng, 0.6))
          parts.push(`${JSON.stringify(key)}:${genJson(child, g, key, depth + 1)}`);
      }
      const extra = node.additionalProperties;
      if (extra && typeof extra === 'object' && chance(g.rng, 0.6)) {
        for (let i = between(g.rng, 1, 3); i > 0; i--) {
          const key =
            g.strings ?? (chance(g.rng, 0.3) ? pick(g.rng, HOSTILE_STRINGS) : `key${between(g.rng, 0, 99)}`);
          parts.push(`${JSON.stringify(key)}:${genJson(extra as SchemaNode, g, key, depth + 1)}`);
        }
      }
      return `{${parts.join(',')}}`;
    }
    default:
      // any value (z.unknown(), records of anything)
      return pick(g.rng, ['1', '"x"', 'true', 'null', '{}', '[]', '{"a":[1,{"b":"c"}]}']);
  }
}

/** A string just at or over a limit: the content limit (100,000 characters) or a field's maxLength. */
export function nearLimitString(rng: Rng, node: SchemaNode): string {
  const max = typeof node.maxLength === 'number' ? node.maxLength : LIMITS.maxContentChars;
  const n = Math.max(0, Math.min(max + pick(rng, [-1, 0, 1]), LIMITS.maxContentChars + 1));
  return pick(rng, ['a', 'é', '$`']).repeat(n).slice(0, n);
}

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** Hostile pieces for a URL (path segment or query value), already in URL syntax. */
export const HOSTILE_URL_PIECES: readonly string[] = [
  '%00',
  'a%00b',
  '%',
  '%2',
  '%zz',
  '%ff',
  '%fe%ff',
  '%c0%ae%c0%ae',
  '..%2f..%2fetc%2fpasswd',
  '..%2F',
  '%2e%2e',
  '%5c..%5c',
  '$%60',
  "$'$&$%60$1",
  '%ED%A0%80',
  '%0d%0aSet-Cookie:%20x=1',
  'x'.repeat(300),
  'sh-' + 'A'.repeat(2000),
  '%25' + '%41'.repeat(200),
];

/** A hostile URL piece: a fixed one or a percent-encoded hostile string. */
export function hostileUrlPiece(rng: Rng): string {
  return chance(rng, 0.6) ? pick(rng, HOSTILE_URL_PIECES) : percentEncode(pick(rng, HOSTILE_STRINGS));
}

/** Nasty path segments, as bytes on the wire (some percent-encoded, some raw), from `seed`. */
export function nastySegments(seed: number, generatedCount = 16): Buffer[] {
  const fixed = [
    '%00',
    'sh-%00',
    '%00%00%00',
    '%ff',
    '%fe%ff',
    '%',
    '%2',
    '%zz',
    '..%2f..%2fetc%2fpasswd',
    '..%2F',
    '%2e%2e',
    '$%60',
    "$'$&$%60$1",
    encodeURIComponent('T' + '$`'.repeat(80)),
    encodeURIComponent('日本語-ü-🎉'),
    encodeURIComponent('\u202e\ufeff\u200b'),
    'x'.repeat(300),
    'sh-' + 'A'.repeat(5000),
    '%25' + '%41'.repeat(400),
    encodeURIComponent('<script>alert(1)</script>'),
    '%0d%0aSet-Cookie:%20x=1',
  ].map((s) => Buffer.from(s, 'latin1'));
  const raw = [Buffer.from([0x00]), Buffer.from([0xff]), Buffer.from('日本', 'utf8'), Buffer.from('$`')];
  const random = seeded(seed);
  const alphabet = [
    '%00',
    '%ff',
    '%',
    '$`',
    "$'",
    '$&',
    '..',
    '%2f',
    '\u00e9',
    '/',
    '?',
    '#',
    '~',
    'a',
    '%c0%ae',
  ];
  const generated = Array.from({ length: generatedCount }, () => {
    let s = '';
    const n = 1 + Math.floor(random() * 12);
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(random() * alphabet.length)];
    return Buffer.from(encodeURI(s).replace(/%25/g, '%'), 'utf8');
  });
  return [...fixed, ...raw, ...generated];
}

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** A request with exactly these request-target bytes (fetch would normalise or encode them). */
export function rawRequest(baseUrl: string, target: Buffer, method = 'GET'): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('connect', () =>
      socket.write(
        Buffer.concat([
          Buffer.from(`${method} `),
          target,
          Buffer.from(` HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
        ]),
      ),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const head = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!head) {
        reject(new Error(`no HTTP answer to ${target.toString('latin1').slice(0, 80)}`));
        return;
      }
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(head[1]),
        headers: text.slice(0, split).toLowerCase(),
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
  });
}
