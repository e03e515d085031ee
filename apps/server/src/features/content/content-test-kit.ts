import { Readable } from 'node:stream';
import { vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uploadResponseSchema } from '@tp/shared';
import type { SignedInClient } from '../../test/kit';
import { contentFiles, type ContentFileRow } from './content.tables';

/** Test kit: real files of each kind, made here rather than checked in. */

/**
 * A valid PDF with one page per entry, each showing its text in Helvetica (WinAnsi: Latin-1 and €):
 * one line, or rows of cells set side by side in columns.
 */
export function makePdf(pages: (string | string[][])[]): Buffer {
  const winAnsi: Record<string, string> = { '€': '\\200', '\u202f': '\\240', '\u2009': '\\240' };
  const escape = (text: string) =>
    text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[€\u202f\u2009]/g, (c) => winAnsi[c]!);
  const show = (size: number, x: number, y: number, text: string) =>
    `BT /F1 ${size} Tf ${x} ${y} Td (${escape(text)}) Tj ET`;
  const rows = (cells: string[][]) =>
    cells
      .flatMap((row, r) =>
        row.map((cell, c) => (cell ? show(10, 48 + (c * 500) / row.length, 760 - 14 * r, cell) : '')),
      )
      .join('\n');
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((text, i) => {
    const stream = typeof text === 'string' ? show(18, 72, 720, text) : rows(text);
    objects[4 + i * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`;
    objects[5 + i * 2] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
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
