import type { AppConfig } from '../../config';
import type { BlobStorage } from './blob-storage';
import { createLocalStorage } from './local-driver';
import { createS3Storage, type S3StorageOptions } from './s3-driver';

export * from './blob-storage';

/** The driver the configuration names: local disk under DATA_DIR/files, or an S3-compatible store. */
export async function createStorage(config: AppConfig['storage'], log?: S3StorageOptions['log']): Promise<BlobStorage> {
  if (config.driver === 'local') return createLocalStorage({ root: config.localDir });
  const { s3 } = config;
  if (!s3.bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    log,
  });
}
