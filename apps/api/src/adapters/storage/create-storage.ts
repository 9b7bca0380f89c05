import type { Config } from '../../config.ts';
import { createFsStorage } from './fs-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The storage STORAGE names; config.ts has already required the settings each one needs. */
export function createStorage(config: Config): FileStorage {
  if (config.STORAGE === 's3') {
    const { S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    if (!S3_BUCKET || !S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    return createS3Storage({
      bucket: S3_BUCKET,
      endpoint: S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createFsStorage(config.DATA_DIR);
}
