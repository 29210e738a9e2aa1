/**
 * User settings over real HTTP: the wire shape, partial updates with merged preferences, the
 * username rules, avatars, the availability check, and that user B only ever touches B.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { files, users } from '../src/db/schema/index.js';
import { buildUser, loginAs, uniqueEmail, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { type TestClient, type Wrapped } from './helpers/http.js';

type Wrapper<T = Record<string, unknown>> = Wrapped<T>;
type Settings = Record<string, unknown> & { uid: string; name: string | null; avatar: string | null };

const seen: string[] = [];

/** `client.get`/`post` (PUT through `client.json`), keeping every answer for the hash scan. */
async function call<T = Settings>(
  client: TestClient,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) {
  const res =
    method === 'GET'
      ? await client.get<T>(path)
      : method === 'POST'
        ? await client.post<T>(path, body)
        : await client.json<Wrapper<T>>(method, path, body);
  seen.push(JSON.stringify(res.body));
  return res;
}
const getSettings = (c: TestClient) => call(c, 'GET', '/v1/user/settings');
const put = (c: TestClient, body: unknown) => call(c, 'PUT', '/v1/user/settings', body);
const check = (c: TestClient, field: string, value: string) =>
  call<{ field: string; value: string; available: boolean; error?: string }>(
    c,
    'GET',
    `/v1/user/checkSettingsField?field=${field}&value=${encodeURIComponent(value)}`,
  );

/** A stored file row as the upload module writes it (the test controls type and size). */
async function storedFile(owner: BuiltUser, contentType: string, size: number): Promise<string> {
  const storageKey = `test/${owner.uid}/${Math.random().toString(36).slice(2)}`;
  await owner.server.server.ctx.db.insert(files).values({ storageKey, uid: owner.uid, contentType, size });
  return storageKey;
}

const it = serverTest({ AVATAR_MAX_BYTES: '1000' });

describe('GET /user/settings', () => {
  it('answers the settings shape without secrets', async ({ alice: a }) => {
    const res = await getSettings(a.client);
    expect(res.body.data).toEqual({
      uid: a.uid,
      avatar: null,
      name: null,
      nickname: null,
      email: a.email,
      emailVerified: true,
      uiLocale: null,
      outputLocale: null,
      customerId: null,
      subscription: null,
      hasBetaAccess: true,
      preferences: { disableHoverCard: false },
      onboarding: { featureHighlights: 'not_started', tour: 'not_started', setupGuide: 'not_started' },
      authProviders: ['email'],
      createdAt: expect.any(String),
    });
  });

  it('answers 401 E0011 without a session', async ({ server }) => {
    const anon = server.client();
    for (const [method, path, body] of [
      ['GET', '/v1/user/settings', undefined],
      ['PUT', '/v1/user/settings', { nickname: 'x' }],
      ['GET', '/v1/user/checkSettingsField?field=name&value=x', undefined],
    ] as const) {
      const res = await call(anon, method, path, body);
      expect(res.status).toBe(401);
      expect(res.body.errCode).toBe('E0011');
    }
  });

  it('answers 401 when the account of a valid token is gone', async ({ server }) => {
    const gone = await buildUser(server);
    await server.server.ctx.db.delete(users).where(eq(users.uid, gone.uid));
    const res = await getSettings(gone.client);
    expect(res.status).toBe(401);
    expect(res.body.errCode).toBe('E0011');
  });
});

