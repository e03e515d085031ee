import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { filesUnder } from '../../plugins/storage/storage-test-kit';
import { readToBuffer } from '../../plugins/storage/byte-limit';
import { contentFiles } from './content.tables';
import { EXTRACT_TEXT_QUEUE, indexFileText, makeThumbnail } from './content.jobs';
import { makePdf, makePng, makeSidewaysJpeg, uploaded, waitForFileRow } from './content-test-kit';

describe('background steps after an upload', () => {
  let ada: SignedInClient;
  const storedFiles = () => filesUnder(t.app.deps.config.storage.localDir);

  const t = useTestApp();
  beforeAll(async () => {
    ada = await signedInClient(t.app);
  });

  it('makes an upright WebP thumbnail of an image under a key of its own', async () => {
    const { file } = await uploaded(ada, { fileName: 'sideways.jpg', content: await makeSidewaysJpeg(800, 400) });
    const row = await waitForFileRow(t.app, file.id, (r) => r.thumbnailState !== 'pending');
    expect(row.thumbnailState).toBe('done');
    expect(row.thumbnailKey).toMatch(/^thumbnails\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const blob = await t.app.deps.storage.get(row.thumbnailKey!);
    const meta = await sharp(await readToBuffer(blob.body, 1_000_000)).metadata();
    // stored 800 × 400 and turned by EXIF orientation 6: upright it is 400 wide and 800 high
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 320 });
  });

  it('skips the steps that do not apply: no thumbnail for a PDF, no text from an image', async () => {
    const pdf = await uploaded(ada, { fileName: 'a.pdf', content: makePdf(['a']) });
    const png = await uploaded(ada, { fileName: 'a.png', content: await makePng(10, 10) });
    expect(await waitForFileRow(t.app, pdf.file.id, (r) => r.textState === 'done')).toMatchObject({
      thumbnailState: 'skipped',
      thumbnailKey: null,
    });
    expect(await waitForFileRow(t.app, png.file.id, (r) => r.thumbnailState === 'done')).toMatchObject({
      textState: 'skipped',
      extractedText: null,
    });
  });

  it('does a step once: a second run of either job changes and stores nothing', async () => {
    const png = await uploaded(ada, { fileName: 'once.png', content: await makePng(50, 50) });
    const txt = await uploaded(ada, { fileName: 'once.txt', content: Buffer.from('tamarind') });
    const thumbed = await waitForFileRow(t.app, png.file.id, (r) => r.thumbnailState === 'done');
    const indexed = await waitForFileRow(t.app, txt.file.id, (r) => r.textState === 'done');
    const before = await storedFiles();
    await makeThumbnail(t.app.deps, png.file.id);
    await indexFileText(t.app.deps, txt.file.id);
    expect(await storedFiles()).toEqual(before);
    const [png2] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, png.file.id));
    const [txt2] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, txt.file.id));
    expect(png2).toEqual(thumbed);
    expect(txt2).toEqual(indexed);
  });

  it('does nothing for a deleted file', async () => {
    const png = await uploaded(ada, { fileName: 'gone.png', content: await makePng(30, 30) });
    await ada.delete(`/api/content/files/${png.file.id}`);
    const before = await storedFiles();
    await makeThumbnail(t.app.deps, png.file.id);
    await indexFileText(t.app.deps, png.file.id);
    expect(await storedFiles()).toEqual(before);
    expect(await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, png.file.id))).toEqual([]);
  });

  it('retries a job that failed (the store was briefly unreachable) until it succeeds', async () => {
    const storage = t.app.deps.storage;
    const realGet = storage.get;
    let calls = 0;
    storage.get = async (key, options) => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset by the store');
      return realGet(key, options);
    };
    try {
      const { file } = await uploaded(ada, { fileName: 'retry.png', content: await makePng(20, 20) });
      const row = await waitForFileRow(t.app, file.id, (r) => r.thumbnailState !== 'pending', 30_000);
      expect(row.thumbnailState).toBe('done');
      expect(calls).toBeGreaterThanOrEqual(2);
    } finally {
      storage.get = realGet;
    }
  });

  it('gives up at once on bytes that cannot be decoded, marking the step failed', async () => {
    const brokenPng = Buffer.concat([(await makePng(10, 10)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const brokenPdf = Buffer.from('%PDF-1.4\nthis is not really a PDF\n%%EOF\n');
    const png = await uploaded(ada, { fileName: 'broken.png', content: brokenPng });
    const pdf = await uploaded(ada, { fileName: 'broken.pdf', content: brokenPdf });
    expect(png.file.type).toBe('image/png');
    expect(pdf.file.type).toBe('application/pdf');
    expect((await waitForFileRow(t.app, png.file.id, (r) => r.thumbnailState !== 'pending')).thumbnailState).toBe(
      'failed',
    );
    expect((await waitForFileRow(t.app, pdf.file.id, (r) => r.textState !== 'pending')).textState).toBe('failed');
    // the file itself is fine to keep and to read
    expect((await t.app.inject({ method: 'GET', url: png.file.url })).statusCode).toBe(200);
  });

  it('takes a text job only when it starts reading its file, so that its expiry counts from there', async () => {
    const storage = t.app.deps.storage;
    const realGet = storage.get;
    const gates: Array<() => void> = [];
    let reads = 0;
    storage.get = async (key, options) => {
      reads += 1;
      // the first two reads wait to be let through
      if (reads <= 2) await new Promise<void>((resolve) => gates.push(resolve));
      return realGet(key, options);
    };
    try {
      const busy = await uploaded(ada, { fileName: 'busy.txt', content: Buffer.from('millet') });
      await vi.waitFor(() => expect(reads).toBe(1), { timeout: 20_000 });
      // two more jobs queue up while the queue's worker is busy
      const first = await uploaded(ada, { fileName: 'first.txt', content: Buffer.from('sesame') });
      const second = await uploaded(ada, { fileName: 'second.txt', content: Buffer.from('sorghum') });
      gates.shift()!();
      await vi.waitFor(() => expect(reads).toBe(2), { timeout: 20_000 });
      const { rows } = await t.app.deps.connection.query<{ state: string }>(
        "select state from pgboss.job where name = $1 and data->>'fileId' = any($2)",
        [EXTRACT_TEXT_QUEUE, [first.file.id, second.file.id]],
      );
      // one of them is being read; the other still waits in the queue, not fetched along with it
      expect(rows.map((row) => row.state).sort()).toEqual(['active', 'created']);
      gates.shift()!();
      for (const { file } of [busy, first, second]) {
        expect((await waitForFileRow(t.app, file.id, (r) => r.textState !== 'pending')).textState).toBe('done');
      }
    } finally {
      gates.forEach((open) => open());
      storage.get = realGet;
    }
  });
});
