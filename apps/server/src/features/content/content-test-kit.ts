import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import { vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uploadResponseSchema } from '@tp/shared';
import type { SignedInClient } from '../../test/kit';
import { contentFiles, type ContentFileRow } from './content.tables';
import { HELVETICA, page, pageTree, pdfFile, pdfStream, showText } from '../../test/pdf-files';

export { makePdf } from '../../test/pdf-files';

/** Test kit: real files of each kind, made here rather than checked in. */

/** Whether a process (a reader, the extraction host) still runs. */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** zlib-compressed `text` followed by `padding` spaces, made without ever holding the padding whole. */
async function deflatedWithPadding(text: string, padding: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const compressed = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of deflate) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  deflate.write(Buffer.from(`${text}\n`, 'latin1'));
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  for (let left = padding; left > 0; left -= spaces.length) {
    if (!deflate.write(left >= spaces.length ? spaces : spaces.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  return compressed;
}

/**
 * A decompression bomb: `pages` pages (50 by default) that all show one FlateDecode content stream
 * with `text`, padded with spaces to `inflatedBytes` (100 MiB by default) — about 100 KB of file.
 */
export async function makeInflateBombPdf(
  text: string,
  options: { pages?: number; inflatedBytes?: number } = {},
): Promise<Buffer> {
  const pages = options.pages ?? 50;
  const data = await deflatedWithPadding(showText(text), options.inflatedBytes ?? 100 * 1024 * 1024);
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    pageTree(pageIds),
    HELVETICA,
    pdfStream('/Filter /FlateDecode', data),
    ...pageIds.map(() => page(4)),
  ]);
}

/** The start of a Windows executable (DOS stub pointing at a PE header), padded to `size`. */
export function makeExecutable(size = 4096): Buffer {
  const exe = Buffer.alloc(size);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  return exe;
}

/** A JPEG of width × height stored sideways: EXIF orientation 6 asks viewers to turn it 90°. */
export function makeSidewaysJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export const MULTIPART_BOUNDARY = 'tp-test-boundary';

export type MultipartPart =
  { name: string; value: string } | { name: string; fileName: string; contentType: string; content: Readable | Buffer };

/** A multipart/form-data body, streamed part by part (a file part is never held whole). */
export function multipartBody(parts: MultipartPart[], boundary = MULTIPART_BOUNDARY): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) {
        if ('value' in part) {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          );
          continue;
        }
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        );
        if (Buffer.isBuffer(part.content)) yield part.content;
        else yield* part.content;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    })(),
    { objectMode: false },
  );
}

export const multipartHeaders = (boundary = MULTIPART_BOUNDARY) => ({
  'content-type': `multipart/form-data; boundary=${boundary}`,
});

export interface TestUpload {
  fileName: string;
  content: Readable | Buffer;
  contentType?: string;
}

/** POST /api/content/upload as a signed-in user: the text fields first, then the file. */
export function upload(client: SignedInClient, file: TestUpload, fields: Record<string, string> = {}) {
  const parts: MultipartPart[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      fileName: file.fileName,
      contentType: file.contentType ?? 'application/octet-stream',
      content: file.content,
    },
  ];
  return client.post('/api/content/upload', multipartBody(parts), { headers: multipartHeaders() });
}

/** Uploads and returns the answer, failing the test on anything but 200. */
export async function uploaded(client: SignedInClient, file: TestUpload, fields: Record<string, string> = {}) {
  const res = await upload(client, file, fields);
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return uploadResponseSchema.parse(res.json());
}

/** Waits until a file's row satisfies `done` (its background steps), failing with its last state. */
export function waitForFileRow(
  app: FastifyInstance,
  id: string,
  done: (row: ContentFileRow) => boolean,
  timeoutMs = 20_000,
): Promise<ContentFileRow> {
  return vi.waitFor(
    async () => {
      const [row] = await app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, id));
      if (row && done(row)) return row;
      throw new Error(
        `file ${id} did not reach the expected state in ${timeoutMs} ms: ${JSON.stringify(row ? { ...row, extractedText: undefined } : null)}`,
      );
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
