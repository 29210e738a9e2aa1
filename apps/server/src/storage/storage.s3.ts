/**
 * S3-compatible object storage (AWS S3, MinIO…) through @aws-sdk/client-s3. Buffers go up in one
 * PutObject; streams of unknown length go through lib-storage's Upload (one PutObject when small,
 * a multipart upload when large), so memory stays bounded by one part. The SDK is loaded by
 * `S3Storage.open`, so a server on the local filesystem never holds it (idle RSS, docs/benchmarks.md).
 */
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Lib from '@aws-sdk/lib-storage';
import { ObjectNotFoundError, type ObjectStorage, type StoredObjectInfo } from '../context.js';
import { assertStorageKey } from './storage.keys.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted servers need path-style URLs (http://host/bucket/key). */
  forcePathStyle: boolean;
}

type Sdk = typeof S3Sdk & Pick<typeof S3Lib, 'Upload'>;

function isNotFound(sdk: Sdk, err: unknown): boolean {
  if (err instanceof sdk.S3ServiceException) {
    return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: S3Sdk.S3Client;
  private readonly bucket: string;

  /** Loads the SDK (on first use) and makes the client. */
  static async open(opts: S3StorageOptions): Promise<S3Storage> {
    const [sdk, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    return new S3Storage(opts, { ...sdk, Upload: lib.Upload });
  }

  private constructor(
    opts: S3StorageOptions,
    private readonly sdk: Sdk,
  ) {
    this.bucket = opts.bucket;
    this.client = new sdk.S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      // Without explicit keys the SDK's default chain applies (env, profile, instance role).
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: the newer default (CRC32 trailers with aws-chunked
      // bodies) is not understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, opts: { contentType: string }): Promise<StoredObjectInfo> {
    assertStorageKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: opts.contentType,
          ContentLength: body.length,
        }),
      );
      return { size: body.length, contentType: opts.contentType };
    }
    const upload = new this.sdk.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType },
      leavePartsOnError: false,
    });
    await upload.done();
    const info = await this.stat(key);
    if (!info) throw new Error(`S3 object ${key} missing right after upload`);
    return info;
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) throw new ObjectNotFoundError(key);
      // In Node the SDK's body is an http.IncomingMessage (a Readable) with helper mixins.
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(this.sdk, err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, ...(out.ContentType ? { contentType: out.ContentType } : {}) };
    } catch (err) {
      if (isNotFound(this.sdk, err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
