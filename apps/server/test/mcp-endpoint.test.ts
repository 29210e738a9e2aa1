/**
 * Atelier as an MCP server (issue 12, point 10), driven by the SDK's own Client over
 * streamable HTTP: tools listed by scope, search, create a document, put it on a canvas, read
 * it back; a web link saved without a title; another user's token sees none of it; no token or a
 * bad one answers 401.
 */
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CreatedApiToken, Resource } from '@atelier/contract';
import { serverTest } from './helpers/fixtures.js';
import { buildCanvas, buildDocument, buildResource, type BuiltUser } from './helpers/factories.js';
import { expectData } from './helpers/items.js';
import { settled } from './helpers/resources.js';
import { startWebFixture, type WebFixture } from './helpers/web-fixture.js';

// the web link test fetches a page from a local fixture server
const it = serverTest({ FETCH_ALLOW_PRIVATE: 'true' });

let web: WebFixture;
beforeAll(async () => {
  web = await startWebFixture({
    '/page': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><html><head><title>Otters at play</title></head><body><article><p>Sea otters hold hands while they sleep so that they do not drift apart on the current.</p></article></body></html>',
    },
  });
});
afterAll(async () => {
  await web?.close();
});

async function connect(user: BuiltUser, scope: 'read' | 'read-write' = 'read-write'): Promise<Client> {
  const { token } = expectData<CreatedApiToken>(
    await user.post('/v1/user/apiToken/create', { name: 'mcp', scope }),
  );
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', user.server.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function call<T = unknown>(client: Client, name: string, args: Record<string, unknown>) {
  const res = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  const text = res.content[0]!.text;
  return { isError: res.isError === true, text, json: () => JSON.parse(text) as T };
}

const READ_TOOLS = ['list_canvases', 'read_canvas', 'read_document', 'read_resource', 'search_library'];
const WRITE_TOOLS = ['add_node_to_canvas', 'create_document', 'create_memo', 'create_resource'];

