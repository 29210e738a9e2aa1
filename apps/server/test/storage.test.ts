/** createStorage from configuration: files under DATA_DIR/files by default, S3 from the S3_* variables. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createStorage } from '../src/storage/index.js';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3.js';

let dataDir: string;
let s3: FakeS3;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-storage-'));
  s3 = await startFakeS3();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await s3.close();
});

describe('createStorage', () => {
  it('defaults to the local filesystem under DATA_DIR/files', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
    expect(storage.driver).toBe('fs');
    await storage.put('f-config.txt', Buffer.from('on disk'), { contentType: 'text/plain' });
    expect(readFileSync(join(dataDir, 'files', 'f-config.txt'), 'utf8')).toBe('on disk');
    await storage.delete('f-config.txt');
    expect(existsSync(join(dataDir, 'files', 'f-config.txt'))).toBe(false);
    await storage.close();
  });

  it('uses S3 with the endpoint, bucket, region, keys and path style of the S3_* variables', async () => {
    const storage = await createStorage(
      loadConfig({
        DATA_DIR: dataDir,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'configured-bucket',
        S3_REGION: 'ap-southeast-1',
        S3_ACCESS_KEY_ID: 'CONFIGKEY',
        S3_SECRET_ACCESS_KEY: 'config-secret',
      }),
    );
    expect(storage.driver).toBe('s3');
    await storage.put('f-s3.txt', Buffer.from('in the bucket'), { contentType: 'text/plain' });
    const put = s3.requests.at(-1)!;
    expect(`${put.method} ${put.path}`).toBe('PUT /configured-bucket/f-s3.txt');
    expect(put.headers.authorization).toContain('Credential=CONFIGKEY/');
    expect(put.headers.authorization).toContain('/ap-southeast-1/s3/aws4_request');
    expect(await text(await storage.get('f-s3.txt'))).toBe('in the bucket');
    // nothing was written locally
    expect(existsSync(join(dataDir, 'files', 'f-s3.txt'))).toBe(false);
    await storage.close();
  });
});
