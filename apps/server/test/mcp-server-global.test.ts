/**
 * Global MCP servers from the configuration (MCP_GLOBAL_SERVERS): listed to every user with
 * `isGlobal: true`, enabled, their header values never answered; never created over, updated,
 * deleted or validated by a user (E0003 saying it is global); usable by the agent skill (here
 * the real server-everything on 127.0.0.1, reached although MCP_ALLOW_PRIVATE_NETWORK is off,
 * as the operator configured it). A bad configuration stops the start with a readable problem.
 * `reconnect` settings: a connection that fails for a passing reason is tried again as they say.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpServer } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { connectWithRetries, McpConnectError } from '../src/modules/mcp/mcp.client.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { startEverything, type RunningServer } from './helpers/mcp-servers.js';
import { contentOf, streamSkill, withFunctionCalling } from './helpers/skill-run.js';

const SECRET = 'global-secret-token-value';
let everything: RunningServer;

beforeAll(async () => {
  everything = await startEverything('streamableHttp');
});
afterAll(async () => {
  await everything?.close();
});

const it = skillTest(() => ({
  MCP_GLOBAL_SERVERS: JSON.stringify([
    {
      name: 'shared',
      type: 'streamable',
      url: everything.url,
      headers: { 'X-Token': SECRET },
      reconnect: { enabled: true, maxAttempts: 2, delayMs: 10 },
    },
  ]),
  SKILL_IDLE_TIMEOUT: '10s',
}));

describe('global MCP servers', () => {
  it('are listed to every user, read-only, without their secrets', async ({ server, alice, bob }) => {
    for (const user of [alice, bob]) {
      const res = await user.get<McpServer[]>('/v1/mcp-server/list');
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      const [shared] = expectData(res);
      expect(shared).toMatchObject({
        name: 'shared',
        type: 'streamable',
        url: everything.url,
        isGlobal: true,
        enabled: true,
        status: 'enabled',
        headers: { 'X-Token': '••••••••' },
        reconnect: { enabled: true, maxAttempts: 2, delayMs: 10 },
      });
    }
    expect(
      expectData(await alice.get<McpServer[]>('/v1/mcp-server/list', { isGlobal: 'true' })),
    ).toHaveLength(1);
    expect(expectData(await alice.get<McpServer[]>('/v1/mcp-server/list', { isGlobal: 'false' }))).toEqual(
      [],
    );
    expect((await server.client().get('/v1/mcp-server/list')).status).toBe(401);

    // no user may take its name, change, delete or validate it
    const body = { name: 'shared', type: 'streamable', url: 'https://example.com/mcp' };
    expect(expectFailure(await alice.post('/v1/mcp-server/create', body), 'E0003')).toContain('global');
    for (const path of ['/v1/mcp-server/update', '/v1/mcp-server/validate']) {
      expect(expectFailure(await alice.post(path, body), 'E0003')).toContain('global server');
    }
    expect(expectFailure(await bob.post('/v1/mcp-server/delete', { name: 'shared' }), 'E0003')).toContain(
      'global server',
    );
    const imported = expectData(
      await alice.post<{ created: number; items: Array<{ ok: boolean; error?: string }> }>(
        '/v1/mcp-server/import',
        { servers: [body] },
      ),
    );
    expect(imported.created).toBe(0);
    expect(imported.items[0]!.error).toContain('global');
    // still there, unchanged, for everyone
    const [after] = expectData(await bob.get<McpServer[]>('/v1/mcp-server/list'));
    expect(after).toMatchObject({ name: 'shared', url: everything.url, isGlobal: true });
  });

  it('are usable by the agent skill of any user', async ({ bob, fake }) => {
    await withFunctionCalling(bob);
    fake.toolCalls = [{ name: 'shared__echo', arguments: '{"message":"hello from the global server"}' }];
    fake.reply = 'The global server echoed.';
    const before = fake.requests.length;
    try {
      const run = await streamSkill(bob.client, {
        input: { query: 'Echo something' },
        skillName: 'agent',
        selectedMcpServers: ['shared'],
      });
      expect(run.refusal).toBeNull();
      expect(contentOf(run.events)).toBe('The global server echoed.');
      const result = run.events.find((e) => e.log?.key === 'toolResult')?.log;
      expect(result?.titleArgs).toMatchObject({ server: 'shared', tool: 'echo' });
      expect(String(result?.descriptionArgs?.output)).toContain('hello from the global server');
      const chats = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
      expect(JSON.stringify(chats[1]!.body!.messages)).toContain('hello from the global server');
    } finally {
      fake.toolCalls = null;
    }
  });
});

describe('global MCP server configuration', () => {
  it('refuses a bad MCP_GLOBAL_SERVERS or file with a readable problem', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        return err.problems;
      }
    };
    expect(problems({ MCP_GLOBAL_SERVERS: '{not json' })[0]).toMatch(/^MCP_GLOBAL_SERVERS: not valid JSON/);
    expect(
      problems({ MCP_GLOBAL_SERVERS: '[{"name":"x","type":"stdio","command":"run","args":[]}]' })[0],
    ).toContain('only sse and streamable');
    expect(problems({ MCP_GLOBAL_SERVERS: '[{"name":"x","type":"sse"}]' })).toHaveLength(1);
    expect(problems({ MCP_GLOBAL_SERVERS_FILE: '/nonexistent/servers.json' })[0]).toContain('cannot read');

    // a Claude Desktop style file
    const dir = mkdtempSync(join(tmpdir(), 'atelier-mcp-global-'));
    try {
      const file = join(dir, 'servers.json');
      writeFileSync(file, JSON.stringify({ mcpServers: { docs: { url: 'https://mcp.example.com/mcp' } } }));
      const config = loadConfig({ NODE_ENV: 'test', MCP_GLOBAL_SERVERS_FILE: file });
      expect(config.mcpGlobalServers).toEqual([
        {
          name: 'docs',
          type: 'streamable',
          url: 'https://mcp.example.com/mcp',
          headers: {},
          reconnect: null,
          config: null,
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reconnect settings', () => {
  it('try a failing connection again as many times as they say, and not at all when off', async () => {
    // answers HTML, never MCP: a passing failure ('not-mcp') each time
    let hits = 0;
    const http = createServer((req: IncomingMessage, res) => {
      if (req.method === 'POST') hits++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>not MCP</html>');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    const opts = { allowPrivateNetwork: true, timeoutMs: 5_000, toolTimeoutMs: 5_000, maxResultBytes: 4096 };
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    try {
      const attempt = async (
        reconnect: { enabled: boolean; maxAttempts: number; delayMs: number } | null,
      ) => {
        hits = 0;
        delays.length = 0;
        await expect(
          connectWithRetries({ name: 'flaky', type: 'streamable', url, reconnect }, opts, sleep),
        ).rejects.toBeInstanceOf(McpConnectError);
        return { hits, delays: [...delays] };
      };
      expect(await attempt({ enabled: true, maxAttempts: 2, delayMs: 250 })).toEqual({
        hits: 3,
        delays: [250, 250],
      });
      expect(await attempt({ enabled: false, maxAttempts: 5, delayMs: 250 })).toEqual({
        hits: 1,
        delays: [],
      });
      expect(await attempt(null)).toEqual({ hits: 1, delays: [] });
      // a refused address is not a passing failure: not tried again
      delays.length = 0;
      await expect(
        connectWithRetries(
          {
            name: 'private',
            type: 'streamable',
            url,
            reconnect: { enabled: true, maxAttempts: 3, delayMs: 1 },
          },
          { ...opts, allowPrivateNetwork: false },
          sleep,
        ),
      ).rejects.toMatchObject({ kind: 'refused' });
      expect(delays).toEqual([]);
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
