/**
 * Acknowledged collaborative edits survive a restart: a clean shutdown within the store debounce
 * flushes the document (checked in the database itself, before the next start), and a server
 * killed with SIGKILL right after the acknowledgement still has the edit (it was logged before
 * the server acknowledged it). Runs on PGlite and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { spawnServer, type ChildServer } from './helpers/child-server.js';
import { openCollab } from './helpers/collab-client.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { createTestClient, type TestClient } from './helpers/http.js';

const env = {
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  EMAIL_VERIFICATION: 'false',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  RATE_LIMIT_PER_IP: '100000',
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
});

async function fixture(): Promise<{
  dataDir: string;
  database: TestDatabase;
  dbEnv: Record<string, string>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-collab-'));
  const database = await createTestDatabase(undefined, dataDir);
  cleanups.push(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, database, dbEnv: database.url ? { DATABASE_URL: database.url } : {} };
}

async function signUp(client: TestClient, email: string): Promise<void> {
  await client.api.call('auth.email.signup', { body: { email, password: 'correct horse battery' } });
}

/** Runs SQL against the stopped server's database (PGlite directory or PostgreSQL). */
async function query<T>(
  dataDir: string,
  url: string | undefined,
  text: string,
  params: unknown[],
): Promise<T[]> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pg'));
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}

describe('acknowledged collaborative edits survive a restart', () => {
  it('a clean shutdown inside the store debounce flushes the document', { timeout: 180_000 }, async () => {
    const { dataDir, database, dbEnv } = await fixture();
    const config = loadConfig({ ...env, DATA_DIR: dataDir, ...dbEnv });
    let server: RunningServer = await startServer(config);
    cleanups.push(() => server.close());
    let client = createTestClient(server.url);
    await signUp(client, 'durable@example.com');
    const doc = await client.api.call('knowledge.document.create', {
      body: { title: 'Durable', initialContent: 'first' },
    });
    const name = `doc:${doc.docId}`;

    const editor = await openCollab(client, name);
    markdownToYDoc('first\n\nacknowledged 编辑', editor.doc);
    await editor.acknowledged();
    editor.destroy();
    // Well inside the 2 s debounce: only the shutdown flush can have stored this.
    await server.close();

    const log = await query<{ n: number | string }>(
      dataDir,
      database.url,
      'select count(*) as n from collab_updates where name = $1',
      [name],
    );
    expect(Number(log[0]!.n)).toBe(0);
    const rows = await query<{ content: string }>(
      dataDir,
      database.url,
      'select content from documents where doc_id = $1',
      [doc.docId],
    );
    expect(rows[0]!.content).toBe('first\n\nacknowledged 编辑\n');
    const states = await query<{ state: Uint8Array }>(
      dataDir,
      database.url,
      'select state from collab_documents where name = $1',
      [name],
    );
    const stored = new Y.Doc();
    Y.applyUpdate(stored, new Uint8Array(states[0]!.state));
    expect(yDocToMarkdown(stored)).toBe('first\n\nacknowledged 编辑\n');

    server = await startServer(config);
    client = createTestClient(server.url);
    await client.api.call('auth.email.login', {
      body: { email: 'durable@example.com', password: 'correct horse battery' },
    });
    const detail = await client.api.call('knowledge.document.detail', { query: { docId: doc.docId } });
    expect(detail.content).toBe('first\n\nacknowledged 编辑\n');
    const reader = await openCollab(client, name);
    expect(yDocToMarkdown(reader.doc)).toBe('first\n\nacknowledged 编辑\n');
    reader.destroy();
  });

  it(
    'a server killed (SIGKILL) right after acknowledging an edit still has it',
    { timeout: 180_000 },
    async () => {
      // PGlite in a killed process recovers from its WAL; PostgreSQL keeps committed rows.
      const { dataDir, dbEnv } = await fixture();
      let child: ChildServer = await spawnServer({ ...env, DATA_DIR: dataDir, ...dbEnv });
      cleanups.push(async () => {
        if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
        await child.exited;
      });
      let client = createTestClient(child.url);
      await signUp(client, 'killed@example.com');
      const doc = await client.api.call('knowledge.document.create', { body: { title: 'Crash' } });
      const editor = await openCollab(client, `doc:${doc.docId}`);
      markdownToYDoc('written just before the crash', editor.doc);
      await editor.acknowledged();
      editor.stopReconnecting();
      child.child.kill('SIGKILL');
      await child.exited;
      editor.destroy();

      child = await spawnServer({ ...env, DATA_DIR: dataDir, ...dbEnv });
      client = createTestClient(child.url);
      await client.api.call('auth.email.login', {
        body: { email: 'killed@example.com', password: 'correct horse battery' },
      });
      const reader = await openCollab(client, `doc:${doc.docId}`);
      expect(yDocToMarkdown(reader.doc)).toBe('written just before the crash\n');
      reader.destroy();
      // The start-up recovery folds the log in and refreshes the Markdown snapshot.
      const deadline = Date.now() + 10_000;
      let content = '';
      while (Date.now() < deadline) {
        content =
          (await client.api.call('knowledge.document.detail', { query: { docId: doc.docId } })).content ?? '';
        if (content) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(content).toBe('written just before the crash\n');
    },
  );
});
