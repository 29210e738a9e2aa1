/**
 * Bad input to every implemented route of the contract table: malformed JSON, an array instead of
 * an object, a wrong type for each declared field (derived from the zod schemas), a body over
 * 100 KB and a string over 100k characters. The answer is always a catalogue code in the wrapper:
 * never a 500, never a stack.
 *
 * Payload vs content limit: the body limit is 100 KB = 102,400 bytes and the content limit 100,000
 * characters, so E2004 is reachable only for a string of 100,001 to ~102,380 one-byte characters;
 * longer (or multi-byte) content is refused earlier by the body limit with E2005.
 */
import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { isErrorCode, LIMITS, type ErrorCode, type RouteDef } from '@atelier/contract';
import { buildDocument } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { type TestClient, type Wrapped } from './helpers/http.js';
import {
  acceptedTypes,
  fieldsOf,
  fillPath,
  hasJsonBody,
  implementedRoutes,
  stringFields,
  type JsonType,
} from './helpers/schema-fields.js';

/** The routes the running server implements (its handler map less the pending ones). */
let implemented: RouteDef[];

const it = serverTest(
  {
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    RATE_LIMIT_PER_IP: '100000',
  },
  {
    setup: async ({ server }) => {
      implemented = implementedRoutes(server.server.handlers);
    },
  },
);

/** Sends raw text as JSON to a route; returns a problem description or null when the answer is acceptable. */
async function check(
  client: TestClient,
  route: RouteDef,
  what: string,
  init: { path?: string; body?: string; contentType?: string },
  expected: readonly ErrorCode[],
): Promise<string | null> {
  const res = await client.fetch(`/v1${init.path ?? fillPath(route.path)}`, {
    method: route.method,
    ...(init.body === undefined
      ? {}
      : { body: init.body, headers: { 'content-type': init.contentType ?? 'application/json' } }),
  });
  const text = await res.text();
  let body: Wrapped;
  try {
    body = JSON.parse(text) as Wrapped;
  } catch {
    return `${route.id} ${what}: not JSON (${res.status}) ${text.slice(0, 120)}`;
  }
  if (res.status >= 500) return `${route.id} ${what}: HTTP ${res.status} ${body.errCode}`;
  if (body.stack !== undefined) return `${route.id} ${what}: answered a stack`;
  if (body.success !== false || !isErrorCode(body.errCode))
    return `${route.id} ${what}: ${text.slice(0, 160)}`;
  if (!body.traceId) return `${route.id} ${what}: no traceId`;
  if (!expected.includes(body.errCode))
    return `${route.id} ${what}: ${body.errCode} (${body.errMsg}), expected ${expected.join('/')}`;
  return null;
}

const WRONG_VALUES: Array<[JsonType, unknown]> = [
  ['number', 12345],
  ['string', 'definitely-not-valid'],
  ['boolean', true],
  ['array', [1, 2]],
  ['object', { unexpected: 1 }],
];

/** For each declared field with a definite type: a value of another JSON type. */
function wrongValues(schema: z.ZodType | undefined): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [field, node] of fieldsOf(schema)) {
    const accepted = acceptedTypes(node);
    if (!accepted) continue;
    // enums and literals of strings: another string is the wrong value
    if (
      accepted.size === 1 &&
      accepted.has('string') &&
      (node.enum || node.const !== undefined || node.pattern || node.format)
    ) {
      out.push([field, 'zzz-not-allowed']);
      continue;
    }
    const wrong = WRONG_VALUES.find(([t]) => !accepted.has(t));
    if (wrong) out.push([field, wrong[1]]);
  }
  return out;
}

/** Query values are text: only enums, numbers and booleans can be given a wrong value. */
function wrongQueryValues(schema: z.ZodType | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [field, node] of fieldsOf(schema)) {
    const accepted = acceptedTypes(node);
    if (!accepted || (accepted.has('string') && !node.enum)) continue;
    out.push([field, 'zzz-not-allowed']);
  }
  return out;
}

const ANSWERS = ['E0003', 'E0011'] as const;

