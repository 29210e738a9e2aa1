/**
 * The upload suite (POST /misc/upload, GET /misc/static/:key) as one function, so it runs against
 * each storage driver: upload.test.ts (file system) and upload-s3.test.ts (a fake S3), each file
 * with its own server from `serverTest`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { buildDocument } from './factories.js';
import type { serverTest } from './fixtures.js';
import type { TestClient, Wrapped } from './http.js';

interface UploadData {
  url: string;
  storageKey: string;
}

function form(
  file: { body: BlobPart; name: string; type?: string } | null,
  fields: Record<string, string> = {},
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([file.body], file.type ? { type: file.type } : {}), file.name);
  return fd;
}

async function upload(client: TestClient, body: FormData): Promise<Wrapped<UploadData>> {
  const res = await client.fetch('/v1/misc/upload', { method: 'POST', body });
  return (await res.json()) as Wrapped<UploadData>;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** The upload tests, run by upload.test.ts (file storage) and upload-s3.test.ts (S3). */
export function describeUploads(label: string, it: ReturnType<typeof serverTest>) {
  describe(`uploads (${label} storage)`, () => {
    it('stores a file and answers a readable key and its URL', async ({ server, alice }) => {
      const res = await upload(
        alice.client,
        form({ body: PNG, name: 'photo.png', type: 'image/png' }, { visibility: 'public' }),
      );
      expect(res.success).toBe(true);
      expect(res.data!.storageKey).toMatch(/^f-[a-z2-7]{20}\.png$/);
      expect(res.data!.url).toBe(
        `${server.server.ctx.config.fileBaseUrl}/v1/misc/static/${res.data!.storageKey}`,
      );
      const got = await server.client().fetch(`/v1/misc/static/${res.data!.storageKey}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="photo.png"/);
      expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
      // public files may be embedded by other origins
      expect(got.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const head = await server.client().fetch(`/v1/misc/static/${res.data!.storageKey}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('image/png');
    });

    it('answers E1012 for names that try to leave the storage root', async ({ alice }) => {
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', '.tmp%2Fx', 'a%5C..%5Cb']) {
        const res = await alice.client.fetch(`/v1/misc/static/${name}`);
        expect(((await res.json()) as Wrapped).errCode, name).toBe('E1012');
      }
      const nul = (await (await alice.client.fetch('/v1/misc/static/f-x%00.txt')).json()) as Wrapped;
      expect(nul.errCode).toBe('E0003');
    });

    it('keeps files private by default: the owner reads, others and anonymous get E1012 (not 401)', async ({
      server,
      alice,
      bob,
    }) => {
      const res = await upload(
        alice.client,
        form({ body: 'secret notes', name: 'notes.txt', type: 'text/plain' }),
      );
      const path = `/v1/misc/static/${res.data!.storageKey}`;
      const own = await alice.client.fetch(path);
      expect(own.status).toBe(200);
      expect(await own.text()).toBe('secret notes');
      expect(own.headers.get('cache-control')).toContain('private');
      for (const other of [bob.client, server.client()]) {
        const denied = await other.fetch(path);
        expect(denied.status).toBe(200);
        const body = (await denied.json()) as Wrapped;
        expect(body).toMatchObject({ success: false, errCode: 'E1012' });
        expect(body.traceId).toEqual(expect.any(String));
      }
      // an unknown key looks exactly the same
      const missing = (await (
        await bob.client.fetch('/v1/misc/static/f-doesnotexist.txt')
      ).json()) as Wrapped;
      expect(missing.errCode).toBe('E1012');
    });

    it('answers 401 to a session token that no longer holds, so the app refreshes and asks again', async ({
      server,
      alice,
    }) => {
      const secret = await upload(alice.client, form({ body: PNG, name: 'cover.png', type: 'image/png' }));
      const shared = await upload(
        alice.client,
        form({ body: PNG, name: 'open.png', type: 'image/png' }, { visibility: 'public' }),
      );
      const stale = server.client();
      stale.jar.set('atelier_access', `${alice.client.jar.get('atelier_access')!.slice(0, -4)}AAAA`);
      for (const key of [secret.data!.storageKey, 'f-doesnotexist.png']) {
        const res = await stale.fetch(`/v1/misc/static/${key}`);
        expect(res.status).toBe(401);
        expect(((await res.json()) as Wrapped).errCode).toBe('E0011');
      }
      // a public file is served whatever the token; the owner's valid session reads the private one
      expect((await stale.fetch(`/v1/misc/static/${shared.data!.storageKey}`)).status).toBe(200);
      const own = await alice.client.fetch(`/v1/misc/static/${secret.data!.storageKey}`);
      expect(own.headers.get('content-type')).toBe('image/png');
    });

    it('serves types a browser would run as application/octet-stream attachments', async ({
      server,
      alice,
    }) => {
      for (const [name, type] of [
        ['page.html', 'text/html'],
        ['logo.svg', 'image/svg+xml'],
        ['x.js', 'text/javascript'],
      ] as const) {
        const res = await upload(
          alice.client,
          form({ body: '<script>alert(1)</script>', name, type }, { visibility: 'public' }),
        );
        const got = await server.client().fetch(`/v1/misc/static/${res.data!.storageKey}`);
        expect(got.headers.get('content-type'), type).toBe('application/octet-stream');
        expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
        expect(got.headers.get('content-security-policy')).toContain('sandbox');
        expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('replaces a file under the same key, for its owner only', async ({ server, alice, bob }) => {
      const first = await upload(
        alice.client,
        form({ body: 'v1', name: 'a.txt', type: 'text/plain' }, { visibility: 'public' }),
      );
      const key = first.data!.storageKey;
      const replaced = await upload(
        alice.client,
        form({ body: 'version two', name: 'b.txt', type: 'text/plain' }, { storageKey: key }),
      );
      expect(replaced).toMatchObject({ success: true, data: { storageKey: key } });
      // visibility was not sent, so the file stays public
      const got = await server.client().fetch(`/v1/misc/static/${key}`);
      expect(await got.text()).toBe('version two');
      const stolen = await upload(
        bob.client,
        form({ body: 'mine now', name: 'c.txt', type: 'text/plain' }, { storageKey: key }),
      );
      expect(stolen).toMatchObject({ success: false, errCode: 'E1012' });
      expect(await (await server.client().fetch(`/v1/misc/static/${key}`)).text()).toBe('version two');
      const unknown = await upload(
        alice.client,
        form({ body: 'x', name: 'c.txt' }, { storageKey: 'f-nope.txt' }),
      );
      expect(unknown.errCode).toBe('E1012');
    });

    it('refuses a file over UPLOAD_MAX_BYTES with E0003 and leaves nothing behind', async ({
      server,
      alice,
    }) => {
      const res = await upload(alice.client, form({ body: Buffer.alloc(5000, 1), name: 'big.bin' }));
      expect(res).toMatchObject({
        success: false,
        errCode: 'E0003',
        errMsg: 'File size cannot exceed the limit',
      });
      expect(readdirSync(join(server.dataDir, 'tmp', 'uploads'))).toEqual([]);
    });

    it('validates the fields and the file part', async ({ alice }) => {
      const cases: Array<[FormData, RegExp]> = [
        [form({ body: 'x', name: 'a.txt' }, { visibility: 'everyone' }), /^visibility:/],
        [form({ body: 'x', name: 'a.txt' }, { entityType: 'spaceship' }), /^entityType:/],
        [form(null, { visibility: 'public' }), /^file:/],
      ];
      for (const [body, message] of cases) {
        const res = await upload(alice.client, body);
        expect(res.errCode).toBe('E0003');
        expect(res.errMsg).toMatch(message);
      }
      const two = form({ body: 'x', name: 'a.txt' });
      two.append('file', new Blob(['y']), 'b.txt');
      expect((await upload(alice.client, two)).errCode).toBe('E0003');
      const other = new FormData();
      other.append('document', new Blob(['y']), 'b.txt');
      expect((await upload(alice.client, other)).errMsg).toMatch(/named 'file'/);
      const nul = await upload(
        alice.client,
        form({ body: 'x', name: 'a\u0000b.txt' }, { entityId: 'd-\u00001' }),
      );
      expect(nul).toMatchObject({ errCode: 'E0003', errMsg: 'entityId: must not contain a NUL character' });
      const nulName = await upload(alice.client, form({ body: 'x', name: 'a\u0000b.txt' }));
      expect(nulName).toMatchObject({ errCode: 'E0003', errMsg: /file name must not contain a NUL/ });
      const json = await alice.post('/v1/misc/upload', { file: 'not really' });
      expect(json.body.errCode).toBe('E0003');
    });

    it('accepts fields after the file and records entity and owner', async ({ server, alice, bob }) => {
      const { docId } = await buildDocument(alice, { title: 'On a document' });
      const fd = new FormData();
      fd.append('file', new Blob(['hello']), 'hello.md');
      fd.append('entityType', 'document');
      fd.append('entityId', docId);
      const res = await upload(alice.client, fd);
      expect(res.success).toBe(true);
      expect(res.data!.storageKey).toMatch(/\.md$/);
      const service = (await import('../../src/modules/upload/upload.service.js')).createUploadService(
        server.server.ctx,
      );
      const file = await service.readOwnedFile(alice.uid, res.data!.storageKey);
      expect(file).toMatchObject({
        entityType: 'document',
        entityId: docId,
        size: 5,
        visibility: 'private',
      });
      expect(file.contentType).toBe('text/markdown');
      await expect(service.readOwnedFile(bob.uid, res.data!.storageKey)).rejects.toMatchObject({
        code: 'E1012',
      });
    });

    it('needs a session to upload', async ({ server }) => {
      const res = await server
        .client()
        .fetch('/v1/misc/upload', { method: 'POST', body: form({ body: 'x', name: 'a.txt' }) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as Wrapped).errCode).toBe('E0011');
    });

    it('answers 304 to a matching If-None-Match', async ({ server, alice }) => {
      const res = await upload(
        alice.client,
        form({ body: PNG, name: 'p.png', type: 'image/png' }, { visibility: 'public' }),
      );
      const path = `/v1/misc/static/${res.data!.storageKey}`;
      const first = await server.client().fetch(path);
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      const again = await server.client().fetch(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });
  });
}