describe('/mcp', () => {
  it('lists tools by scope; search, create a document, add it to a canvas, read it back', async ({
    alice,
  }) => {
    const client = await connect(alice);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    const reader = await connect(alice, 'read');
    expect((await reader.listTools()).tools.map((t) => t.name).sort()).toEqual(READ_TOOLS);
    const refused = await call(reader, 'create_document', { title: 'no' });
    expect(refused.isError).toBe(true);

    const canvas = await buildCanvas(alice, { title: 'MCP board' });
    await buildResource(alice, { title: 'Zanzibar spice notes', content: 'Cloves and nutmeg' });
    const listed = (await call<{ canvasId: string }[]>(client, 'list_canvases', {})).json();
    expect(listed.map((c) => c.canvasId)).toContain(canvas.canvasId);

    // the resource is searchable once its ingestion has indexed it (a job, not the create call)
    await vi.waitFor(
      async () => {
        const found = await call<{ title: string; domain: string }[]>(client, 'search_library', {
          query: 'Zanzibar',
        });
        expect(found.isError, found.text).toBe(false);
        expect(found.json().map((r) => r.title)).toContain('Zanzibar spice notes');
      },
      { timeout: 60_000, interval: 100 },
    );

    const created = await call<{ docId: string }>(client, 'create_document', {
      title: 'Written by an agent',
      content: '# Plan\n\nShip the MCP server.',
    });
    expect(created.isError, created.text).toBe(false);
    const { docId } = created.json();
    const added = await call(client, 'add_node_to_canvas', {
      canvasId: canvas.canvasId,
      entityType: 'document',
      entityId: docId,
    });
    expect(added.isError, added.text).toBe(false);
    const memo = await call(client, 'create_memo', {
      canvasId: canvas.canvasId,
      text: 'Remember the cloves',
    });
    expect(memo.isError, memo.text).toBe(false);

    const board = (
      await call<{ nodes: { type: string; title: string; entityId?: string; preview: string }[] }>(
        client,
        'read_canvas',
        { canvasId: canvas.canvasId },
      )
    ).json();
    expect(board.nodes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'document', title: 'Written by an agent', entityId: docId }),
        expect.objectContaining({ type: 'memo', preview: 'Remember the cloves' }),
      ]),
    );
    // the web sees the same canvas
    const data = expectData<{ nodes: { data: { entityId: string } }[] }>(
      await alice.get('/v1/canvas/data', { canvasId: canvas.canvasId }),
    );
    expect(data.nodes.map((n) => n.data.entityId)).toContain(docId);

    const doc = (await call<{ content: string }>(client, 'read_document', { docId })).json();
    expect(doc.content).toContain('Ship the MCP server.');

    const res = await call<{ resourceId: string }>(client, 'create_resource', {
      kind: 'text',
      title: 'Pasted',
      content: 'Some pasted text',
    });
    expect(res.isError, res.text).toBe(false);
    const read = (await call<{ content: string }>(client, 'read_resource', res.json())).json();
    expect(read.content).toContain('Some pasted text');
    // bad input is a tool error, not a crash
    const bad = await call(client, 'create_resource', { kind: 'weblink' });
    expect(bad.isError).toBe(true);
    await client.close();
    await reader.close();
  });

  it('create_resource saves a web link without a title under its address; the page title follows', async ({
    server,
    alice,
  }) => {
    const client = await connect(alice);
    const url = `${web.url}/page`;
    const res = await call<{ resourceId: string; title: string }>(client, 'create_resource', {
      kind: 'weblink',
      url,
    });
    expect(res.isError, res.text).toBe(false);
    expect(res.json().title).toBe(url);
    const done = await settled(server, alice.client, res.json().resourceId);
    expect(done).toMatchObject({
      resourceType: 'weblink',
      title: url,
      indexStatus: 'finish',
    } satisfies Partial<Resource>);
    expect(done.data).toMatchObject({ url, title: 'Otters at play' });
    await client.close();
  });

  it("another user's token sees none of the first user's things", async ({ alice, bob }) => {
    const canvas = await buildCanvas(alice, { title: 'Secret board' });
    const doc = await buildDocument(alice, { title: 'Secret plan' });
    const resource = await buildResource(alice, { title: 'Secret notes', content: 'Quokka' });
    const client = await connect(bob);

    const notFound = await call(client, 'read_canvas', { canvasId: canvas.canvasId });
    expect(notFound).toMatchObject({ isError: true });
    expect(notFound.text).toContain('E1000');
    expect(notFound.text).toContain('Canvas not found');
    expect((await call(client, 'read_document', { docId: doc.docId })).text).toContain('E1003');
    expect((await call(client, 'read_resource', { resourceId: resource.resourceId })).text).toContain(
      'E1002',
    );
    const search = await call<unknown[]>(client, 'search_library', { query: 'Secret' });
    expect(search.json()).toEqual([]);
    const listed = (await call<{ canvasId: string }[]>(client, 'list_canvases', {})).json();
    expect(listed.map((c) => c.canvasId)).not.toContain(canvas.canvasId);
    const mine = await buildCanvas(bob);
    const onto = await call(client, 'add_node_to_canvas', {
      canvasId: mine.canvasId,
      entityType: 'document',
      entityId: doc.docId,
    });
    expect(onto.text).toContain('E1003');
    const memo = await call(client, 'create_memo', { canvasId: canvas.canvasId, text: 'x' });
    expect(memo.text).toContain('E1000');
    await client.close();
  });

  it('no token, a bad token or a session cookie answers 401', async ({ server, alice }) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(new URL('/mcp', server.url), { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    const bad = await fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer atl_${'Q'.repeat(40)}` },
      body,
    });
    expect(bad.status).toBe(401);
    const cookie = await alice.client.fetch('/mcp', { method: 'POST', headers, body });
    expect(cookie.status).toBe(401);
    const get = await fetch(new URL('/mcp', server.url), { method: 'GET' });
    expect(get.status).toBe(405);
  });
});

describe('arguments holding a NUL', () => {
  it('are refused with E0003 by every tool that takes text, before the database', async ({ alice }) => {
    const client = await connect(alice);
    const canvas = await buildCanvas(alice, { title: 'Board' });
    for (const [name, args] of [
      ['search_library', { query: 'otters\u0000' }],
      ['read_canvas', { canvasId: 'c-\u0000' }],
      ['create_document', { title: 'Notes\u0000', content: 'x' }],
      ['create_memo', { canvasId: canvas.canvasId, text: 'a\u0000b' }],
    ] as const) {
      const res = await call(client, name, args);
      expect(res.isError, name).toBe(true);
      expect(res.text, name).toMatch(/^E0003: .*NUL/);
    }
    await client.close();
  });
});

interface RpcAnswer {
  error?: { code: number; message: string };
  result?: { isError?: boolean; content: Array<{ text: string }> };
}

describe('requests whose params or arguments do not fit', () => {
  it('answer invalid params or a tool error E0003 naming the field, never an internal error', async ({
    alice,
  }) => {
    const { token } = expectData<CreatedApiToken>(
      await alice.post('/v1/user/apiToken/create', { name: 'raw', scope: 'read' }),
    );
    const rpc = async (body: unknown) => {
      const res = await fetch(new URL('/mcp', alice.server.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as RpcAnswer };
    };
    const call = (params: unknown) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
    // arguments that are no object: the SDK answered -32603 with a dump of zod issues
    for (const args of [[], 'query', 5, null]) {
      const res = await rpc(call({ name: 'search_library', arguments: args }));
      expect(res.status).toBe(200);
      expect(res.body.error).toMatchObject({ code: -32602 });
      expect(res.body.error?.message).toMatch(/^params\.arguments: /);
    }
    // arguments of the wrong type or size: the catalogue's E0003 naming the field, as a tool error
    for (const [args, field] of [
      [{ query: 7 }, 'query'],
      [{ query: 'a', domains: 'canvas' }, 'domains'],
      [{ query: 'a', limit: 0 }, 'limit'],
    ] as const) {
      const res = await rpc(call({ name: 'search_library', arguments: args }));
      expect(res.body.result?.isError).toBe(true);
      expect(res.body.result?.content[0]?.text).toMatch(new RegExp(`^E0003: ${field}: `));
    }
    // a write tool with a read token, and no such tool
    const write = await rpc(call({ name: 'create_memo', arguments: { canvasId: 'c', text: 't' } }));
    expect(write.body.result?.content[0]?.text).toMatch(/^E0016: /);
    const none = await rpc(call({ name: 'no_such_tool', arguments: {} }));
    expect(none.body.result?.content[0]?.text).toMatch(/^E0003: params\.name: /);
    // a batch with such a member is refused whole
    const batch = await rpc([
      call({ name: 'list_canvases', arguments: {} }),
      call({ name: 'x', arguments: [] }),
    ]);
    expect(batch.status).toBe(400);
    expect(batch.body.error).toMatchObject({ code: -32602 });
    expect(batch.body.error?.message).toMatch(/^Batch message 1: params\.arguments/);
    // a fitting call still answers
    const listed = await rpc(call({ name: 'list_canvases', arguments: {} }));
    expect(listed.body.result?.isError).toBeUndefined();
  });
});
