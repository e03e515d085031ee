import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { tempDir } from '../../test/temp-dirs';

export const TEST_BUCKET = 'tp-test';
export const TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInternals {
  middleware: KoaMiddleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

export interface TestS3Server {
  endpoint: string;
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * s3rver 3.7.1 on 127.0.0.1 with a fresh directory: a real S3-protocol server (SigV4, multipart,
 * ranges) in this process. It lacks AbortMultipartUpload, which S3 and MinIO have; the middleware
 * below adds it on top of s3rver's own store, so the driver's cleanup is exercised for real.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = tempDir('tp-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const internals = server as unknown as S3rverInternals;
  const uploadsDir = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads');

  const abortMultipartUpload: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    const uploadDir = path.join(uploadsDir(bucket), uploadId);
    const known =
      /^[0-9a-f]{32}$/.test(uploadId) &&
      (await readdir(uploadDir).then(
        () => true,
        () => false,
      ));
    if (!known) {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
      return;
    }
    await rm(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
  };
  // before s3rver's router, which answers this request with MethodNotAllowed
  internals.middleware.splice(internals.middleware.length - 1, 0, abortMultipartUpload);

  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    openUploads: () => readdir(uploadsDir(TEST_BUCKET)).catch(() => []),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
