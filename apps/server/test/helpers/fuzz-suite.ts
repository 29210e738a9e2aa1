/**
 * The fuzz suite (issue 31: "a fuzz of every operation and every share/HTML route in both modes
 * finds 0 × 5xx"), declared once and run by one file per mode: `fuzz-production.test.ts`
 * (NODE_ENV=production, what `npm start` runs) and `fuzz-development.test.ts` (`npm run dev`).
 *
 * Every implemented operation of the contract table, every /mcp tool and the routes outside the
 * table (share pages and files, the app's HTML catch-all, the Stripe webhook, OpenAPI) get
 * generated requests: bodies, queries and path parameters derived from the route's zod schema
 * (helpers/schema-fields.ts) with valid-shaped values (real ids of the user's and another user's
 * things) and hostile ones (helpers/fuzz.ts). Asserted: no answer ≥ 500, every JSON answer is
 * the wrapper with a catalogue code (E0000, "unknown error", only for a path no route matches),
 * no stack in any answer, and the server answers normally afterwards.
 *
 * Reproducible: the seed is fixed (FUZZ_SEED replays another), each route draws from a generator
 * seeded by the run's seed and its own id, and every failure names the seed, the route, the case
 * and what was sent. FUZZ_CASES sets the random cases per route (default 8; a route with a body also gets
 * each of EVERYWHERE_STRINGS in every string field).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { isErrorCode, type RouteDef } from '@atelier/contract';
import {
  buildCanvas,
  buildCodeArtifact,
  buildDocument,
  buildProject,
  buildResource,
  type BuiltUser,
} from './factories.js';
import { serverTest } from './fixtures.js';
import {
  chance,
  deepJson,
  EVERYWHERE_STRINGS,
  fuzzSeed,
  genJson,
  HOSTILE_STRINGS,
  hostileJson,
  hostileUrlPiece,
  nastySegments,
  nearLimitString,
  percentEncode,
  pick,
  rawRequest,
  seeded,
  type GenOptions,
  type Rng,
} from './fuzz.js';
import { createTestClient, type TestClient } from './http.js';
import { expectData, importCanvas, PNG, uploadFile } from './items.js';
import {
  acceptedTypes,
  fieldsOf,
  implementedRoutes,
  jsonSchemaOf,
  type SchemaNode,
} from './schema-fields.js';

type Mode = 'production' | 'development';

/** Real ids by field name (`canvasId`), for the user's own things, another user's and spares to delete. */
interface Pool {
  live: Map<string, string[]>;
  /** Things only the destructive routes (delete, revoke…) may name, so the others keep theirs. */
  spare: Map<string, string[]>;
  /** A read-write personal API token of the fuzzing user (/mcp, Bearer calls to /v1). */
  token: string;
  shareId: string;
}

const SHARED_ENTITY_FIELDS = ['canvasId', 'docId', 'resourceId', 'projectId', 'artifactId', 'pageId'];
const DESTRUCTIVE = /delete|revoke|unpublish|abort/i;

/** The pool key for a field name: `docIds` → `docId`; `entityId`/`sourceId`/`targetId` → any entity. */
function poolKey(field: string): string {
  const single = field.replace(/Ids$/, 'Id');
  return /^(entity|source|target)Id$/.test(single) ? 'entityId' : single;
}

function idPicker(pool: Pool, destructive: boolean, rng: Rng) {
  return (field: string): string | undefined => {
    const key = poolKey(field);
    const ids = (destructive ? pool.spare.get(key) : undefined) ?? pool.live.get(key);
    return ids?.length ? pick(rng, ids) : undefined;
  };
}

/** FNV-1a of a string: each route's generator is seeded by the run's seed and its id. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const STACK_TEXT = /\n\s+at .+[(:]\d+:\d+\)?/;

/** Whether an answer carries a stack: a JSON wrapper's `stack` or stack lines in any text. */
function hasStack(text: string): boolean {
  if (STACK_TEXT.test(text)) return true;
  try {
    const body = JSON.parse(text) as unknown;
    return (Array.isArray(body) ? body : [body]).some(
      (one) => typeof one === 'object' && one !== null && 'stack' in one,
    );
  } catch {
    return false;
  }
}

