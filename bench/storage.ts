// Local storage throughput: a 25 MB body (26,214,400 bytes) streamed through the local driver's put
// (byte limit, temp file, fsync, rename) and through the whole upload pipeline (sniff +
// put), against a plain stream copy of the same bytes on the same disk. Alternating rounds, median
// of ROUNDS; then the RSS growth of 10 concurrent pipeline uploads.
// Run: node --import tsx bench/storage.ts   (or `npm run bench -- storage`)
// BENCH_DIR (default the system temp folder) chooses the disk; BENCH_ROUNDS (default 7).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS } from '@tp/shared';
import { createBlobKey } from '../apps/server/src/plugins/storage/blob-storage';
import { createLocalStorage } from '../apps/server/src/plugins/storage/local-driver';
import { storeUpload } from '../apps/server/src/features/content/upload-pipeline';

const SIZE = UPLOAD_LIMITS.contentManagerMaxBytes;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONCURRENT = 10;

const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tp-bench-storage-'));
const source = path.join(dir, 'source.bin');
const copies = path.join(dir, 'copies');
const storage = await createLocalStorage({ root: path.join(dir, 'files') });

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const plainCopy = async (fsync: boolean) => {
  const target = path.join(copies, `${Math.random()}`);
  await pipeline(createReadStream(source), createWriteStream(target, { flush: fsync }));
  await rm(target);
};

const driverPut = async () => {
  const key = createBlobKey('bench');
  await storage.put(key, createReadStream(source), { contentType: 'application/octet-stream', maxBytes: SIZE });
  await storage.delete(key);
};

const pipelineUpload = async () => {
  const stored = await storeUpload(storage, { stream: createReadStream(source), fileName: 'bench.bin' });
  await storage.delete(stored.key);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mbps = (ms: number) => SIZE / 1_048_576 / (ms / 1000);

try {
  await writeFile(source, randomBytes(SIZE));
  await mkdir(copies);

  const cases = {
    'plain copy (fs stream)': () => plainCopy(false),
    'plain copy + fsync': () => plainCopy(true),
    'local driver put': driverPut,
    'upload pipeline (sniff + put)': pipelineUpload,
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (const run of Object.values(cases)) await run(); // warm-up: page cache, JIT
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(cases)) times[name]?.push(await timed(run));
  }

  const base = median(times['plain copy (fs stream)'] ?? []);
  const synced = median(times['plain copy + fsync'] ?? []);
  console.log(`storage: 25 MB body (${SIZE} bytes), median of ${ROUNDS} alternating rounds, in ${dir}`);
  console.log(`  ${''.padEnd(42)} ${'time'.padStart(10)} ${'rate'.padStart(10)}  vs copy  vs copy+fsync`);
  for (const [name, values] of Object.entries(times)) {
    const ms = median(values);
    console.log(
      `  ${name.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms ${mbps(ms).toFixed(0).padStart(5)} MB/s` +
        `  ${(base / ms).toFixed(2).padStart(7)}  ${(synced / ms).toFixed(2).padStart(12)}`,
    );
  }

  const concurrently = (run: () => Promise<void>) =>
    timed(() => Promise.all(Array.from({ length: CONCURRENT }, run)).then(() => undefined));
  const copiesMs = await concurrently(() => plainCopy(false));
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const uploadsMs = await concurrently(pipelineUpload);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const total = (ms: number) => ((CONCURRENT * SIZE) / 1_048_576 / (ms / 1000)).toFixed(0);
  console.log(
    `  ${CONCURRENT} at once: plain copies ${total(copiesMs)} MB/s, pipeline uploads ${total(uploadsMs)} MB/s ` +
      `(ratio ${(copiesMs / uploadsMs).toFixed(2)}), peak RSS growth ${((peak - rssBefore) / 1_048_576).toFixed(1)} MB`,
  );
} finally {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
}