describe('PUT /user/settings', () => {
  it('updates the given fields only and merges preferences and onboarding', async ({ server }) => {
    const u = await buildUser(server);

    let res = await put(u.client, {
      nickname: ' Ada ',
      uiLocale: 'zh-CN',
      outputLocale: 'auto',
      preferences: { disableHoverCard: true, canvas: { showEdges: true } },
    });
    expect(res.body.data).toMatchObject({
      nickname: 'Ada',
      uiLocale: 'zh-CN',
      outputLocale: 'auto',
      preferences: { disableHoverCard: true, canvas: { showEdges: true } },
    });

    res = await put(u.client, {
      preferences: { theme: 'dark', canvas: { nodeSizeMode: 'compact' } },
      onboarding: { tour: 'completed' },
    });
    expect(res.body.data!.preferences).toEqual({
      disableHoverCard: true,
      theme: 'dark',
      canvas: { showEdges: true, nodeSizeMode: 'compact' },
    });
    expect(res.body.data!.onboarding).toEqual({
      featureHighlights: 'not_started',
      tour: 'completed',
      setupGuide: 'not_started',
    });

    res = await put(u.client, { onboarding: { featureHighlights: 'skipped' } });
    expect(res.body.data!.onboarding).toEqual({
      featureHighlights: 'skipped',
      tour: 'completed',
      setupGuide: 'not_started',
    });
    expect(res.body.data).toMatchObject({ nickname: 'Ada', uiLocale: 'zh-CN' });

    // an empty update changes nothing and answers the settings
    expect((await put(u.client, {})).body.data).toEqual((await getSettings(u.client)).body.data);
  });

  it('applies the username rules', async ({ server }) => {
    const u = await buildUser(server);
    expect((await put(u.client, { name: 'ada_lovelace_1815' })).body.data!.name).toBe('ada_lovelace_1815');
    expect((await put(u.client, { name: 'ada_lovelace_1815' })).body.success).toBe(true);
    expect((await put(u.client, { name: 'x'.repeat(30) })).body.success).toBe(true);

    const tooLong = await put(u.client, { name: 'x'.repeat(31) });
    expect(tooLong.body).toMatchObject({ errCode: 'E0003', errMsg: expect.stringContaining('at most 30') });
    for (const bad of ['has space', 'dash-name', 'émile', 'semi;colon', '']) {
      const res = await put(u.client, { name: bad });
      expect(res.body.errCode, bad).toBe('E0003');
    }
    const other = await buildUser(server);
    await put(other.client, { name: 'TakenName' });
    for (const taken of ['TakenName', 'takenname', 'TAKENNAME']) {
      const res = await put(u.client, { name: taken });
      expect(res.body).toMatchObject({ success: false, errCode: 'E0003', errMsg: 'The username is taken' });
    }
    // the owner may change the case of their own name
    expect((await put(other.client, { name: 'takenNAME' })).body.data!.name).toBe('takenNAME');
  });

  it('gives a free username to exactly one of two users asking at once', async ({ server }) => {
    const [x, y] = await Promise.all([buildUser(server), buildUser(server)]);
    const results = await Promise.all([
      put(x.client, { name: 'same_time' }),
      put(y.client, { name: 'SAME_TIME' }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.find((r) => !r.body.success)?.body).toMatchObject({
      errCode: 'E0003',
      errMsg: 'The username is taken',
    });
  });

  it('sets an avatar from an own image file only', async ({ server }) => {
    const u = await buildUser(server);
    const png = await storedFile(u, 'image/png', 500);
    const res = await put(u.client, { avatarStorageKey: png });
    expect(res.body.data!.avatar).toBe(
      `${server.server.ctx.config.fileBaseUrl}/v1/misc/static/${encodeURIComponent(png)}`,
    );

    const text = await storedFile(u, 'text/plain', 10);
    expect((await put(u.client, { avatarStorageKey: text })).body.errCode).toBe('E0003');
    const svg = await storedFile(u, 'image/svg+xml', 10);
    expect((await put(u.client, { avatarStorageKey: svg })).body.errCode).toBe('E0003');
    const big = await storedFile(u, 'image/jpeg', 1001);
    expect((await put(u.client, { avatarStorageKey: big })).body).toMatchObject({
      errCode: 'E0003',
      errMsg: expect.stringContaining('cannot exceed'),
    });
    expect((await put(u.client, { avatarStorageKey: 'no/such/key' })).body.errCode).toBe('E1012');
    expect((await getSettings(u.client)).body.data!.avatar).toContain(encodeURIComponent(png));

    expect((await put(u.client, { avatarStorageKey: null })).body.data!.avatar).toBeNull();
  });

  it('takes an uploaded image as avatar and lets others see it', async ({ server, bob: b }) => {
    const u = await buildUser(server);
    // a 1×1 PNG through the real upload route
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = (await (
      await u.client.fetch('/v1/misc/upload', { method: 'POST', body: form })
    ).json()) as Wrapper<{ storageKey: string; url: string }>;
    expect(uploaded.success).toBe(true);
    const { storageKey, url } = uploaded.data!;
    const path = new URL(url, server.url).pathname;
    // private until it is an avatar: B gets the not-found answer, not the bytes
    const hidden = await b.client.fetch(path);
    expect(hidden.headers.get('content-type')).toContain('application/json');
    expect(((await hidden.json()) as Wrapper).errCode).toBe('E1012');

    const res = await put(u.client, { avatarStorageKey: storageKey });
    expect(res.body.data!.avatar).toBe(url);
    const seenByB = await b.client.fetch(path);
    expect(seenByB.status).toBe(200);
    expect(seenByB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await seenByB.arrayBuffer())).toEqual(png);
  });

  it('rejects bad input with E0003 or E2005, never 500', async ({ alice: a }) => {
    const cases: unknown[] = [
      '{"nickname": ',
      '[]',
      '"text"',
      { unknownField: 1 },
      { nickname: 42 },
      { nickname: '' },
      { nickname: 'n'.repeat(65) },
      { uiLocale: 'fr' },
      { outputLocale: 'x'.repeat(17) },
      { preferences: { operationMode: 'keyboard' } },
      { preferences: 'dark' },
      { onboarding: { tour: 'maybe' } },
      { avatarStorageKey: 7 },
      { avatarStorageKey: 'k'.repeat(257) },
      { name: ['a'] },
    ];
    for (const body of cases) {
      const res = await put(a.client, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.errCode, JSON.stringify(body)).toBe('E0003');
    }
    const huge = await put(a.client, { nickname: 'x'.repeat(120_000) });
    expect(huge.body.errCode).toBe('E2005');
    const bigButUnder = await put(a.client, { preferences: { canvas: { k: 'v'.repeat(90_000) } } });
    expect(bigButUnder.body.errCode).toBe('E0003');
  });
});

describe('GET /user/checkSettingsField', () => {
  it('reports availability of usernames and emails', async ({ server }) => {
    const u = await buildUser(server);
    const other = await buildUser(server);
    await put(u.client, { name: 'checker_one' });
    await put(other.client, { name: 'checker_two' });

    expect((await check(u.client, 'name', 'checker_one')).body.data).toEqual({
      field: 'name',
      value: 'checker_one',
      available: true,
    });
    expect((await check(u.client, 'name', 'Checker_Two')).body.data).toMatchObject({ available: false });
    expect((await check(u.client, 'name', 'free_name_42')).body.data).toMatchObject({ available: true });
    const bad = await check(u.client, 'name', 'bad name!');
    expect(bad.body.data).toMatchObject({
      available: false,
      error: expect.stringContaining('letters, numbers and underscores'),
    });
    expect((await check(u.client, 'name', 'y'.repeat(31))).body.data!.error).toContain('at most 30');

    expect((await check(u.client, 'email', u.email.toUpperCase())).body.data).toMatchObject({
      available: true,
    });
    expect((await check(u.client, 'email', other.email)).body.data).toMatchObject({ available: false });
    expect((await check(u.client, 'email', uniqueEmail('free'))).body.data).toMatchObject({
      available: true,
    });
    expect((await check(u.client, 'email', 'nope')).body.data).toMatchObject({
      available: false,
      error: 'Please enter a valid email address',
    });
  });

  it('rejects a bad query with E0003', async ({ alice: a }) => {
    for (const q of [
      '',
      '?field=name',
      '?field=phone&value=1',
      `?field=name&value=${'a'.repeat(255)}`,
      '?field=name&value=',
    ]) {
      const res = await call(a.client, 'GET', `/v1/user/checkSettingsField${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body.errCode, q).toBe('E0003');
    }
  });
});

describe('isolation between users', () => {
  it("lets B's requests touch only B", async ({ server, alice: a, bob: b }) => {
    await put(a.client, { name: 'alice_a', nickname: 'Alice', preferences: { theme: 'light' } });
    const aAvatar = await storedFile(a, 'image/png', 100);
    await put(a.client, { avatarStorageKey: aAvatar });
    const aBefore = (await getSettings(a.client)).body.data!;

    // B's own settings are B's, whatever B sends
    const bSettings = await put(b.client, { nickname: 'Bob', preferences: { theme: 'dark' } });
    expect(bSettings.body.data).toMatchObject({ uid: b.uid, nickname: 'Bob' });
    expect((await put(b.client, { uid: a.uid, nickname: 'x' } as unknown)).body.errCode).toBe('E0003');

    // B cannot take A's username, nor A's file as avatar (answered as if it did not exist)
    expect((await put(b.client, { name: 'alice_a' })).body.errMsg).toBe('The username is taken');
    expect((await put(b.client, { name: 'ALICE_A' })).body.errMsg).toBe('The username is taken');
    expect((await put(b.client, { avatarStorageKey: aAvatar })).body.errCode).toBe('E1012');

    // A is unchanged, seen by A and by a fresh login of A
    expect((await getSettings(a.client)).body.data).toEqual(aBefore);
    const aAgain = await loginAs(server, a.email, a.password);
    expect((await getSettings(aAgain)).body.data).toEqual(aBefore);
    expect((await getSettings(b.client)).body.data).toMatchObject({ uid: b.uid, avatar: null, name: null });
  });
});

describe('secrets', () => {
  it('never answers a password hash', () => {
    expect(seen.length).toBeGreaterThan(30);
    for (const body of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/passwordHash|password_hash/);
    }
  });
});
