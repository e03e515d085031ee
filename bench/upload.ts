// Uploads over HTTP: 10 concurrent 25 MB uploads (26,214,400 bytes each, random, so no background
// job runs) through POST /api/content/upload of the built server (apps/server/dist, what `npm start`
// runs), started as a production process of its own on loopback with local storage; against 10 concurrent plain copies of the same bytes on the same
// disk (with and without fsync). Prints the throughput of each, their ratio, the server's CPU time
// per MB uploaded (all threads, and its main thread, from /proc: steadier than the rate on a shared
// machine), the server process's peak RSS growth during the uploads (VmRSS sampled every 5 ms from
// /proc), and the load average.
// Run: node --import tsx bench/upload.ts   (or `npm run bench -- upload`)
// On the embedded PGlite (what `npm start` uses), then on PostgreSQL in a scratch database when
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL names a server.
// BENCH_DIR (default the system temp folder) chooses the disk; BENCH_ROUNDS (default 3);
// BENCH_PROFILE_DIR writes the server's CPU profile there (node --cpu-prof) for a look at where time goes;
// BENCH_SERVER_DIST runs a copy of a build instead (A/B); BENCH_DATABASES=postgres|pglite measures one
// of them (default both). Build first: npm run build -w apps/server
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS } from '@tp/shared';
import {
  benchServerUrl,
  cpuSecondsOf,
  memoryOf,
  seedSignedInUsers,
  startBuiltServer,
  withScratchDatabase,
} from './lib/servers';

const SIZE = UPLOAD_LIMITS.contentManagerMaxBytes;
const CONCURRENT = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BOUNDARY = 'tp-bench-boundary';

const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tp-bench-upload-'));
const source = path.join(dir, 'source.bin');
const copies = path.join(dir, 'copies');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const rate = (ms: number) => (CONCURRENT * SIZE) / 1_048_576 / (ms / 1000);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const concurrently = (run: (i: number) => Promise<unknown>) =>
  timed(() => Promise.all(Array.from({ length: CONCURRENT }, (_, i) => run(i))));

const plainCopy = async (fsync: boolean) => {
  const target = path.join(copies, `${Math.random()}`);
  await pipeline(createReadStream(source), createWriteStream(target, { flush: fsync }));
  await rm(target);
};

/** One multipart upload streamed from the source file, with its Content-Length. */
function uploadOnce(baseURL: string, token: string): Promise<{ id: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseURL}/api/content/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(head.length + SIZE + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`upload ${res.statusCode}: ${body}`));
          else resolve((JSON.parse(body) as { file: { id: string } }).file);
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    // 1 MB reads: the client shares the 2 cores with the server, so it should cost little per byte
    const file = createReadStream(source, { highWaterMark: 1 << 20 });
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

const profileDir = process.env.BENCH_PROFILE_DIR;

const cpuMsOf = (pid: number, mainThreadOnly = false) => cpuSecondsOf(pid, { mainThreadOnly }) * 1000;

/** The rounds against one server: its database is the embedded PGlite, or PostgreSQL when named. */
async function measure(label: string, databaseUrl?: string): Promise<void> {
  const dataDir = path.join(dir, 'data');
  const [token] = await seedSignedInUsers(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') }, 1);
  const server = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      CONTENT_QUOTA_BYTES: String(100 * CONCURRENT * SIZE),
      CONTENT_UPLOADS_PER_MINUTE: String(100 * CONCURRENT),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [] },
  );
  try {
    const removeAll = (files: { id: string }[]) =>
      Promise.all(
        files.map((file) =>
          fetch(`${server.baseURL}/api/content/files/${file.id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );

    await removeAll([await uploadOnce(server.baseURL, token!)]); // warm-up: JIT, page cache, first-use paths
    await plainCopy(true);

    const times: Record<string, number[]> = { copy: [], copyFsync: [], upload: [] };
    const cpuPerMB: { all: number[]; main: number[] } = { all: [], main: [] };
    let peakGrowth = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      times.copy!.push(await concurrently(() => plainCopy(false)));
      times.copyFsync!.push(await concurrently(() => plainCopy(true)));
      const before = memoryOf(server.pid).rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rss)), 5);
      const files: { id: string }[] = [];
      const [cpuBefore, mainBefore] = [cpuMsOf(server.pid), cpuMsOf(server.pid, true)];
      times.upload!.push(await concurrently(async () => files.push(await uploadOnce(server.baseURL, token!))));
      const megabytes = (CONCURRENT * SIZE) / 1_048_576;
      cpuPerMB.all.push((cpuMsOf(server.pid) - cpuBefore) / megabytes);
      cpuPerMB.main.push((cpuMsOf(server.pid, true) - mainBefore) / megabytes);
      clearInterval(sampler);
      peak = Math.max(peak, memoryOf(server.pid).rss);
      peakGrowth = Math.max(peakGrowth, peak - before);
      await removeAll(files);
    }

    const copy = median(times.copy!);
    const copyFsync = median(times.copyFsync!);
    const uploads = median(times.upload!);
    const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
    console.log(
      `upload (${label}): ${CONCURRENT} × 25 MB (${SIZE} bytes) at once, median of ${ROUNDS} rounds, in ${dir} (load ${load})`,
    );
    console.log(`  plain copies (fs streams)          ${rate(copy).toFixed(0).padStart(5)} MB/s`);
    console.log(`  plain copies + fsync               ${rate(copyFsync).toFixed(0).padStart(5)} MB/s`);
    console.log(
      `  HTTP uploads (multipart → sniff → local driver → row)  ${rate(uploads).toFixed(0)} MB/s: ` +
        `${(copy / uploads).toFixed(2)} of plain copies, ${(copyFsync / uploads).toFixed(2)} of copies with fsync`,
    );
    console.log(
      `  server CPU per MB uploaded: ${median(cpuPerMB.all).toFixed(2)} ms (main thread ${median(cpuPerMB.main).toFixed(2)} ms)`,
    );
    console.log(
      `  server peak RSS growth during the uploads: ${(peakGrowth / 1_048_576).toFixed(1)} MB (target < 100 MB)`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

try {
  await writeFile(source, randomBytes(SIZE));
  await mkdir(copies);
  // BENCH_DATABASES=postgres (or pglite) measures one of them
  const only = process.env.BENCH_DATABASES;
  if (only !== 'postgres') await measure('PGlite, as npm start');
  const serverUrl = benchServerUrl();
  if (serverUrl && only !== 'pglite') {
    await withScratchDatabase(serverUrl, 'tp_bench_upload', (url) => measure('PostgreSQL', url));
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
