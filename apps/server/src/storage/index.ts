/** Object storage factory: the local filesystem under DATA_DIR/files by default, S3 when STORAGE_DRIVER=s3. */
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { ObjectStorage } from '../context.js';
import { FsStorage } from './storage.fs.js';
import { S3Storage } from './storage.s3.js';

export { FsStorage } from './storage.fs.js';
export { S3Storage, type S3StorageOptions } from './storage.s3.js';
export { InvalidStorageKeyError, assertStorageKey, isValidStorageKey } from './storage.keys.js';

export type StorageConfig = Pick<
  Config,
  | 'STORAGE_DRIVER'
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
    return S3Storage.open({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return FsStorage.open(join(config.dataDir, 'files'));
}
