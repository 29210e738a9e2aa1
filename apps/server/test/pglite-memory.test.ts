/**
 * Embedded PGlite runs with the configured buffer cache (PGLITE_SHARED_BUFFERS), which is what
 * keeps an idle server's memory down; PostgreSQL's own default (128MB) is not used.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from './helpers/db.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe.skipIf(testDbKind() !== 'pglite')('PGlite memory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PGLITE_SHARED_BUFFERS: '24MB' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts PGlite with PGLITE_SHARED_BUFFERS', async () => {
    const result = (await server.server.ctx.db.execute(sql`SHOW shared_buffers`)) as unknown as {
      rows: Array<{ shared_buffers: string }>;
    };
    expect(result.rows[0]?.shared_buffers).toBe('24MB');
  });
});
