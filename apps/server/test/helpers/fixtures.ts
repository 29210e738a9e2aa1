/**
 * vitest fixtures for integration files: `serverTest(env)` gives an `it` whose tests receive
 * `{ server, alice, bob }`, one server and two signed-in users per file (scope 'file'), started
 * on first use and closed when the file ends. Replaces the beforeAll/afterAll pair each file had.
 *
 *   const it = serverTest({ PROJECT_COVER_MAX_BYTES: '2048' });
 *   it('…', async ({ alice, bob }) => { … });
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

export function serverTest(env: Record<string, string> = {}) {
  return test.extend<ServerFixtures>({
    server: [
      // vitest reads the fixtures a function needs from its destructured first parameter
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startTestServer(env);
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
  });
}
