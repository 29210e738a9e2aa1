/**
 * The safe outbound fetch against local servers: 127.0.0.1 plays a public address (by an injected
 * policy) and 127.0.0.2 a private one; names resolve through an injected resolver, never DNS.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './outbound.address.js';
import { OutboundFailedError, OutboundRefusedError } from './outbound.errors.js';
import { outboundFetch, type OutboundOptions } from './outbound.fetch.js';
import { checkUrl, type Resolver } from './outbound.resolve.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const seen: Array<{
  server: 'public' | 'private';
  url: string;
  host: string;
  auth: string;
  method: string;
  body: string;
}> = [];
const hanging: ServerResponse[] = [];
let release: (() => void) | null = null;
let port = 0;
let publicServer: Server;
let privateServer: Server;

const routes: Record<string, Handler> = {
  '/hello': (_q, res) => res.end('hello'),
  '/to-private-ip': (_q, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
  '/to-private-name': (_q, res) =>
    res.writeHead(302, { location: `http://private.test:${port}/hello` }).end(),
  '/to-other-origin': (_q, res) => res.writeHead(307, { location: `http://other.test:${port}/echo` }).end(),
  '/to-same-origin': (_q, res) => res.writeHead(307, { location: '/echo' }).end(),
  '/see-other': (_q, res) => res.writeHead(303, { location: '/echo' }).end(),
  '/loop': (_q, res) => res.writeHead(302, { location: '/loop' }).end(),
  '/two': (_q, res) => res.writeHead(302, { location: '/one' }).end(),
  '/one': (_q, res) => res.writeHead(302, { location: '/hello' }).end(),
  '/echo': (req, res, body) => res.end(`${req.method} ${body}`),
  '/big-declared': (_q, res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
  '/big-chunked': (_q, res) => {
    res.write('x'.repeat(800));
    res.end('y'.repeat(800));
  },
  '/never': (_q, res) => void hanging.push(res),
  '/stream': (_q, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: first\n\n');
    // the rest only once the client has read the first event: proves it was not buffered
    release = () => res.end('data: last\n\n');
  },
};

function serve(name: 'public' | 'private'): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      seen.push({
        server: name,
        url,
        host: req.headers.host ?? '',
        auth: req.headers.authorization ?? '',
        method: req.method ?? '',
        body,
      });
      if (name === 'private') return void res.end('private secret');
      (routes[url] ?? ((_q, r) => r.writeHead(404).end()))(req, res, body);
    });
  });
}

beforeAll(async () => {
  publicServer = serve('public');
  publicServer.listen(0, '127.0.0.1');
  await once(publicServer, 'listening');
  port = (publicServer.address() as AddressInfo).port;
  privateServer = serve('private');
  privateServer.listen(port, '127.0.0.2');
  await once(privateServer, 'listening');
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  for (const s of [publicServer, privateServer]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const names: Record<string, string> = {
  'public.test': '127.0.0.1',
  'other.test': '127.0.0.1',
  'private.test': '127.0.0.2',
};
const resolver: Resolver = async (host) => {
  const address = names[host];
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
// 127.0.0.1 counts as public here; everything else (127.0.0.2 included) by the real policy.
const policy: OutboundOptions = {
  allowPrivate: false,
  isBlocked: (a) => a !== '127.0.0.1' && isPrivateAddress(a),
  resolve: resolver,
  timeoutMs: 5_000,
};
const base = () => `http://public.test:${port}`;
const hitsOf = (server: 'public' | 'private') => seen.filter((s) => s.server === server).length;

describe('outboundFetch', () => {
  it('fetches through a name the resolver answers, with the name as Host', async () => {
    const res = await outboundFetch(`${base()}/hello`, {}, policy);
    expect(await res.text()).toBe('hello');
    expect(res.url).toBe(`${base()}/hello`);
    expect(seen.at(-1)).toMatchObject({ server: 'public', host: `public.test:${port}` });
  });

  it('refuses private addresses in every spelling without connecting', async () => {
    const strict: OutboundOptions = { allowPrivate: false, resolve: resolver };
    const before = seen.length;
    for (const url of [
      `http://127.0.0.1:${port}/hello`,
      `http://2130706433:${port}/hello`,
      `http://0x7f.1:${port}/hello`,
      `http://0177.0.0.1:${port}/hello`,
      `http://[::ffff:127.0.0.1]:${port}/hello`,
      `http://0.0.0.0:${port}/hello`,
      `http://[::]:${port}/hello`,
      `http://[::1]:${port}/hello`,
      `http://localhost.:${port}/hello`,
      `http://private.test:${port}/hello`,
      `http://private.test.:${port}/hello`,
    ]) {
      await expect(outboundFetch(url, {}, strict), url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    await expect(outboundFetch('file:///etc/passwd', {}, strict)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(seen.length).toBe(before);
  });

  it('re-checks every redirect hop', async () => {
    await expect(outboundFetch(`${base()}/to-private-ip`, {}, policy)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(outboundFetch(`${base()}/to-private-name`, {}, policy)).rejects.toMatchObject({
      name: 'OutboundRefusedError',
      reason: 'private',
    });
    expect(hitsOf('private')).toBe(0);
  });

  it('limits the number of redirects', async () => {
    const err = await outboundFetch(`${base()}/loop`, {}, policy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailedError);
    expect(err).toMatchObject({ reason: 'redirects', message: 'More than 5 redirects' });
    await expect(outboundFetch(`${base()}/two`, {}, { ...policy, maxRedirects: 1 })).rejects.toMatchObject({
      reason: 'redirects',
    });
    expect(await (await outboundFetch(`${base()}/two`, {}, { ...policy, maxRedirects: 2 })).text()).toBe(
      'hello',
    );
  });

  it('keeps method and body on 307, turns 303 into GET, and drops credentials across origins', async () => {
    const post = {
      method: 'POST',
      body: 'payload',
      headers: { authorization: 'Bearer k', 'x-api-key': 'k' },
    };
    expect(await (await outboundFetch(`${base()}/to-same-origin`, post, policy)).text()).toBe('POST payload');
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer k' });
    expect(await (await outboundFetch(`${base()}/to-other-origin`, post, policy)).text()).toBe(
      'POST payload',
    );
    expect(seen.at(-1)).toMatchObject({ host: `other.test:${port}`, auth: '' });
    expect(await (await outboundFetch(`${base()}/see-other`, post, policy)).text()).toBe('GET ');
  });

  it('takes a Request as input, with its method, body and signal', async () => {
    const req = new Request(`${base()}/echo`, { method: 'POST', body: 'from a Request' });
    expect(await (await outboundFetch(req, undefined, policy)).text()).toBe('POST from a Request');
    const controller = new AbortController();
    const pending = outboundFetch(new Request(`${base()}/never`, { signal: controller.signal }), {}, policy);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('caps the body: by Content-Length up front, else while reading', async () => {
    const small = { ...policy, maxBytes: 1000 };
    await expect(outboundFetch(`${base()}/big-declared`, {}, small)).rejects.toMatchObject({
      reason: 'too-large',
    });
    const res = await outboundFetch(`${base()}/big-chunked`, {}, small);
    await expect(res.text()).rejects.toMatchObject({
      reason: 'too-large',
      message: /larger than 1000 bytes/,
    });
  });

  it('ends a request the server never answers at the deadline, and honours the caller’s abort', async () => {
    await expect(outboundFetch(`${base()}/never`, {}, { ...policy, timeoutMs: 100 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    const controller = new AbortController();
    const pending = outboundFetch(`${base()}/never`, { signal: controller.signal }, policy);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('streams the answer as it comes', async () => {
    const res = await outboundFetch(`${base()}/stream`, {}, policy);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    release!();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: last\n\n');
  });
});

describe('DNS rebinding', () => {
  // Public on the first question, private on every later one.
  const rebinding = () => {
    let calls = 0;
    const resolve: Resolver = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    return { resolve, calls: () => calls };
  };

  it('connects to the address it checked: the name is resolved once per connection', async () => {
    const dns = rebinding();
    const privateHits = hitsOf('private');
    const res = await outboundFetch(
      `http://rebind.test:${port}/hello`,
      {},
      { ...policy, resolve: dns.resolve },
    );
    expect(await res.text()).toBe('hello');
    expect(dns.calls()).toBe(1);
    expect(hitsOf('private')).toBe(privateHits);
  });

  it('refuses when the name turns private after the check made on save', async () => {
    const dns = rebinding();
    const rules = { ...policy, resolve: dns.resolve };
    await expect(checkUrl(`http://rebind.test:${port}/v1`, rules)).resolves.toBeInstanceOf(URL);
    await expect(outboundFetch(`http://rebind.test:${port}/hello`, {}, rules)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(hitsOf('private')).toBe(0);
  });
});
