/**
 * vitest fixtures for integration files — THE way a server test sets up: `serverTest(env)` gives
 * an `it` whose tests receive `{ server, alice, bob }`, one server and two signed-in users per
 * file (scope 'file'), started on first use and closed when the file ends.
 *
 *   const it = serverTest({ PROJECT_COVER_MAX_BYTES: '2048' });
 *   it('…', async ({ alice, bob }) => { … });
 *
 * `env` may be a function, read when the server starts (after the file's `beforeAll` hooks), for
 * values known only then (a fake server's URL). `options.setup` runs once per file after the
 * users exist (data every test of the file reads); it may answer a cleanup.
 */
import { test } from 'vitest';
import { buildUser, type BuiltUser } from './factories.js';
import { startFakeModelServer, type FakeModelServer } from './fake-model-server.js';
import { startTestServer, type TestServer } from './server.js';
import { buildUserWithModel, type ModelUser } from './skill-run.js';

export interface ServerFixtures {
  server: TestServer;
  /** A signed-up, signed-in user of `server`. */
  alice: BuiltUser;
  /** A second user, for "someone else's things" checks. */
  bob: BuiltUser;
}

export type ServerEnv = Record<string, string> | (() => Record<string, string>);

export interface ServerTestOptions {
  /** Once per file, before its first test: shared data. May answer a cleanup run when the file ends. */
  setup?: (fixtures: ServerFixtures) => Promise<void | (() => Promise<void> | void)>;
}

/** Starts the file's server, hands it to the tests, closes it when the file ends. */
async function runServer(env: ServerEnv, use: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(typeof env === 'function' ? env() : env);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

/** Runs a file's `setup` (when given) before its first test and its cleanup after the last. */
async function runSetup<F>(
  setup: ((fixtures: F) => Promise<void | (() => Promise<void> | void)>) | undefined,
  fixtures: F,
  use: () => Promise<void>,
): Promise<void> {
  const cleanup = setup ? await setup(fixtures) : undefined;
  try {
    await use();
  } finally {
    await cleanup?.();
  }
}

export function serverTest(env: ServerEnv = {}, options: ServerTestOptions = {}) {
  const { setup } = options;
  return test.extend<ServerFixtures & { fileSetup: void }>({
    // vitest reads the fixtures a function needs from its destructured first parameter
    // eslint-disable-next-line no-empty-pattern
    server: [async ({}, use) => runServer(env, use), { scope: 'file' }],
    alice: [async ({ server }, use) => use(await buildUser(server)), { scope: 'file' }],
    bob: [async ({ server }, use) => use(await buildUser(server)), { scope: 'file' }],
    // runs only when the file has a setup (auto): then before its first test
    fileSetup: [
      async ({ server, alice, bob }, use) => runSetup(setup, { server, alice, bob }, use),
      { scope: 'file', auto: setup !== undefined },
    ],
  });
}

export interface SkillFixtures {
  server: TestServer;
  /** The fake model provider (OpenAI-compatible) the users' models point at; tests set its `reply`. */
  fake: FakeModelServer;
  /** A signed-in user with one enabled chat model (`fake-chat`, tier t2) on `fake`. */
  alice: ModelUser;
  /** A second user with a model of their own. */
  bob: ModelUser;
}

export interface SkillTestOptions {
  setup?: (fixtures: SkillFixtures) => Promise<void | (() => Promise<void> | void)>;
}

/**
 * The fixture for skill runs: `serverTest`'s `{ server, alice, bob }` plus `fake`, a fake model
 * server started once per file, with alice and bob each owning a chat model on it. The server
 * runs with short skill timeouts (idle 1.5 s, no model retries, abort poll 100 ms); `env` adds
 * to them. A user without a model is `buildUser(server)`.
 *
 *   const it = skillTest();
 *   it('…', async ({ alice, fake }) => { fake.reply = 'Hi'; await streamSkill(alice.client, …); });
 */
export function skillTest(env: ServerEnv = {}, options: SkillTestOptions = {}) {
  const { setup } = options;
  const skillEnv = () => ({
    SKILL_IDLE_TIMEOUT: '1500ms',
    SKILL_MODEL_RETRIES: '0',
    SKILL_ABORT_POLL: '100ms',
    ...(typeof env === 'function' ? env() : env),
  });
  return test.extend<SkillFixtures & { fileSetup: void }>({
    fake: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const fake = await startFakeModelServer();
        try {
          await use(fake);
        } finally {
          await fake.close();
        }
      },
      { scope: 'file' },
    ],
    // eslint-disable-next-line no-empty-pattern
    server: [async ({}, use) => runServer(skillEnv, use), { scope: 'file' }],
    alice: [async ({ server, fake }, use) => use(await buildUserWithModel(server, fake)), { scope: 'file' }],
    bob: [async ({ server, fake }, use) => use(await buildUserWithModel(server, fake)), { scope: 'file' }],
    fileSetup: [
      async ({ server, fake, alice, bob }, use) => runSetup(setup, { server, fake, alice, bob }, use),
      { scope: 'file', auto: setup !== undefined },
    ],
  });
}
