import { pipeline, type Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidRange,
  BlobNotFoundError,
  InvalidRangeError,
  TooLargeError,
  type BlobInfo,
  type BlobRead,
  type BlobStorage,
  type ByteRange,
  type PutOptions,
} from './blob-storage';
import { ByteLimit } from './byte-limit';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); AWS when absent. */
  endpoint?: string;
  /** Bucket in the path instead of the host name, as MinIO-style servers need. */
  forcePathStyle: boolean;
  /** Both or neither; neither uses the SDK's default chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per multipart part (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts in flight at once: memory per upload is about (queueSize + 1) × partSize. */
  queueSize?: number;
  log?: { warn(object: object, message: string): void };
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const HEALTH_TIMEOUT_MS = 3_000;

type S3Sdk = typeof import('@aws-sdk/client-s3');
type UploadClass = (typeof import('@aws-sdk/lib-storage'))['Upload'];

/** What the driver's operations share: the SDK's commands, one client and the bucket. */
interface S3Context {
  sdk: S3Sdk;
  Upload: UploadClass;
  client: InstanceType<S3Sdk['S3Client']>;
  bucket: string;
  options: S3StorageOptions;
  statusOf(error: unknown): number | undefined;
  isNotFound(error: unknown): boolean;
}

/**
 * The S3 driver. The AWS SDK is loaded here, when a deployment configures S3, not when the server
 * starts: it is ≈ 20 MB of a process's memory that the local driver never uses.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<BlobStorage> {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const statusOf = (error: unknown) =>
    error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const isNotFound = (error: unknown) =>
    statusOf(error) === 404 || (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));
  const client = new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const context: S3Context = { sdk, Upload, client, bucket: options.bucket, options, statusOf, isNotFound };
  const head = s3Head(context);

  const remove = async (key: string) => {
    assertValidKey(key);
    await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
  };

  const health = async () => {
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }), {
        abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      return 'ok' as const;
    } catch {
      return 'error' as const;
    }
  };

  return {
    driver: 's3',
    put: s3Put(context),
    get: s3Get(context, head),
    head,
    delete: remove,
    health,
    close: async () => client.destroy(),
  };
}

function s3Put({ sdk, Upload, client, bucket, options, isNotFound }: S3Context) {
  /** A failed put may have left an unfinished multipart upload or (if only the answer was lost) a blob. */
  const cleanUp = async (key: string, uploadId: string | undefined) => {
    try {
      if (uploadId) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch((error: unknown) => {
            if (!isNotFound(error)) throw error;
          });
      }
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      options.log?.warn({ err: error, key, uploadId }, 'could not clean up after a failed upload');
    }
  };

  return async (key: string, body: Readable, { contentType, maxBytes }: PutOptions) => {
    assertValidKey(key);
    const limit = new ByteLimit(maxBytes);
    // errors on either side (the client's stream, the limit) reach the uploader through `limited`
    const limited = pipeline(body, limit, () => undefined);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: limited, ContentType: contentType },
      partSize: options.partSize ?? MIN_PART_SIZE,
      queueSize: options.queueSize ?? 2,
      // this driver aborts itself, after every part in flight has settled
      leavePartsOnError: true,
    });
    try {
      await upload.done();
      return { size: limit.bytes };
    } catch (error) {
      limited.destroy();
      await cleanUp(key, upload.uploadId);
      throw limit.exceeded ? new TooLargeError(maxBytes) : error;
    }
  };
}

function s3Head({ sdk, client, bucket, isNotFound }: S3Context) {
  return async (key: string): Promise<BlobInfo | null> => {
    assertValidKey(key);
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
}

function s3Get({ sdk, client, bucket, statusOf, isNotFound }: S3Context, head: BlobStorage['head']) {
  return async (key: string, { range }: { range?: ByteRange } = {}): Promise<BlobRead> => {
    assertValidKey(key);
    if (range) assertValidRange(range);
    let out;
    try {
      out = await client.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      if (statusOf(error) === 416) {
        const info = await head(key);
        if (!info) throw new BlobNotFoundError(key);
        throw new InvalidRangeError(info.size);
      }
      throw error;
    }
    const body = out.Body as Readable;
    if (!range) return { body, size: out.ContentLength ?? 0 };
    // S3 shortens a range that runs past the end; the contract refuses it, as the local driver does
    const size = Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1]);
    if (!Number.isSafeInteger(size) || range.end >= size) {
      body.destroy();
      throw new InvalidRangeError(Number.isSafeInteger(size) ? size : undefined);
    }
    return { body, size, range };
  };
}
