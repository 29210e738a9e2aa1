/**
 * MCP servers over real HTTP against real MCP servers on 127.0.0.1: the reference
 * `@modelcontextprotocol/server-everything` over streamable HTTP and over SSE (validate lists its
 * tools, stores the count and enables the server), a server that never answers (timeout), a plain
 * HTTP server (not MCP), an SDK server with a 1 MB tool result (cut by the client module's
 * callTool). Also: the spec's input rules (stdio refused), headers sealed at rest and masked in
 * every answer, batch import with a per-item report, and user B or an anonymous caller reaching
 * nothing of user A's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { mcpServers } from '../src/db/schema/index.js';
import { decryptSecret } from '../src/lib/crypto.js';
import { connectMcp } from '../src/modules/mcp/mcp.client.js';
import type { BuiltUser } from './helpers/factories.js';
import type { TestClient, Wrapped } from './helpers/http.js';
import { expectData, expectFailure } from './helpers/items.js';
import {
  startBigResultServer,
  startEverything,
  startGarbageServer,
  startSilentServer,
  type RunningServer,
} from './helpers/mcp-servers.js';
import { serverTest } from './helpers/fixtures.js';

interface McpServer {
  name: string;
  type: string;
  url?: string | null;
  headers?: Record<string, string> | null;
  env?: Record<string, string> | null;
  enabled: boolean;
  status?: string;
  toolCount?: number | null;
  tools?: string[] | null;
  lastError?: string | null;
}
interface Validation {
  valid: boolean;
  error?: string;
  tools: { name: string }[];
}
interface ImportReport {
  created: number;
  failed: number;
  items: { index: number; name?: string | null; ok: boolean; error?: string }[];
}

const SECRET = 'Bearer mcp-secret-token-0123456789';
const ENV_SECRET = 'env-secret-value-abcdefghijkl';
// generous: a real server-everything on a busy 2-core machine may take seconds to answer first;
// the timeout itself is tested through the client module with its own short deadline
const CONNECT_TIMEOUT_MS = 30_000;

let streamable: RunningServer;
let sse: RunningServer;
let silent: RunningServer;
let garbage: RunningServer;
let big: RunningServer;

/** Every answer of the file, scanned for the secrets at the end. */
const seen: string[] = [];
async function post<T>(c: BuiltUser | TestClient, path: string, body: unknown) {
  const res = await c.post<T>(`/v1/mcp-server${path}`, body);
  seen.push(JSON.stringify(res.body));
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  return res as { status: number; body: Wrapped<T> };
}
async function list(c: BuiltUser, qs = ''): Promise<McpServer[]> {
  const res = await c.get<McpServer[]>(`/v1/mcp-server/list${qs}`);
  seen.push(JSON.stringify(res.body));
  return expectData(res);
}
const byName = async (c: BuiltUser, name: string) => (await list(c)).find((s) => s.name === name);

beforeAll(async () => {
  [streamable, sse, silent, garbage, big] = await Promise.all([
    startEverything('streamableHttp'),
    startEverything('sse'),
    startSilentServer(),
    startGarbageServer(),
    startBigResultServer(1024 * 1024),
  ]);
});
afterAll(async () => {
  await Promise.all([streamable, sse, silent, garbage, big].map((s) => s?.close()));
});

const it = serverTest({
  MCP_ALLOW_PRIVATE_NETWORK: 'true',
  MCP_CONNECT_TIMEOUT: `${CONNECT_TIMEOUT_MS}ms`,
});