describe('bad input to every implemented route', () => {
  it('lists what it covers', () => {
    const fields = implemented.flatMap((r) =>
      r.requestKind === 'multipart'
        ? []
        : [...wrongValues(r.body), ...wrongQueryValues(r.query), ...wrongQueryValues(r.params)].map(
            ([f]) => `${r.id}.${f}`,
          ),
    );
    console.log(
      `bad-input covers ${implemented.length} implemented routes: ${implemented.map((r) => r.id).join(', ')}\n` +
        `typed fields given a wrong value (${fields.length}): ${fields.join(', ')}`,
    );
    expect(implemented.length).toBeGreaterThan(0);
  });

  it('malformed JSON answers E0003', async ({ alice }) => {
    const { client } = alice;
    const problems: string[] = [];
    for (const r of implemented.filter(hasJsonBody)) {
      for (const body of ['{"a":', '{bad}', 'null x', '\u0000']) {
        problems.push(
          (await check(client, r, `malformed ${JSON.stringify(body)}`, { body }, ['E0003'])) ?? '',
        );
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('an array (or a bare value) instead of an object answers E0003', async ({ alice }) => {
    const { client } = alice;
    const problems: string[] = [];
    for (const r of implemented.filter((r) => hasJsonBody(r) && (r.body || r.requestKind === 'multipart'))) {
      for (const body of ['[]', '[{"email":"a@b.c"}]', '"text"', '42']) {
        problems.push((await check(client, r, `body ${body}`, { body }, ['E0003'])) ?? '');
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a wrong type for each declared body field answers E0003', async ({ alice }) => {
    const { client } = alice;
    const problems: string[] = [];
    let cases = 0;
    for (const r of implemented.filter((r) => hasJsonBody(r) && r.requestKind !== 'multipart')) {
      for (const [field, value] of wrongValues(r.body)) {
        cases += 1;
        problems.push(
          (await check(
            client,
            r,
            `${field}=${JSON.stringify(value)}`,
            { body: JSON.stringify({ [field]: value }) },
            ['E0003'],
          )) ?? '',
        );
      }
    }
    expect(cases).toBeGreaterThan(5);
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a wrong value for each typed query or path parameter answers E0003', async ({ alice }) => {
    const { client } = alice;
    const problems: string[] = [];
    for (const r of implemented) {
      for (const [field, value] of wrongQueryValues(r.query)) {
        const path = `${fillPath(r.path)}?${new URLSearchParams({ [field]: value })}`;
        problems.push((await check(client, r, `?${field}=${value}`, { path }, ANSWERS)) ?? '');
      }
      for (const [field, value] of wrongQueryValues(r.params)) {
        const path = r.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === field ? value : 'x'));
        problems.push((await check(client, r, `{${field}}=${value}`, { path }, ANSWERS)) ?? '');
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a NUL character in any string field, query or path parameter answers E0003 (PostgreSQL refuses it)', async ({
    alice,
  }) => {
    const { client } = alice;
    const problems: string[] = [];
    let cases = 0;
    for (const r of implemented) {
      if (hasJsonBody(r) && r.requestKind !== 'multipart') {
        for (const field of stringFields(r.body)) {
          cases += 1;
          const body = JSON.stringify({ [field]: 'a\u0000b' });
          problems.push((await check(client, r, `${field} with NUL`, { body }, ['E0003'])) ?? '');
        }
      }
      for (const field of stringFields(r.query)) {
        cases += 1;
        const path = `${fillPath(r.path)}?${field}=a%00b`;
        problems.push((await check(client, r, `?${field} with NUL`, { path }, ANSWERS)) ?? '');
      }
      if (r.params) {
        cases += 1;
        problems.push(
          (await check(
            client,
            r,
            'path with NUL',
            { path: r.path.replace(/\{(\w+)\}/g, 'a%00b') },
            ANSWERS,
          )) ?? '',
        );
      }
    }
    expect(cases).toBeGreaterThan(5);
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a body over 100 KB answers E2005 (multipart routes refuse JSON with E0003 and have their own limit)', async ({
    alice,
  }) => {
    const { client } = alice;
    const problems: string[] = [];
    const big = JSON.stringify({ content: 'a'.repeat(LIMITS.maxPayloadBytes) });
    const bigCjk = JSON.stringify({ content: '字'.repeat(40_000) }); // 40k characters, 120 KB
    for (const r of implemented.filter(hasJsonBody)) {
      // multipart routes refuse a JSON body by its content type, before reading it
      const expected = r.requestKind === 'multipart' ? (['E0003'] as const) : (['E2005'] as const);
      problems.push((await check(client, r, '110 KB body', { body: big }, expected)) ?? '');
      problems.push((await check(client, r, '120 KB of CJK', { body: bigCjk }, expected)) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a string over 100k characters inside a body under 100 KB answers E2004', async ({ alice }) => {
    const { client } = alice;
    const problems: string[] = [];
    const body = JSON.stringify({ content: 'a'.repeat(LIMITS.maxContentChars + 1) });
    expect(Buffer.byteLength(body)).toBeLessThan(LIMITS.maxPayloadBytes);
    const nested = JSON.stringify({
      preferences: { canvas: { note: 'b'.repeat(LIMITS.maxContentChars + 1) } },
    });
    for (const r of implemented.filter((r) => hasJsonBody(r) && r.body && r.requestKind !== 'multipart')) {
      problems.push((await check(client, r, '100,001-character string', { body }, ['E2004'])) ?? '');
      problems.push(
        (await check(client, r, 'nested 100,001-character string', { body: nested }, ['E2004'])) ?? '',
      );
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('a lone UTF-16 surrogate ("\\ud800" in the JSON) is stored as U+FFFD, in jsonb too, never a 500', async ({
    alice,
  }) => {
    // labels and preferences are jsonb: PostgreSQL refused the unpaired escape (HTTP 500, found by
    // the fuzz suite); a client that cut an emoji in half sends exactly this
    const cut = 'emoji cut \\ud83d';
    const label = await alice.post<{ labelClassId: string; values: string[]; prompt: string }>(
      '/v1/label/class/new',
      `{"name":"surrogates","displayName":"S","prompt":"${cut}","labels":["${cut}","a\\udfffb"]}`,
    );
    const created = expectData(label);
    expect(created.values).toEqual(['emoji cut \ufffd', 'a\ufffdb']);
    expect(created.prompt).toBe('emoji cut \ufffd');
    const settings = await alice.client.json<Wrapped<{ preferences: { canvas?: Record<string, unknown> } }>>(
      'PUT',
      '/v1/user/settings',
      `{"preferences":{"canvas":{"k\\ud800":"\\udfff"}}}`,
    );
    expect(settings.status).toBe(200);
    expect(expectData(settings).preferences.canvas).toMatchObject({ 'k\ufffd': '\ufffd' });
    // a well-formed pair is kept as it is
    const pair = expectData(
      await alice.post<{ values: string[] }>('/v1/label/class/new', {
        name: 'pair',
        displayName: 'P',
        prompt: 'p',
        labels: ['🎉'],
      }),
    );
    expect(pair.values).toEqual(['🎉']);
  });

  it('a share expiry that is no ISO date-time answers E0003 (it reached the database as an invalid date, a 500)', async ({
    alice,
  }) => {
    const doc = await buildDocument(alice, { title: 'Expiring' });
    const rec = expectData(
      await alice.post<{ shareId: string }>('/v1/share/new', { entityType: 'document', entityId: doc.docId }),
    );
    for (const expiresAt of ['1e309', 'not a date', '2026-13-45T99:00:00Z', 'a'.repeat(5000)]) {
      const updated = await alice.post('/v1/share/update', { shareId: rec.shareId, expiresAt });
      expect(expectFailure(updated, 'E0003'), expiresAt.slice(0, 20)).toContain('expiresAt');
      const created = await alice.post('/v1/share/new', {
        entityType: 'document',
        entityId: doc.docId,
        expiresAt,
      });
      expect(expectFailure(created, 'E0003'), expiresAt.slice(0, 20)).toContain('expiresAt');
    }
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const ok = expectData(
      await alice.post<{ expiresAt: string }>('/v1/share/update', { shareId: rec.shareId, expiresAt: later }),
    );
    expect(ok.expiresAt).toBe(later);
    const zoned = expectData(
      await alice.post<{ expiresAt: string }>('/v1/share/update', {
        shareId: rec.shareId,
        expiresAt: '2031-05-01T08:00:00+08:00',
      }),
    );
    expect(zoned.expiresAt).toBe('2031-05-01T00:00:00.000Z');
  });

  it('still answers normally afterwards (nothing broke the server)', async ({ alice }) => {
    const res = await alice.get('/v1/user/settings');
    expect(res.body.success).toBe(true);
  });
});
