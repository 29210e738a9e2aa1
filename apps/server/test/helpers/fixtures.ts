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
import { startTestServer, type TestServer } from './server.js';

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

export function serverTest(env: ServerEnv = {}, options: ServerTestOptions = {}) {
  const { setup } = options;
  return test.extend<ServerFixtures & { fileSetup: void }>({
    server: [
      // vitest reads the fixtures a function needs from its destructured first parameter
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startTestServer(typeof env === 'function' ? env() : env);
        try {
          await use(server);
        } finally {
          await server.close();
        }
      },
      { scope: 'file' },
    ],
    alice: [async ({ server }, use) => use(await buildUser(server)), { scope: 'file' }],
    bob: [async ({ server }, use) => use(await buildUser(server)), { scope: 'file' }],
    // runs only when the file has a setup (auto): then before its first test
    fileSetup: [
      async ({ server, alice, bob }, use) => {
        const cleanup = setup ? await setup({ server, alice, bob }) : undefined;
        try {
          await use();
        } finally {
          await cleanup?.();
        }
      },
      { scope: 'file', auto: setup !== undefined },
    ],
  });
}