describe('validate against server-everything', () => {
  for (const transport of ['streamable', 'sse'] as const) {
    it(`${transport}: lists its tools, stores the count and enables the server`, async ({ alice }) => {
      const url = transport === 'sse' ? sse.url : streamable.url;
      const name = `everything-${transport}`;
      const created = expectData(await post<McpServer>(alice, '/create', { name, type: transport, url }));
      expect(created).toMatchObject({ name, type: transport, url, enabled: false, status: 'disabled' });

      const result = expectData(await post<Validation>(alice, '/validate', { name, type: transport, url }));
      expect(result.valid, result.error).toBe(true);
      const names = result.tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));

      const stored = await byName(alice, name);
      expect(stored).toMatchObject({ enabled: true, status: 'enabled', toolCount: names.length });
      expect(stored?.tools).toEqual(names);
    });
  }

  it('the client module calls a tool of server-everything and reuses nothing after close', async () => {
    const conn = await connectMcp(
      { name: 'everything', type: 'streamable', url: streamable.url },
      { allowPrivateNetwork: true, timeoutMs: CONNECT_TIMEOUT_MS, toolTimeoutMs: 5000, maxResultBytes: 4096 },
    );
    try {
      const res = await conn.callTool('echo', { message: 'hello from atelier' });
      expect(res).toMatchObject({ isError: false, truncated: false });
      expect(res.text).toContain('hello from atelier');
    } finally {
      await conn.close();
    }
  });
});

describe('servers that are not (working) MCP servers', () => {
  it('one that never answers times out with the message', async () => {
    await expect(
      connectMcp(
        { name: 'silent', type: 'streamable', url: silent.url },
        { allowPrivateNetwork: true, timeoutMs: 1500, toolTimeoutMs: 1000, maxResultBytes: 1000 },
      ),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/did not answer within 1\.5 s/),
    });
  });

  it('a stored server that fails validation is failed and disabled, with the reason', async ({ alice }) => {
    const body = { name: 'nobody-stored', type: 'streamable', url: 'http://127.0.0.1:9/mcp' };
    expectData(await post(alice, '/create', body));
    const result = expectData(await post<Validation>(alice, '/validate', body));
    expect(result.valid).toBe(false);
    expect(await byName(alice, 'nobody-stored')).toMatchObject({
      status: 'failed',
      enabled: false,
      lastError: result.error,
    });
  });

  it('a plain HTTP server answering HTML fails clearly (both transports)', async ({ alice }) => {
    for (const type of ['streamable', 'sse']) {
      const result = expectData(
        await post<Validation>(alice, '/validate', { name: `garbage-${type}`, type, url: garbage.url }),
      );
      expect(result.valid).toBe(false);
      expect(result.error).toMatch(/answered, but not as an MCP server \(HTTP 200, text\/html\)/);
    }
  });

  it('an address nobody listens on is unreachable', async ({ alice }) => {
    const result = expectData(
      await post<Validation>(alice, '/validate', {
        name: 'nobody',
        type: 'streamable',
        url: 'http://127.0.0.1:9/mcp',
      }),
    );
    expect(result).toMatchObject({ valid: false, tools: [] });
    expect(result.error).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it('callTool of the client module cuts a 1 MB tool result at the cap and says so', async () => {
    const conn = await connectMcp(
      { name: 'big', type: 'streamable', url: big.url },
      {
        allowPrivateNetwork: true,
        timeoutMs: CONNECT_TIMEOUT_MS,
        toolTimeoutMs: 10_000,
        maxResultBytes: 10_000,
      },
    );
    try {
      const res = await conn.callTool('big');
      expect(res.truncated).toBe(true);
      expect(res.bytes).toBe(1024 * 1024);
      expect(Buffer.byteLength(res.text)).toBeLessThan(10_200);
      expect(res.text).toMatch(/\[cut: the result was 1048576 bytes; the first 10000 are kept\]$/);
    } finally {
      await conn.close();
    }
  });

  it('the client module refuses a private address unless allowed, before sending anything', async () => {
    await expect(
      connectMcp(
        { name: 'local', type: 'streamable', url: streamable.url },
        {
          allowPrivateNetwork: false,
          timeoutMs: CONNECT_TIMEOUT_MS,
          toolTimeoutMs: 1000,
          maxResultBytes: 1000,
        },
      ),
    ).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/private network address/) });
  });
});

