/**
 * Uploads on the S3 storage driver against a fake S3 on 127.0.0.1 (the suite is
 * helpers/upload-suite.ts, also run on the file system by upload.test.ts), and the objects it
 * leaves in the bucket.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3.js';
import { serverTest } from './helpers/fixtures.js';
import { describeUploads } from './helpers/upload-suite.js';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
});

// read when the server starts, after beforeAll has started the fake S3
const it = serverTest(() => ({
  UPLOAD_MAX_BYTES: '4096',
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: 'uploads',
  S3_ACCESS_KEY_ID: 'test',
  S3_SECRET_ACCESS_KEY: 'test-secret',
}));

describeUploads('S3', it);

describe('uploads land in S3', () => {
  it('the object is in the bucket with its content type', () => {
    const stored = [...s3.objects.entries()].filter(([k]) => k.startsWith('/uploads/f-'));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some(([, o]) => o.contentType === 'image/png')).toBe(true);
  });
});
