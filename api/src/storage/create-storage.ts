import path from 'node:path';
import type { Env } from '../env';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage driver the environment names: disk under DATA_DIR/uploads (default), or S3. */
export function createStorage(env: Env, kind: 'disk' | 's3' = env.STORAGE): Storage {
  const local = path.join(env.DATA_DIR, 'uploads');
  if (kind === 'disk') return new DiskStorage(local);
  if (!env.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
  return new S3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    tempRoot: local,
  });
}