describe('input rules', () => {
  it('stdio is refused on the web, url and names are required, header names and values non-empty', async ({
    alice,
  }) => {
    const stdio = { name: 'local-tool', type: 'stdio', command: 'npx', args: ['some-server'] };
    for (const path of ['/create', '/validate']) {
      expect(expectFailure(await post(alice, path, stdio), 'E0003')).toBe(
        'Stdio not supported in web version',
      );
    }
    expect(expectFailure(await post(alice, '/create', { name: 'x', type: 'sse' }), 'E0003')).toMatch(/url/);
    expect(expectFailure(await post(alice, '/create', { type: 'sse', url: sse.url }), 'E0003')).toMatch(
      /name/,
    );
    expect(
      expectFailure(await post(alice, '/create', { name: ' ', type: 'sse', url: sse.url }), 'E0003'),
    ).toMatch(/name/i);
    expect(
      expectFailure(
        await post(alice, '/create', { name: 'x', type: 'sse', url: sse.url, headers: { '': 'v' } }),
        'E0003',
      ),
    ).toMatch(/empty/);
    expect(
      expectFailure(
        await post(alice, '/create', { name: 'x', type: 'sse', url: sse.url, env: { KEY: '' } }),
        'E0003',
      ),
    ).toMatch(/empty/);
    expectFailure(await post(alice, '/create', { name: 'x', type: 'websocket', url: sse.url }), 'E0003');
    expectFailure(await post(alice, '/create', '{"name": "x", "type": '), 'E0003');
    expect(await byName(alice, 'x')).toBeUndefined();
  });

  it('names are unique per user; enabling needs a successful validation', async ({ alice, bob }) => {
    const body = { name: 'dup', type: 'streamable', url: streamable.url };
    expectData(await post(alice, '/create', body));
    expect(expectFailure(await post(alice, '/create', body), 'E0003')).toMatch(/already exists/);
    expectData(await post(bob, '/create', body));
    expect(expectFailure(await post(alice, '/update', { ...body, enabled: true }), 'E0003')).toBe(
      'Validate the server before enabling it',
    );
    expect(expectData(await post<Validation>(alice, '/validate', body)).valid).toBe(true);
    expect(expectData(await post<McpServer>(alice, '/update', { ...body, enabled: false }))).toMatchObject({
      enabled: false,
      status: 'disabled',
    });
    expect(expectData(await post<McpServer>(alice, '/update', { ...body, enabled: true }))).toMatchObject({
      enabled: true,
      status: 'enabled',
    });
    // another URL is another server: disabled until validated again
    expect(
      expectData(await post<McpServer>(alice, '/update', { ...body, url: `${sse.url}?v=2` })),
    ).toMatchObject({
      enabled: false,
      toolCount: null,
    });
    expect((await list(alice, '?enabled=true')).map((s) => s.name)).not.toContain('dup');
  });
});

describe('secrets', () => {
  it('headers and env are sealed at rest, masked in answers, and kept when sent back masked', async ({
    alice,
    server,
  }) => {
    const body = {
      name: 'with-secrets',
      type: 'streamable',
      url: streamable.url,
      headers: { Authorization: SECRET, 'X-Short': 'abc' },
      env: { API_KEY: ENV_SECRET },
    };
    const created = expectData(await post<McpServer>(alice, '/create', body));
    expect(created.headers).toEqual({ Authorization: '••••••••6789', 'X-Short': '••••••••' });
    expect(created.env).toEqual({ API_KEY: '••••••••ijkl' });

    const [row] = await server.server.ctx.db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.name, 'with-secrets'));
    expect(row?.secretsEncrypted).toMatch(/^v1\./);
    expect(row?.secretsEncrypted).not.toContain('mcp-secret');
    const key = server.server.ctx.secrets.encryption;
    expect(JSON.parse(decryptSecret(row!.secretsEncrypted!, key, row!.serverId))).toEqual({
      headers: body.headers,
      env: body.env,
    });

    // the edit form sends the masks back: the stored values stay, the server stays validated
    expect(
      expectData(await post<Validation>(alice, '/validate', { ...body, headers: created.headers })).valid,
    ).toBe(true);
    const updated = expectData(
      await post<McpServer>(alice, '/update', { ...body, headers: created.headers, env: created.env }),
    );
    expect(updated).toMatchObject({ enabled: true, headers: created.headers });
    const [after] = await server.server.ctx.db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.name, 'with-secrets'));
    expect(JSON.parse(decryptSecret(after!.secretsEncrypted!, key, after!.serverId)).headers).toEqual(
      body.headers,
    );
    // a mask that is not the stored value's is refused, not stored
    expect(
      expectFailure(
        await post(alice, '/update', { ...body, headers: { Authorization: '••••••••zzzz' } }),
        'E0003',
      ),
    ).toMatch(/enter the value again/);
  });
});

