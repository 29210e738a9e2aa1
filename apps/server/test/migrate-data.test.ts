/**
 * `npm run migrate-data` (issue 13 point 7): a PGlite data directory seeded through the real
 * server (a user, a canvas, a document with its collab state, a resource with embedded chunks, a
 * share) is copied into a fresh PostgreSQL database by the real command; a server on that
 * database answers the same data through the API (sign-in, canvases, the document, library
 * search by vector); the source directory is byte for byte unchanged; a second run into the now
 * filled database is refused with a non-zero exit. Needs PostgreSQL: runs in integration-postgres
 * (`dependencyOrder` has unit tests beside the tool).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibrarySearchResult } from '@atelier/contract';
import { spawnServer, type ChildServer } from './helpers/child-server.js';
import { adminQuery, testDbKind, withDatabase } from './helpers/db.js';
import { startFakeLibraryModels, type FakeLibraryModels } from './helpers/fake-library-models.js';
import { createTestClient, type TestClient } from './helpers/http.js';
import { expectData } from './helpers/items.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const onPostgres = testDbKind() === 'postgres';

const env = {
  EMAIL_VERIFICATION: 'false',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  RATE_LIMIT_PER_IP: '100000',
};

let fake: FakeLibraryModels;
let dataDir: string;
const database = `atelier_mig_${randomBytes(5).toString('hex')}`;
const children: ChildServer[] = [];

async function stop(server: ChildServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** sha256 of every file under `dir` (names and contents). */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else hash.update(p).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Runs `npm run migrate-data -- …` from the repository root; answers its exit code and output. */
function migrateData(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'migrate-data', '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => void (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => void (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.runIf(onPostgres)('migrate-data: PGlite data directory → PostgreSQL', () => {
  const email = `migrate-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  let canvasId: string;
  let docId: string;
  let resourceId: string;

  beforeAll(async () => {
    fake = await startFakeLibraryModels();
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-migrate-src-'));
    await adminQuery(`CREATE DATABASE ${database}`);
  });

  afterAll(async () => {
    for (const c of children.splice(0)) await stop(c);
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds a PGlite data directory through the server', async () => {
    const source = await spawnServer({ ...env, DATA_DIR: dataDir });
    children.push(source);
    const alice = createTestClient(source.url);
    expectData(await alice.post('/v1/auth/email/signup', { email, password }));
    const { providerId } = expectData(
      await alice.post<{ providerId: string }>('/v1/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Fake models',
        categories: ['llm', 'embedding'],
        baseUrl: `${fake.url}/v1`,
      }),
    );
    expectData(
      await alice.post('/v1/provider/item/create', {
        providerId,
        name: 'fake-embed',
        category: 'embedding',
        config: { modelId: 'fake-embed', modelName: 'Fake embed', dimensions: 16 },
      }),
    );
    canvasId = expectData(
      await alice.post<{ canvasId: string }>('/v1/canvas/create', { title: 'Moved canvas' }),
    ).canvasId;
    docId = expectData(
      await alice.post<{ docId: string }>('/v1/knowledge/document/create', {
        title: 'Moved document',
        initialContent: '# Field notes\n\nBasalt flows from shield volcanoes.',
      }),
    ).docId;
    resourceId = expectData(
      await alice.post<{ resourceId: string }>('/v1/knowledge/resource/create', {
        title: 'Household notes',
        resourceType: 'text',
        content: 'Our kittens purr on the sofa and chase whiskers.',
      }),
    ).resourceId;
    expectData(await alice.post('/v1/share/new', { entityType: 'document', entityId: docId }));
    // a shared canvas holding the document: its share has a child share (parent_share_id)
    const file = {
      format: 'atelier-canvas',
      version: 2,
      title: 'Shared board',
      nodes: [
        {
          id: 'n1',
          type: 'document',
          position: { x: 0, y: 0 },
          data: { title: 'Moved document', entityId: docId },
        },
      ],
      edges: [],
    };
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'board.json');
    const imported = (await (
      await alice.fetch('/v1/canvas/import', { method: 'POST', body: form })
    ).json()) as {
      data: { canvasId: string };
    };
    expectData(await alice.post('/v1/share/new', { entityType: 'canvas', entityId: imported.data.canvasId }));
    // indexed with embeddings: vector search finds it on the source already
    await waitForVectorHit(alice, resourceId);
    await stop(source);
  });

  it('copies it into an empty PostgreSQL database, verifies the counts, leaves the source alone', async () => {
    const before = fingerprint(dataDir);
    // batches of 2 rows: several fetches of one cursor per table
    const run = await migrateData(['--to', withDatabase(database), '--from', dataDir, '--batch-size', '2']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('counts verified');
    // every table is listed with its count; these hold the seeded rows
    for (const table of [
      'users',
      'canvases',
      'documents',
      'collab_documents',
      'resources',
      'library_chunks',
      'shares',
    ]) {
      expect(run.out).toMatch(new RegExp(`^${table}\\s+[1-9]`, 'm'));
    }
    expect(run.out).toContain('Stored files were not copied');
    expect(fingerprint(dataDir)).toBe(before);
    // shares reference their parent share: the second pass filled that column
    const target = new pg.Client({ connectionString: withDatabase(database) });
    await target.connect();
    try {
      const { rows } = await target.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shares WHERE parent_share_id IS NOT NULL',
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await target.end();
    }
  });

  it('serves the same data from PostgreSQL', async () => {
    const server = await spawnServer({ ...env, DATA_DIR: dataDir, DATABASE_URL: withDatabase(database) });
    children.push(server);
    const alice = createTestClient(server.url);
    expectData(await alice.post('/v1/auth/email/login', { email, password }));
    const canvases = expectData(
      await alice.get<Array<{ canvasId: string; title: string }>>('/v1/canvas/list'),
    );
    expect(canvases.map((c) => [c.canvasId, c.title])).toContainEqual([canvasId, 'Moved canvas']);
    const doc = expectData(
      await alice.get<{ title: string; content?: string }>('/v1/knowledge/document/detail', { docId }),
    );
    expect(doc.title).toBe('Moved document');
    expect(doc.content).toContain('Basalt flows from shield volcanoes.');
    await waitForVectorHit(alice, resourceId);
    // new rows get fresh ids after the copied ones (sequences were set)
    expectData(
      await alice.post('/v1/knowledge/resource/create', {
        title: 'After the move',
        resourceType: 'text',
        content: 'The diesel engine of the truck.',
      }),
    );
    // another account cannot read alice's document on the new database either
    const bob = createTestClient(server.url);
    expectData(await bob.post('/v1/auth/email/signup', { email: `b-${email}`, password: `${password}-b` }));
    const denied = await bob.get('/v1/knowledge/document/detail', { docId });
    expect(denied.body.success).toBe(false);
    await stop(server);
  });

  it('refuses a target that is not empty, with a non-zero exit', async () => {
    const run = await migrateData(['--to', withDatabase(database), '--from', dataDir]);
    expect(run.code, run.out).not.toBe(0);
    expect(run.out).toContain('The target database is not empty');
  });
});

/** Vector search (no shared words with the text) finds the resource once its chunks are embedded. */
async function waitForVectorHit(client: TestClient, id: string): Promise<void> {
  const { vi } = await import('vitest');
  await vi.waitFor(
    async () => {
      const hits = expectData(
        await client.post<LibrarySearchResult[]>('/v1/search', {
          query: 'feline pet',
          mode: 'vector',
          domains: ['resource'],
        }),
      );
      expect(hits[0]?.id).toBe(id);
    },
    { timeout: 60_000, interval: 200 },
  );
}
