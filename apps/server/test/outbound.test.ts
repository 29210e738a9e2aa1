/**
 * PROVIDER_ALLOW_PRIVATE_NETWORK=false over real HTTP: provider base URLs that are private in any
 * spelling, or that do not resolve, are refused on save (E0003 naming the problem), and a name that
 * turns private after it was saved (DNS rebinding) is refused on use — the connection test and a
 * chat run — without one request reaching the fake provider on 127.0.0.1. Names resolve through
 * an injected resolver; nothing here asks real DNS or the internet.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { setOutboundResolver, type ResolvedAddress } from '../src/lib/outbound/index.js';
import type { BuiltUser } from './helpers/factories.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { streamSkill } from './helpers/skill-run.js';

const PUBLIC: ResolvedAddress = { address: '93.184.216.34', family: 4 };
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

/** The provider on 127.0.0.1 that no request may reach (the users here have no model on it). */
let fake: FakeModelServer;
let port = '';
/** How often each rebinding name was asked: public the first time, loopback after. */
const asked = new Map<string, number>();

beforeAll(async () => {
  setOutboundResolver(async (host) => {
    if (host === 'models.example.com') return [PUBLIC];
    if (host === 'internal.example.com') return [{ address: '10.1.2.3', family: 4 }];
    if (host === 'dual.example.com') return [PUBLIC, { address: 'fd00::5', family: 6 }];
    if (host.startsWith('rebind-')) {
      const n = asked.get(host) ?? 0;
      asked.set(host, n + 1);
      return [n === 0 ? PUBLIC : LOOPBACK];
    }
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  });
  fake = await startFakeModelServer();
  port = new URL(fake.url).port;
});
afterAll(async () => {
  await fake?.close();
  setOutboundResolver(null);
});

const it = serverTest({
  PROVIDER_ALLOW_PRIVATE_NETWORK: 'false',
  SKILL_IDLE_TIMEOUT: '1500ms',
  SKILL_MODEL_RETRIES: '0',
  SKILL_ABORT_POLL: '100ms',
});

const create = (user: BuiltUser, baseUrl: string) =>
  user.post<{ providerId: string }>('/v1/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Mine',
    categories: ['llm'],
    baseUrl,
  });

describe('provider base URLs with PROVIDER_ALLOW_PRIVATE_NETWORK=false', () => {
  it('refuses private addresses in every spelling on save (E0003 naming the address)', async ({ alice }) => {
    for (const baseUrl of [
      `http://localhost.:${port}/v1`,
      `http://localhost:${port}/v1`,
      `http://127.0.0.1:${port}/v1`,
      `http://2130706433:${port}/v1`,
      `http://0x7f.1:${port}/v1`,
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      `http://[::1]:${port}/v1`,
      'http://0.0.0.0/v1',
      'http://[::]/v1',
      'http://169.254.169.254/latest',
      'http://10.0.0.5/v1',
      'http://internal.example.com/v1',
      'http://dual.example.com/v1',
    ]) {
      const msg = expectFailure(await create(alice, baseUrl), 'E0003');
      expect(msg, baseUrl).toMatch(/^baseUrl: .* is a private network address/);
    }
  });

  it('refuses a name that does not resolve on save', async ({ alice }) => {
    const msg = expectFailure(await create(alice, 'http://nowhere.invalid/v1'), 'E0003');
    expect(msg).toMatch(/nowhere\.invalid does not resolve/);
  });

  it('accepts a public name, and refuses an update to a private one', async ({ alice }) => {
    const p = expectData(await create(alice, 'https://models.example.com/v1'));
    const msg = expectFailure(
      await alice.post('/v1/provider/update', {
        providerId: p.providerId,
        baseUrl: `http://localhost.:${port}/v1`,
      }),
      'E0003',
    );
    expect(msg).toMatch(/private network address/);
  });
});

describe('refused on use (a name rebound after save, or resolving privately)', () => {
  it('is refused by the connection test without reaching the provider', async ({ alice }) => {
    const before = fake.requests.length;
    const p = expectData(await create(alice, `http://rebind-list.example.com:${port}/v1`));
    const msg = expectFailure(
      await alice.get('/v1/provider/item/option/list', { providerId: p.providerId }),
      'E0003',
    );
    expect(msg).toMatch(/rebind-list\.example\.com.* is a private network address/);
    expect(asked.get('rebind-list.example.com')).toBe(2);
    expect(fake.requests.length).toBe(before);
  });

  it('is refused when a chat run calls the model through the AI SDK', async ({ alice }) => {
    const before = fake.requests.length;
    const p = expectData(await create(alice, `http://rebind-chat.example.com:${port}/v1`));
    const item = expectData(
      await alice.post<{ itemId: string }>('/v1/provider/item/create', {
        providerId: p.providerId,
        name: 'fake-chat',
        category: 'llm',
        tier: 't2',
        config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
      }),
    );
    const run = await streamSkill(alice.client, { input: { query: 'Hi' }, modelItemId: item.itemId });
    expect(run.events.find((e) => e.event === 'error')).toMatchObject({ error: 'E0003' });
    expect(run.events.at(-1)?.event).toBe('end');
    expect(fake.requests.length).toBe(before);
  });

  it('is refused when the image skill calls an API whose name resolves privately', async ({ alice }) => {
    const before = fake.requests.length;
    const run = await streamSkill(alice.client, {
      skillName: 'imageGeneration',
      input: { query: 'A red boat' },
      tplConfig: {
        apiUrl: { value: `http://internal.example.com:${port}/image` },
        apiKey: { value: 'img-key' },
        imageRatio: { value: '1:1' },
        model: { value: 'gpt-image-1' },
      },
    });
    expect(run.events.find((e) => e.event === 'error')).toMatchObject({ error: 'E0003' });
    expect(fake.requests.length).toBe(before);
  });
});