describe('batch import', () => {
  it('reports full success, or partial failure with each reason; the Claude Desktop form too', async ({
    alice,
  }) => {
    const full = expectData(
      await post<ImportReport>(alice, '/import', {
        servers: [
          { name: 'imp-a', type: 'streamable', url: streamable.url },
          { name: 'imp-b', type: 'sse', url: sse.url },
        ],
      }),
    );
    expect(full).toMatchObject({ created: 2, failed: 0 });

    const partial = expectData(
      await post<ImportReport>(alice, '/import', {
        servers: [
          { name: 'imp-c', type: 'streamable', url: streamable.url },
          { name: 'imp-d', type: 'sse' },
          { name: 'imp-e', type: 'stdio', command: 'npx', args: [] },
          { name: 'imp-a', type: 'streamable', url: streamable.url },
          'not an object',
        ],
      }),
    );
    expect(partial).toMatchObject({ created: 1, failed: 4 });
    expect(partial.items).toEqual([
      { index: 0, name: 'imp-c', ok: true },
      {
        index: 1,
        name: 'imp-d',
        ok: false,
        error: 'url: URL is required for sse and streamable servers',
        reason: 'invalid',
      },
      { index: 2, name: 'imp-e', ok: false, error: 'Stdio not supported in web version', reason: 'stdio' },
      {
        index: 3,
        name: 'imp-a',
        ok: false,
        error: 'name: a server named "imp-a" already exists',
        reason: 'duplicate',
      },
      { index: 4, name: null, ok: false, error: expect.any(String) as string, reason: 'invalid' },
    ]);

    const desktop = expectData(
      await post<ImportReport>(alice, '/import', {
        servers: {
          mcpServers: { 'desk-http': { url: streamable.url }, 'desk-sse': { type: 'sse', url: sse.url } },
        },
      }),
    );
    expect(desktop).toMatchObject({ created: 2, failed: 0 });
    expect(await byName(alice, 'desk-http')).toMatchObject({ type: 'streamable', enabled: false });
    expectFailure(await post(alice, '/import', { servers: [] }), 'E0003');
  });
});

describe('who may reach a server', () => {
  it("user B and an anonymous caller reach nothing of user A's over every route", async ({
    alice,
    bob,
    server,
  }) => {
    const mine = {
      name: 'private-of-a',
      type: 'streamable',
      url: streamable.url,
      headers: { Authorization: SECRET },
    };
    expectData(await post(alice, '/create', mine));
    const before = await byName(alice, mine.name);

    const asB = { name: mine.name, type: 'streamable', url: garbage.url };
    expectFailure(await post(bob, '/update', asB), 'E1017');
    expectFailure(await post(bob, '/delete', { name: mine.name }), 'E1017');
    expectFailure(await post(bob, '/delete', { name: 'nobody-has-this' }), 'E1017');
    // B's validate of that name checks B's own settings, never A's row or headers
    const checked = expectData(await post<Validation>(bob, '/validate', asB));
    expect(checked.valid).toBe(false);
    expect((await list(bob)).map((s) => s.name)).not.toContain(mine.name);

    const anonymous = server.client();
    for (const [path, body] of [
      ['/create', mine],
      ['/update', mine],
      ['/delete', { name: mine.name }],
      ['/validate', mine],
      ['/import', { servers: [mine] }],
    ] as const) {
      const res = await post(anonymous, path, body);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
    expect((await anonymous.get('/v1/mcp-server/list')).status).toBe(401);

    expect(await byName(alice, mine.name)).toEqual(before);
  });

  it('no answer of this file carried a header or env value', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) {
      expect(text).not.toContain('mcp-secret-token');
      expect(text).not.toContain(ENV_SECRET);
    }
  });
});