/** What an answer to a /v1 contract route must look like; null when it does. */
function judgeApi(route: RouteDef | null, status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 300)}`;
  if (STACK_TEXT.test(text)) return `a stack in the answer (${status}): ${text.slice(0, 300)}`;
  if (contentType.includes('json')) {
    let body: { success?: unknown; errCode?: unknown; traceId?: unknown; stack?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return `not JSON despite ${contentType} (${status}): ${text.slice(0, 200)}`;
    }
    if (body.stack !== undefined) return `answered a stack (${status})`;
    if (body.success === true) return null;
    // a file route's JSON file (a canvas exported as JSON) is the file itself
    if (route?.responseKind === 'file' && status === 200 && body.success === undefined) return null;
    if (body.success !== false || typeof body.errCode !== 'string' || !isErrorCode(body.errCode))
      return `not the wrapper with a catalogue code (${status}): ${text.slice(0, 200)}`;
    if (!body.traceId) return `no traceId (${status})`;
    // E0000 is the unknown error: fine only for "no such route" (a param holding a '/') or a timeout
    if (body.errCode === 'E0000' && status !== 404 && status !== 408)
      return `E0000 (${status}): ${text.slice(0, 200)}`;
    return null;
  }
  const kind = route?.responseKind ?? 'json';
  if (kind !== 'json' && status < 400) return null;
  return `not a JSON answer (${status}, ${contentType || 'no content type'}): ${text.slice(0, 160)}`;
}

/** A query string for a route: schema fields with valid or hostile values, sometimes extra keys. */
function genQuery(route: RouteDef, g: GenOptions): string {
  const parts: string[] = [];
  const schema = route.query ? jsonSchemaOf(route.query) : null;
  const required = new Set((schema?.required ?? []) as string[]);
  for (const [field, node] of fieldsOf(route.query)) {
    if (!required.has(field) && !chance(g.rng, 0.6)) continue;
    if (chance(g.rng, g.hostile)) {
      parts.push(`${field}=${hostileUrlPiece(g.rng)}`);
      continue;
    }
    const value = JSON.parse(genJson(node, { ...g, hostile: 0 }, field, 1)) as unknown;
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(`${field}=${percentEncode(typeof one === 'string' ? one : JSON.stringify(one))}`);
  }
  if (chance(g.rng, 0.15)) {
    parts.push(
      pick(g.rng, [
        '__proto__=x',
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        'a[]=1&a[]=2',
        `${hostileUrlPiece(g.rng)}=${hostileUrlPiece(g.rng)}`,
        'x='.concat('y'.repeat(4000)),
      ]),
    );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A path for a route: each `{param}` a real id, a plausible id or a hostile piece. */
function genPath(route: RouteDef, g: GenOptions): string {
  return `/v1${route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'provider')
      return chance(g.rng, 0.6) ? pick(g.rng, ['github', 'google']) : hostileUrlPiece(g.rng);
    const real = g.id(name);
    if (real && chance(g.rng, 0.5)) return percentEncode(real);
    if (chance(g.rng, 0.5)) return hostileUrlPiece(g.rng);
    return `${name.replace(/Id$/, '')}-${Math.floor(g.rng() * 1e9).toString(36)}`;
  })}`;
}

type BodyKind = 'valid' | 'strings' | 'sprinkle' | 'one' | 'proto' | 'array' | 'deep' | 'limit' | 'garbage';
const BODY_KINDS: Array<[BodyKind, number]> = [
  ['valid', 0.22],
  ['strings', 0.2],
  ['sprinkle', 0.18],
  ['one', 0.14],
  ['proto', 0.05],
  ['array', 0.04],
  ['deep', 0.04],
  ['limit', 0.08],
  ['garbage', 0.05],
];

function bodyKind(rng: Rng): BodyKind {
  let r = rng();
  for (const [kind, weight] of BODY_KINDS) {
    if ((r -= weight) < 0) return kind;
  }
  return 'valid';
}

/** JSON text for a route's body of the given kind. */
function genBody(schema: SchemaNode, kind: BodyKind, g: GenOptions): string {
  const props = Object.entries((schema.properties ?? {}) as Record<string, SchemaNode>);
  const valid = (hostile = 0, force?: string) => genJson(schema, { ...g, hostile }, '', 0, force);
  const withField = (key: string, value: string) => {
    const base = valid();
    return base.startsWith('{') && base !== '{}'
      ? `{${JSON.stringify(key)}:${value},${base.slice(1)}`
      : `{${JSON.stringify(key)}:${value}}`;
  };
  switch (kind) {
    case 'valid':
    case 'strings':
      return valid();
    case 'sprinkle':
      return valid(0.25);
    case 'one':
      return props.length ? valid(0, pick(g.rng, props)[0]) : hostileJson(g.rng);
    case 'proto':
      return pick(g.rng, [
        () => withField('__proto__', '{"polluted":true,"isAdmin":true}'),
        () => withField('constructor', '{"prototype":{"polluted":true}}'),
        () => withField('prototype', '{"polluted":true}'),
        () => withField(props.length ? pick(g.rng, props)[0] : 'x', '{"__proto__":{"polluted":true}}'),
      ])();
    case 'array':
      return pick(g.rng, [`[${valid()}]`, '[]', `[${valid()},${valid()}]`]);
    case 'deep': {
      const depth = 1000 + Math.floor(g.rng() * 2000);
      return chance(g.rng, 0.5)
        ? deepJson(depth, chance(g.rng, 0.5))
        : withField(props.length ? pick(g.rng, props)[0] : 'config', deepJson(depth, chance(g.rng, 0.5)));
    }
    case 'limit': {
      const strings = props.filter(([, node]) => acceptedTypes(node)?.has('string'));
      const [field, node] = strings.length ? pick(g.rng, strings) : ['content', {} as SchemaNode];
      return withField(field, JSON.stringify(nearLimitString(g.rng, node)));
    }
    case 'garbage':
      return pick(g.rng, [
        '',
        '{',
        'null',
        '"x"',
        '{"a":1}{"b":2}',
        '\ufeff{}',
        '{"a":1,}',
        '{"a":01}',
        "{'a':1}",
      ]);
  }
}

/** A multipart form for an upload route: its declared fields and a file of a hostile name or content. */
function genForm(route: RouteDef, g: GenOptions): { form: FormData; described: string } {
  const form = new FormData();
  const described: string[] = [];
  for (const [field, node] of fieldsOf(route.body)) {
    if (!chance(g.rng, 0.6)) continue;
    let value: string;
    if (chance(g.rng, g.hostile)) value = pick(g.rng, HOSTILE_STRINGS);
    else {
      const v = JSON.parse(genJson(node, { ...g, hostile: 0 }, field, 1)) as unknown;
      value = typeof v === 'string' ? v : JSON.stringify(v);
    }
    form.append(field, value);
    described.push(`${field}=${JSON.stringify(value).slice(0, 40)}`);
  }
  if (chance(g.rng, 0.85)) {
    const content = pick<BlobPart>(g.rng, [
      'hello',
      PNG,
      JSON.stringify({ format: 'atelier-canvas', version: 2, title: '$`$&', nodes: [], edges: [] }),
      '{"format":"atelier-canvas","version":2,"nodes":' + deepJson(2000) + '}',
      pick(g.rng, HOSTILE_STRINGS),
      '',
    ]);
    const name = chance(g.rng, 0.5)
      ? pick(g.rng, ['a.txt', 'p.png', 'c.json', 'x.js', 'n.md'])
      : pick(g.rng, HOSTILE_STRINGS);
    const type = pick(g.rng, [
      'text/plain',
      'image/png',
      'application/json',
      'text/javascript',
      'text/html',
      '',
    ]);
    form.append('file', new Blob([content], { type }), name);
    described.push(`file ${JSON.stringify(name).slice(0, 40)} (${type})`);
  }
  return { form, described: described.join(', ') };
}

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

