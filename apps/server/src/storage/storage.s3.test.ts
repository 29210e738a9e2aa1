import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/helpers/fake-s3.js';
import { ObjectNotFoundError } from '../context.js';
import { S3Storage } from './storage.s3.js';
import { InvalidStorageKeyError } from './storage.keys.js';

let s3: FakeS3;
let storage: S3Storage;

// S3Storage.open loads the SDK on first use; load it with the test file, not inside a hook's time.
await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = await S3Storage.open({
    bucket: 'atelier-test',
    region: 'eu-central-1',
    endpoint: s3.endpoint,
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret-test',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await storage.close();
  await s3.close();
});
beforeEach(() => {
  s3.requests.length = 0;
});

describe('S3Storage against a fake S3 server', () => {
  it('PUTs a buffer path-style, signed for the configured region and keys', async () => {
    const info = await storage.put('f-abc.png', Buffer.from('png-bytes'), { contentType: 'image/png' });
    expect(info).toEqual({ size: 9, contentType: 'image/png' });
    const [put] = s3.requests;
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe('/atelier-test/f-abc.png');
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers['content-length']).toBe('9');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    expect(s3.objects.get('/atelier-test/f-abc.png')?.body.toString()).toBe('png-bytes');
  });

  it('GETs the object back as a stream and HEADs its size and type', async () => {
    await storage.put('dir/f-1.txt', Buffer.from('hello s3'), { contentType: 'text/plain' });
    expect(await text(await storage.get('dir/f-1.txt'))).toBe('hello s3');
    expect(await storage.stat('dir/f-1.txt')).toEqual({ size: 8, contentType: 'text/plain' });
    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /atelier-test/dir/f-1.txt',
      'GET /atelier-test/dir/f-1.txt',
      'HEAD /atelier-test/dir/f-1.txt',
    ]);
  });

  it('maps a missing object to ObjectNotFoundError on get and null on stat', async () => {
    await expect(storage.get('f-none')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.stat('f-none')).toBeNull();
  });

  it('DELETEs an object', async () => {
    await storage.put('f-del', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('f-del');
    expect(s3.requests.at(-1)?.method).toBe('DELETE');
    expect(s3.objects.has('/atelier-test/f-del')).toBe(false);
  });

  it('uploads a small stream in one PUT', async () => {
    const info = await storage.put('f-stream', Readable.from([Buffer.from('a'), Buffer.from('b')]), {
      contentType: 'text/plain',
    });
    expect(info.size).toBe(2);
    expect(s3.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('uploads a large stream as a multipart upload', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    const chunks = Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) =>
      big.subarray(i * 65536, (i + 1) * 65536),
    );
    const info = await storage.put('f-big.bin', Readable.from(chunks), {
      contentType: 'application/octet-stream',
    });
    expect(info.size).toBe(big.length);
    expect(s3.requests.some((r) => r.method === 'POST' && r.query.has('uploads'))).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'PUT' && r.query.has('partNumber')).length).toBe(2);
    expect((await buffer(await storage.get('f-big.bin'))).equals(big)).toBe(true);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.put('../x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    expect(s3.requests).toHaveLength(0);
  });

  it('uses virtual-host style when forcePathStyle is off', async () => {
    const vhost = await S3Storage.open({
      bucket: 'bkt',
      region: 'us-east-1',
      endpoint: 'http://s3.example.test:9000',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: false,
    });
    // An IP endpoint is always path-style, so a name is used and the request is stopped before it leaves.
    const seen: string[] = [];
    vhost.client.middlewareStack.add(
      (_next) => async (args) => {
        const request = args.request as { hostname?: string; path?: string };
        seen.push(`${request.hostname}${request.path}`);
        throw new Error('stop');
      },
      { step: 'finalizeRequest', name: 'captureUrl' },
    );
    await expect(vhost.stat('f-1')).rejects.toThrow('stop');
    expect(seen[0]).toBe('bkt.s3.example.test/f-1');
    await vhost.close();
  });
});
