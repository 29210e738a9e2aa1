/**
 * The default private-network rule for users' providers, over real HTTP: with nothing configured a
 * provider on a loopback address is refused (E0003) and never asked; a host the operator names in
 * PROVIDER_ALLOWED_HOSTS is reached; an image API on an allowed host that answers an image URL on
 * another internal address does not get that address downloaded into the user's files.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { streamSkill } from './helpers/skill-run.js';

/** A model server the operator allowed (a local vLLM, LM Studio…). */
let allowed: FakeModelServer;
/** An image API on an allowed host. */
let images: FakeWebServer;
/** Something internal on this host that no user request may reach. */
let internal: Server;
let internalPort = 0;
let internalHits = 0;

beforeAll(async () => {
  allowed = await startFakeModelServer();
  images = await startFakeWebServer();
  internal = createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[{"id":"internal-secret-model"}]}');
  });
  await new Promise<void>((done) => internal.listen(0, '127.0.0.1', done));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  await allowed?.close();
  await images?.close();
  await new Promise((done) => internal?.close(done));
});

const it = serverTest(() => ({
  // '' is "not set": the default applies (the test helpers otherwise allow loopback fakes)
  PROVIDER_ALLOW_PRIVATE_NETWORK: '',
  PROVIDER_ALLOWED_HOSTS: `${new URL(allowed.url).host}, ${new URL(images.url).host}`,
}));

describe('users’ providers on a private network, by default', () => {
  it('refuses a provider on an internal loopback address on save, naming the setting', async ({ alice }) => {
    const msg = expectFailure(
      await alice.post('/v1/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Internal',
        categories: ['llm'],
        baseUrl: `http://127.0.0.1:${internalPort}/internal-api`,
      }),
      'E0003',
    );
    expect(msg).toMatch(/private network address/);
    expect(msg).toContain('PROVIDER_ALLOWED_HOSTS');
    expect(internalHits).toBe(0);
  });

  it('reaches a host the operator allowed: the connection test lists its models', async ({ alice }) => {
    const p = expectData(
      await alice.post<{ providerId: string }>('/v1/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Local vLLM',
        categories: ['llm'],
        baseUrl: `${allowed.url}/v1`,
      }),
    );
    const before = allowed.requests.length;
    const options = expectData(
      await alice.get<Array<{ name: string }>>('/v1/provider/item/option/list', { providerId: p.providerId }),
    );
    expect(options.length).toBeGreaterThan(0);
    expect(allowed.requests.length).toBeGreaterThan(before);
  });

  it('does not download an image URL the image API points at an internal address', async ({ alice }) => {
    images.image = { steps: 0, resultUrl: `http://127.0.0.1:${internalPort}/internal-api/secret.png` };
    const run = await streamSkill(alice.client, {
      skillName: 'imageGeneration',
      input: { query: 'A red boat' },
      tplConfig: {
        apiUrl: { value: `${images.url}/image` },
        apiKey: { value: 'img-key' },
        imageRatio: { value: '1:1' },
        model: { value: 'gpt-image-1' },
      },
    });
    // the API itself was asked (its host is allowed) …
    expect(images.requests.some((r) => r.path === '/image/generations')).toBe(true);
    // … but the internal address it answered was refused, not fetched and stored
    expect(run.events.find((e) => e.event === 'error')).toMatchObject({ error: 'E0003' });
    expect(run.events.some((e) => e.event === 'artifact')).toBe(false);
    expect(internalHits).toBe(0);
  });
});