async function send(client: TestClient, path: string, init: RequestInit, sse: boolean): Promise<Sent> {
  const res = await client.fetch(path, init);
  const contentType = res.headers.get('content-type') ?? '';
  // a stream (a skill run) is judged by its head: its events are the run's, not the request's
  if (sse && contentType.includes('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, contentType, text: '' };
  }
  return { status: res.status, contentType, text: await res.text() };
}

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Atelier</title>' +
  '<meta name="description" content="Atelier" /></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/share.js"></script></body></html>';

/** Declares the fuzz tests against a server started in `mode`. */
export function fuzzSuite(mode: Mode): void {
  // a hand-made web build, so the share pages and the app catch-all render HTML
  const dist = mkdtempSync(join(tmpdir(), `atelier-fuzz-${mode}-`));
  writeFileSync(join(dist, 'share.html'), SHELL);
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Atelier app</title></head></html>',
  );
  writeFileSync(join(dist, 'artifact-sandbox.html'), '<!doctype html><html><body></body></html>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const seed = fuzzSeed();
  const cases = Number(process.env.FUZZ_CASES) || 8;
  const replay = `seed ${seed} (replay with FUZZ_SEED=${seed}, mode ${mode})`;
  let implemented: RouteDef[] = [];
  /** Answers by code ('ok' for a success), and the routes that answered a success at least once. */
  const outcomes = new Map<string, number>();
  const succeeded = new Set<string>();
  let pool: Pool;

  const it = serverTest(
    () => ({
      NODE_ENV: mode,
      WEB_DIST_DIR: dist,
      RATE_LIMIT_PER_IP: '1000000',
      SHARE_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    }),
    {
      setup: async ({ server, alice, bob }) => {
        implemented = implementedRoutes(server.server.handlers);
        pool = await seedPool(alice, bob);
      },
    },
  );

  /** Sends `cases` generated requests to each route; answers the problems found. */
  async function fuzzRoutes(routes: RouteDef[], alice: BuiltUser, anon: TestClient): Promise<string[]> {
    const bearer = createTestClient(alice.server.url, { authorization: `Bearer ${pool.token}` });
    const problems: string[] = [];
    for (const route of routes) {
      const rng = seeded(seed ^ hash(route.id));
      const destructive = DESTRUCTIVE.test(route.id) || route.method === 'DELETE';
      const n = route.responseKind === 'file' ? Math.ceil(cases / 2) : cases;
      // n random cases, then (for a route with a body) each of EVERYWHERE_STRINGS in every field
      const plan: Array<[BodyKind, string | undefined]> = [
        ...Array.from({ length: n }, (): [BodyKind, undefined] => [bodyKind(rng), undefined]),
        ...(route.method === 'GET' ? [] : EVERYWHERE_STRINGS.map((s): [BodyKind, string] => ['strings', s])),
      ];
      for (const [k, [kind, everywhere]] of plan.entries()) {
        const strings = everywhere ?? (kind === 'strings' ? pick(rng, EVERYWHERE_STRINGS) : undefined);
        const g: GenOptions = {
          rng,
          root: {},
          id: idPicker(pool, destructive, rng),
          hostile: kind === 'valid' || kind === 'strings' ? 0 : 0.3,
          ...(strings !== undefined ? { strings } : {}),
        };
        const path = genPath(route, g) + (route.query || chance(rng, 0.1) ? genQuery(route, g) : '');
        let init: RequestInit = { method: route.method };
        let described = '';
        if (route.method !== 'GET') {
          if (route.requestKind === 'multipart') {
            const { form, described: d } = genForm(route, g);
            init = { ...init, body: form };
            described = d;
          } else {
            const schema = route.body ? jsonSchemaOf(route.body) : { type: 'object' };
            const body =
              route.body || chance(rng, 0.5) ? genBody(schema, kind, { ...g, root: schema }) : '{}';
            init = { ...init, body, headers: { 'content-type': 'application/json' } };
            described = body.length > 200 ? `${body.slice(0, 160)}… (${body.length} chars)` : body;
          }
        }
        // the auth routes as a stranger (a fuzzed logout must not end the user's session);
        // the others mostly as the user, sometimes by API token or signed out
        const r = rng();
        const who = route.tag === 'auth' ? 'anon' : r < 0.75 ? 'cookie' : r < 0.9 ? 'token' : 'anon';
        const client = who === 'anon' ? anon : who === 'token' ? bearer : alice.client;
        const label = `${route.id} #${k} [${kind}${strings === undefined ? '' : ` ${JSON.stringify(strings)}`}, ${who}] ${route.method} ${path.slice(0, 160)} ${described}`;
        try {
          const res = await send(client, path, init, route.responseKind === 'sse');
          const problem = judgeApi(route, res.status, res.contentType, res.text);
          const code = res.contentType.includes('json')
            ? (/"errCode":"(E\d{4})"/.exec(res.text)?.[1] ?? (res.status < 300 ? 'ok' : String(res.status)))
            : res.status < 400
              ? 'ok'
              : String(res.status);
          outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
          if (code === 'ok') succeeded.add(route.id);
          if (problem) problems.push(`${label} → ${problem}`);
        } catch (err) {
          problems.push(`${label} → request failed: ${String((err as Error).cause ?? err)}`);
        }
      }
    }
    return problems;
  }

  const groups = () => {
    const byTag = new Map<string, RouteDef[]>();
    const last: RouteDef[] = [];
    for (const r of implemented) {
      if (DESTRUCTIVE.test(r.id) || r.method === 'DELETE') last.push(r);
      else byTag.set(r.tag, [...(byTag.get(r.tag) ?? []), r]);
    }
    return { byTag, last };
  };

  describe(`fuzzing every operation (NODE_ENV=${mode})`, () => {
    it('covers every implemented route of the contract table', ({ server }) => {
      const { byTag, last } = groups();
      const covered = [...byTag.values()].flat().length + last.length;
      expect(covered).toBe(implemented.length);
      expect(implemented.length).toBe(implementedRoutes(server.server.handlers).length);
      expect(implemented.length).toBeGreaterThan(100);
    });

    it('no generated request to a contract operation answers 5xx, a stranger shape or a stack', async ({
      server,
      alice,
    }) => {
      const { byTag, last } = groups();
      const anon = server.client();
      const problems: string[] = [];
      for (const routes of [...byTag.values(), last])
        problems.push(...(await fuzzRoutes(routes, alice, anon)));
      const never = implemented.filter((r) => !succeeded.has(r.id)).map((r) => r.id);
      console.log(
        `fuzz (${mode}, seed ${seed}, ${cases} cases a route): ${[...outcomes.values()].reduce((a, b) => a + b, 0)} requests to ${implemented.length} routes; answers ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}; ${succeeded.size} routes answered a success, ${never.length} never did: ${never.join(', ')}`,
      );
      expect(problems, replay).toEqual([]);
    });
  });

  describe(`fuzzing the /mcp tools (NODE_ENV=${mode})`, () => {
    it('no generated tool call or JSON-RPC envelope answers 5xx, an internal error or E0000', async ({
      server,
    }) => {
      const rpc = async (body: string) => {
        const res = await fetch(new URL('/mcp', server.url), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${pool.token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body,
        });
        return {
          status: res.status,
          contentType: res.headers.get('content-type') ?? '',
          text: await res.text(),
        };
      };
      const listed = await rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}');
      expect(listed.status).toBe(200);
      const tools = (
        JSON.parse(listed.text) as { result: { tools: Array<{ name: string; inputSchema: SchemaNode }> } }
      ).result.tools;
      expect(tools.length).toBeGreaterThanOrEqual(9);

      const problems: string[] = [];
      // a tool error names a catalogue code; in a batch (which the endpoint hands on whole) the SDK's
      // own "invalid params" refusal of arguments is allowed too
      const judge = (
        label: string,
        res: { status: number; contentType: string; text: string },
        batch = false,
      ) => {
        if (res.status >= 500)
          return problems.push(`${label} → HTTP ${res.status}: ${res.text.slice(0, 300)}`);
        if (hasStack(res.text)) return problems.push(`${label} → a stack: ${res.text.slice(0, 300)}`);
        // a batch of notifications only is accepted without an answer
        if (res.status === 202 && res.text === '') return undefined;
        let body: unknown;
        try {
          body = JSON.parse(res.text);
        } catch {
          return problems.push(`${label} → not JSON (${res.status}): ${res.text.slice(0, 160)}`);
        }
        for (const one of Array.isArray(body) ? body : [body]) {
          const msg = one as {
            error?: { code?: number };
            result?: { isError?: boolean; content?: Array<{ text?: string }> };
          };
          if (msg.error?.code === -32603)
            problems.push(`${label} → JSON-RPC internal error: ${res.text.slice(0, 300)}`);
          if (msg.result?.isError) {
            const text = msg.result.content?.[0]?.text ?? '';
            const code = /^(E\d{4}): /.exec(text)?.[1];
            const sdkRefusal = batch && text.startsWith('MCP error -32602: Input validation error');
            if (!sdkRefusal && (!code || !isErrorCode(code) || code === 'E0000'))
              problems.push(`${label} → tool error without a catalogue code: ${text.slice(0, 200)}`);
          }
        }
        return undefined;
      };

      let rpcId = 10;
      for (const tool of tools) {
        const rng = seeded(seed ^ hash(`mcp:${tool.name}`));
        for (let k = 0; k < cases; k++) {
          const kind = bodyKind(rng);
          const g: GenOptions = {
            rng,
            root: tool.inputSchema,
            id: idPicker(pool, false, rng),
            hostile: kind === 'valid' || kind === 'strings' ? 0 : 0.3,
            ...(kind === 'strings' ? { strings: pick(rng, EVERYWHERE_STRINGS) } : {}),
          };
          const args = genBody(tool.inputSchema, kind, g);
          const body = `{"jsonrpc":"2.0","id":${rpcId++},"method":"tools/call","params":{"name":${JSON.stringify(tool.name)},"arguments":${args || 'null'}}}`;
          judge(`mcp ${tool.name} #${k} [${kind}] ${body.slice(0, 200)}`, await rpc(body));
        }
      }
      const rng = seeded(seed ^ hash('mcp:envelopes'));
      const call = (params: string) =>
        `{"jsonrpc":"2.0","id":${rpcId++},"method":"tools/call","params":${params}}`;
      const envelopes = [
        'x',
        '',
        '[]',
        'null',
        '{}',
        '{"jsonrpc":"2.0"}',
        '{"jsonrpc":"1.0","id":1,"method":"tools/list"}',
        '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
        `{"jsonrpc":"2.0","id":"${'9'.repeat(5000)}","method":"tools/list"}`,
        '{"jsonrpc":"2.0","id":1,"method":"constructor"}',
        '{"jsonrpc":"2.0","id":1,"method":"__proto__","params":{}}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}',
        '{"jsonrpc":"2.0","id":1,"__proto__":{"polluted":true},"method":"tools/list"}',
        call('{"name":"\\u0000"}'),
        call('{"name":"search_library","arguments":[]}'),
        call('{"name":"search_library","arguments":"query"}'),
        call('{"name":"search_library","arguments":{"query":"a","__proto__":{"x":1}}}'),
        call('{"name":"search_library","arguments":{"query":"\\ud800"}}'),
        call(`{"name":"read_canvas","arguments":{"canvasId":${deepJson(2000)}}}`),
        call(`{"name":"create_memo","arguments":${deepJson(1500, true)}}`),
        call('{"name":"no_such_tool","arguments":{}}'),
        call('[1,2]'),
        `[${call('{"name":"list_canvases","arguments":{}}')},${call('{"name":"read_document","arguments":{"docId":"x"}}')}]`,
        `[${Array.from({ length: 50 }, () => call('{"name":"list_canvases","arguments":{}}')).join(',')}]`,
        ...Array.from({ length: cases }, () =>
          call(`{"name":${JSON.stringify(pick(rng, tools).name)},"arguments":${hostileJson(rng)}}`),
        ),
      ];
      for (const [k, body] of envelopes.entries())
        judge(`mcp envelope #${k} ${body.slice(0, 200)}`, await rpc(body), body.startsWith('['));
      expect(problems, replay).toEqual([]);
    });
  });

  describe(`fuzzing the share and HTML routes (NODE_ENV=${mode})`, () => {
    it('no hostile path, query or body on the routes outside the contract table answers 5xx or a stack', async ({
      server,
    }) => {
      const rng = seeded(seed ^ hash('outside'));
      const real = pool.shareId;
      const segments = [
        ...nastySegments(seed, 24),
        ...Array.from({ length: 12 }, () => Buffer.from(hostileUrlPiece(rng), 'latin1')),
      ];
      const shapes: Array<(s: Buffer) => string | Buffer> = [
        (s) => Buffer.concat([Buffer.from('/share/'), s]),
        (s) => Buffer.concat([Buffer.from('/share/'), s, Buffer.from('/files/x')]),
        (s) => Buffer.concat([Buffer.from(`/share/${real}/files/`), s]),
        (s) => Buffer.concat([Buffer.from(`/share/${real}?q=`), s]),
        (s) => Buffer.concat([Buffer.from(`/share/${real}/`), s]),
        (s) => Buffer.concat([Buffer.from('/'), s]),
        (s) => Buffer.concat([Buffer.from('/canvas/'), s]),
        (s) => Buffer.concat([Buffer.from('/assets/'), s]),
        (s) => Buffer.concat([Buffer.from('/artifact-sandbox.html?net='), s]),
        (s) => Buffer.concat([Buffer.from('/v1/'), s]),
        (s) => Buffer.concat([Buffer.from('/v1/openapi.json?'), s]),
        (s) => Buffer.concat([Buffer.from('/mcp?'), s]),
      ];
      const problems: string[] = [];
      for (const segment of segments) {
        for (const shape of shapes) {
          const target = Buffer.from(shape(segment));
          const method = chance(rng, 0.15) ? 'HEAD' : 'GET';
          const label = `${method} ${target.toString('latin1').slice(0, 120)}`;
          try {
            const res = await rawRequest(server.url, target, method);
            if (res.status >= 500) problems.push(`${label} → HTTP ${res.status}: ${res.body.slice(0, 200)}`);
            else if (hasStack(res.body)) problems.push(`${label} → a stack: ${res.body.slice(0, 200)}`);
          } catch (err) {
            problems.push(`${label} → ${String(err)}`);
          }
        }
      }
      // the Stripe webhook (billing off here) and the methods /mcp refuses
      const others: Array<[string, string, RequestInit]> = [
        ...Array.from({ length: cases }, (_, k): [string, string, RequestInit] => [
          `webhook #${k}`,
          '/v1/subscription/webhook/stripe',
          {
            method: 'POST',
            headers: {
              'content-type': pick(rng, [
                'application/json',
                'text/plain',
                'application/x-www-form-urlencoded',
              ]),
              'stripe-signature': pick(rng, [
                '',
                't=1,v1=abc',
                `t=${'9'.repeat(40)},v1=`,
                'v1=%00',
                '\u00ff',
              ]),
            },
            body: pick(rng, [
              '{}',
              deepJson(3000),
              hostileJson(rng),
              '{"type":"customer.subscription.updated"}',
            ]),
          },
        ]),
        ['GET /mcp', '/mcp', { method: 'GET' }],
        ['DELETE /mcp', '/mcp', { method: 'DELETE' }],
        [
          'POST /mcp without a token',
          '/mcp',
          { method: 'POST', body: deepJson(3000), headers: { 'content-type': 'application/json' } },
        ],
        [
          'POST /share/x',
          `/share/${real}`,
          { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
        ],
      ];
      for (const [label, path, init] of others) {
        try {
          const res = await fetch(new URL(path, server.url), init);
          const text = await res.text();
          if (res.status >= 500) problems.push(`${label} → HTTP ${res.status}: ${text.slice(0, 200)}`);
          else if (hasStack(text)) problems.push(`${label} → a stack: ${text.slice(0, 200)}`);
        } catch (err) {
          problems.push(`${label} → ${String(err)}`);
        }
      }
      expect(segments.length * shapes.length).toBeGreaterThan(400);
      expect(problems, replay).toEqual([]);
    });
  });

  it('still answers normally afterwards', async ({ server, alice }) => {
    expectData(await alice.get('/v1/user/settings'));
    expect((await fetch(new URL('/v1/health', server.url))).status).toBe(200);
    // a share made now (the fuzz may have turned the pool's shares off, expired or deleted them)
    const doc = await buildDocument(alice, { title: 'Written after the fuzz' });
    const { shareId } = expectData<{ shareId: string }>(
      await alice.post('/v1/share/new', { entityType: 'document', entityId: doc.docId }),
    );
    const page = await fetch(new URL(`/share/${shareId}`, server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Written after the fuzz</h1>');
    const fresh = await buildCanvas(alice, { title: 'After the fuzz' });
    const data = expectData(
      await alice.get<{ title: string }>('/v1/canvas/detail', { canvasId: fresh.canvasId }),
    );
    expect(data.title).toBe('After the fuzz');
  });
}

/** The fuzzing user's things (and another user's, and spares for the destructive routes). */
async function seedPool(alice: BuiltUser, bob: BuiltUser): Promise<Pool> {
  const live = new Map<string, string[]>();
  const spare = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, id: string | undefined) => {
    if (!id) return;
    map.set(key, [...(map.get(key) ?? []), id]);
    if (SHARED_ENTITY_FIELDS.includes(key)) map.set('entityId', [...(map.get('entityId') ?? []), id]);
  };
  const data = async <T>(res: Promise<{ status: number; body: unknown }>) =>
    expectData(await (res as Promise<{ status: number; body: never }>)) as T;

  for (const [map, title] of [
    [live, 'Fuzz'],
    [spare, 'Spare'],
  ] as const) {
    const png = await uploadFile(alice.client, { body: PNG, name: 'p.png', type: 'image/png' });
    add(map, 'fileName', png);
    const doc = await buildDocument(alice, {
      title: `${title} notes`,
      initialContent: '# Notes\n\n- one\n- two',
    });
    add(map, 'docId', doc.docId);
    const canvasId = await importCanvas(alice, `${title} board`, [
      { id: 'm1', type: 'memo', position: { x: 0, y: 0 }, data: { title: '', contentPreview: 'memo' } },
      {
        id: 'd1',
        type: 'document',
        position: { x: 400, y: 0 },
        data: { title: doc.title, entityId: doc.docId },
      },
      {
        id: 'i1',
        type: 'image',
        position: { x: 800, y: 0 },
        data: { title: 'img', metadata: { url: `/v1/misc/static/${png}` } },
      },
    ]);
    add(map, 'canvasId', canvasId);
    const board = await data<{ nodes: Array<{ id: string; type: string }> }>(
      alice.get('/v1/canvas/data', { canvasId }),
    );
    for (const node of board.nodes) add(map, 'nodeId', node.id);
    add(map, 'resourceId', (await buildResource(alice, { title: `${title} resource` })).resourceId);
    add(map, 'projectId', (await buildProject(alice, { name: `${title} project` })).projectId);
    add(map, 'artifactId', (await buildCodeArtifact(alice)).artifactId);
    const page = await data<{ pageId: string }>(
      alice.post(`/v1/pages/canvas/${canvasId}/nodes`, {
        nodeIds: board.nodes.filter((n) => n.type !== 'image').map((n) => n.id),
      }),
    );
    add(map, 'pageId', page.pageId);
    for (const body of [
      { entityType: 'document', entityId: doc.docId },
      { entityType: 'canvas', entityId: canvasId },
    ]) {
      add(map, 'shareId', (await data<{ shareId: string }>(alice.post('/v1/share/new', body))).shareId);
    }
    const label = await data<{ labelClassId: string }>(
      alice.post('/v1/label/class/new', {
        name: `${title}-labels`,
        displayName: title,
        prompt: 'p',
        labels: ['a'],
      }),
    );
    add(map, 'labelClassId', label.labelClassId);
    const token = await data<{ tokenId: string; token: string }>(
      alice.post('/v1/user/apiToken/create', { name: title, scope: 'read-write' }),
    );
    add(map, 'tokenId', token.tokenId);
    if (map === live) live.set('token', [token.token]);
  }
  // another user's things: the fuzz names them too (they must answer not-found, never 5xx)
  add(live, 'canvasId', (await buildCanvas(bob, { title: 'Not yours' })).canvasId);
  add(live, 'docId', (await buildDocument(bob, { title: 'Not yours' })).docId);
  add(live, 'resourceId', (await buildResource(bob)).resourceId);
  const categories = await data<Array<{ categoryId: string }>>(alice.get('/v1/template/category/list'));
  for (const c of categories) add(live, 'categoryId', c.categoryId);

  const token = live.get('token')![0]!;
  live.delete('token');
  return { live, spare, token, shareId: live.get('shareId')![0]! };
}
