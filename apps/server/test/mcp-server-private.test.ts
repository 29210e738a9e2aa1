/**
 * MCP servers under the default policy (MCP_ALLOW_PRIVATE_NETWORK unset, so false): validating a
 * server on a loopback address is refused before anything is sent there, with a message naming
 * the setting, and a stored server is marked failed. Its own file: the other MCP tests need the
 * instance to allow 127.0.0.1.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { expectData } from './helpers/items.js';
import { startEverything, type RunningServer } from './helpers/mcp-servers.js';
import { serverTest } from './helpers/fixtures.js';

let everything: RunningServer;
beforeAll(async () => {
  everything = await startEverything('streamableHttp');
});
afterAll(async () => {
  await everything?.close();
});

const it = serverTest();

it('a private address is refused unless the instance allows it', async ({ alice }) => {
  const body = { name: 'local', type: 'streamable', url: everything.url };
  expectData(await alice.post('/v1/mcp-server/create', body));
  const result = expectData(
    await alice.post<{ valid: boolean; error?: string }>('/v1/mcp-server/validate', body),
  );
  expect(result).toMatchObject({ valid: false });
  expect(result.error).toBe(
    `${new URL(everything.url).origin} is a private network address, which this instance does not allow (MCP_ALLOW_PRIVATE_NETWORK=false)`,
  );
  const [stored] = expectData(await alice.get<{ status: string; enabled: boolean }[]>('/v1/mcp-server/list'));
  expect(stored).toMatchObject({ status: 'failed', enabled: false });
});
