import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageUnavailable, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix?: string;
  /** Local folder for uploads while they arrive (they are streamed to the bucket once whole). */
  tempRoot: string;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...): `STORAGE=s3`, decision 095.
 * An upload arrives into a local temporary file (its size and type are checked there), then is
 * streamed to the bucket in parts; an object appears only when complete, so a half-written file is
 * never served. A bucket that cannot be reached is StorageUnavailable (503), never a 500.
 */
export class S3Storage implements Storage {
  readonly tempDir: string;
  private readonly client: S3Client;
  constructor(private readonly options: S3Options) {
    this.tempDir = path.join(options.tempRoot, '.incoming');
    mkdirSync(this.tempDir, { recursive: true });
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // A bucket that is down should fail a request in seconds, not hang it.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
      maxAttempts: 2,
    });
  }

  private objectKey(key: string): string {
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw new Error('Invalid storage key');
    return this.options.prefix ? `${this.options.prefix.replace(/\/+$/, '')}/${key}` : key;
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.options.bucket, Key: this.objectKey(key), Body: createReadStream(tempPath) },
      }).done();
    } catch (err) {
      throw new StorageUnavailable('put', err);
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey)
        throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
      throw new StorageUnavailable('get', err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
    } catch (err) {
      throw new StorageUnavailable('delete', err);
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }
}
