import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../lib/outbound/index.js';
import { FetchFailedError, FetchRefusedError, fetchPage } from './ingest.fetch.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
      res.end(gzipSync('<h1>hello</h1>'));
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (req.url === '/to-ipv6-loopback') {
      res.writeHead(301, { location: `http://[::1]:${(server.address() as AddressInfo).port}/page` });
      res.end();
    } else if (req.url === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5000));
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2000);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// The fixture runs on loopback: treat exactly 127.0.0.1 as "public" and everything else by policy.
const asIfPublic = {
  allowPrivate: false,
  timeoutMs: 1000,
  maxBytes: 1000,
  isBlocked: (a: string) => a !== '127.0.0.1' && isPrivateAddress(a),
};

describe('fetchPage', () => {
  it('refuses loopback, private and metadata addresses by default', async () => {
    const opts = { allowPrivate: false, timeoutMs: 1000, maxBytes: 1000 };
    for (const url of [
      `${base}/page`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost/',
    ]) {
      await expect(fetchPage(url, opts), url).rejects.toBeInstanceOf(FetchRefusedError);
    }
    await expect(fetchPage('ftp://example.com/', opts)).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it('fetches and decompresses an allowed page', async () => {
    const page = await fetchPage(`${base}/page`, asIfPublic);
    expect(page.contentType).toBe('text/html');
    expect(page.charset).toBe('utf-8');
    expect(page.body.toString()).toBe('<h1>hello</h1>');
  });

  it('checks every redirect hop', async () => {
    await expect(fetchPage(`${base}/to-metadata`, asIfPublic)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(fetchPage(`${base}/to-ipv6-loopback`, asIfPublic)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(fetchPage(`${base}/to-file`, asIfPublic)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(fetchPage(`${base}/loop`, asIfPublic)).rejects.toThrow(/redirects/);
  });

  it('caps the body size and the time taken', async () => {
    await expect(fetchPage(`${base}/big`, asIfPublic)).rejects.toThrow(/larger than 1000 bytes/);
    await expect(fetchPage(`${base}/slow`, { ...asIfPublic, timeoutMs: 200 })).rejects.toBeInstanceOf(
      FetchFailedError,
    );
    await expect(fetchPage(`${base}/missing`, asIfPublic)).rejects.toThrow(/HTTP 404/);
  });
});
