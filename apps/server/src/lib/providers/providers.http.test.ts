import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOutboundResolver } from '../outbound/index.js';
import { assertAllowedUrl, getProviderJson, isPrivateAddress, providerFetch } from './providers.http.js';

describe('isPrivateAddress', () => {
  it('knows loopback, private, link-local, CGNAT and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

describe('assertAllowedUrl', () => {
  it('lets everything through when private networks are allowed', async () => {
    await expect(
      assertAllowedUrl('http://127.0.0.1:11434', { allowPrivateNetwork: true }),
    ).resolves.toBeUndefined();
  });

  it('refuses private addresses and localhost names with E0003 when they are not', async () => {
    for (const url of [
      'http://127.0.0.1:11434',
      'http://localhost:8000/v1',
      'http://localhost.:8000/v1',
      'http://LOCALHOST../v1',
      'http://api.localhost/v1',
      'http://[::1]/v1',
      'http://[::]/v1',
      'http://[::ffff:127.0.0.1]/v1',
      'http://[::ffff:a9fe:a9fe]/v1',
      'http://0.0.0.0:8000/v1',
      'http://2130706433/v1',
      'http://0x7f.1/v1',
      'http://0177.0.0.1/v1',
      'http://127.1/v1',
      'http://169.254.169.254/latest',
    ]) {
      await expect(assertAllowedUrl(url, { allowPrivateNetwork: false }), url).rejects.toMatchObject({
        code: 'E0003',
      });
    }
    await expect(
      assertAllowedUrl('http://8.8.8.8/v1', { allowPrivateNetwork: false }),
    ).resolves.toBeUndefined();
  });

  it('refuses names that do not resolve, or that resolve to a private address', async () => {
    setOutboundResolver(async (host) => {
      if (host === 'internal.example') return [{ address: '10.0.0.7', family: 4 }];
      if (host === 'mixed.example')
        return [
          { address: '8.8.8.8', family: 4 },
          { address: 'fd00::1', family: 6 },
        ];
      if (host === 'public.example') return [{ address: '8.8.8.8', family: 4 }];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    });
    try {
      const off = { allowPrivateNetwork: false };
      const private_ = await assertAllowedUrl('http://internal.example/v1', off).catch((e: unknown) => e);
      expect(private_).toMatchObject({ code: 'E0003', message: expect.stringMatching(/private network/) });
      await expect(assertAllowedUrl('http://mixed.example/v1', off)).rejects.toMatchObject({ code: 'E0003' });
      const missing = await assertAllowedUrl('http://nowhere.invalid/v1', off).catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: 'E0003', message: expect.stringMatching(/does not resolve/) });
      await expect(assertAllowedUrl('ftp://public.example/', off)).rejects.toMatchObject({ code: 'E0003' });
      await expect(assertAllowedUrl('http://public.example/v1', off)).resolves.toBeUndefined();
      // with private networks allowed, nothing is resolved on save
      await expect(
        assertAllowedUrl('http://nowhere.invalid/v1', { allowPrivateNetwork: true }),
      ).resolves.toBeUndefined();
    } finally {
      setOutboundResolver(null);
    }
  });

  it('guards the fetch handed to the AI SDK', async () => {
    const guarded = providerFetch({ allowPrivateNetwork: false });
    await expect(guarded('http://127.0.0.1:1/v1/chat/completions')).rejects.toMatchObject({ code: 'E0003' });
    await expect(guarded('http://0x7f.1:1/v1/chat/completions')).rejects.toMatchObject({ code: 'E0003' });
    // a network failure stays fetch's own TypeError, so the AI SDK treats it as before
    const open = providerFetch({ allowPrivateNetwork: true });
    await expect(open('http://127.0.0.1:9/v1/chat/completions')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('getProviderJson', () => {
  let url = '';
  const server = createServer((req, res) => {
    if (req.url === '/ok') return void res.end(JSON.stringify({ ok: true }));
    if (req.url === '/500') {
      res.statusCode = 500;
      return void res.end('secret body');
    }
    if (req.url === '/text') return void res.end('not json');
    setTimeout(() => res.end('{}'), 500);
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const opts = { timeoutMs: 200, allowPrivateNetwork: true };

  it('answers the JSON, or a catalogue error that names the origin and status only', async () => {
    await expect(getProviderJson(`${url}/ok`, {}, opts)).resolves.toEqual({ ok: true });
    const err = await getProviderJson(`${url}/500`, {}, opts).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E3001', message: `${url} answered HTTP 500` });
    await expect(getProviderJson(`${url}/text`, {}, opts)).rejects.toMatchObject({ code: 'E3001' });
    await expect(getProviderJson(`${url}/slow`, {}, opts)).rejects.toMatchObject({ code: 'E3003' });
    await expect(getProviderJson('http://127.0.0.1:9/x', {}, opts)).rejects.toMatchObject({ code: 'E3001' });
  });
});
