// Text extraction's CPU per file: the built server's extraction host (dist/extraction-process.js
// host) is started as the server starts it, and asked to read BENCH_FILES small PDFs (the capacity
// bench's upload) and as many small text documents, one after the other, as a server's content job
// does; the host reads them as in production (readers that read files in turn, decision 0047; a
// process per file in builds before it, decision 0035). Printed per kind of file: the CPU of the
// host's children (user + system from /proc: those reaped and the readers still running), the
// host's own CPU, and the wall time from request to answer; beside them, a bare `node -e 0` start.
// Every file is counted, the first included: a reader's start is part of the files it reads.
// BENCH_BASE_DIST (e.g. apps/server/dist-base, an older build) is measured in the same run, file
// for file in turn with BENCH_SERVER_DIST, for a before/after on a busy machine.
// BENCH_CPU_PROF=<dir> also profiles a reader of BENCH_SERVER_DIST reading one small PDF (--cpu-prof,
// its start included) and prints where its main thread's CPU went, and that of any other thread.
// Run: npm run build -w apps/server && node --import tsx bench/extraction.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { EXTRACTION_LIMITS, READER_BOUNDS } from '../apps/server/src/features/content/extraction-sandbox';
import { UPLOAD_PDF } from './lib/capacity-load';
import { childrenCpuSecondsOf, cpuSecondsOf, root } from './lib/servers';

const FILES = Number(process.env.BENCH_FILES ?? 40);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const HEAP_MB = 256; // a reader's heap limit (READER_NODE_OPTIONS in extraction-loader.ts)
const TEXT = Buffer.from('Packing list: 320 bags of green coffee, 60 kg each\nPort of loading: Mombasa\n');
const KINDS = [
  { name: 'small PDF', mime: 'application/pdf', bytes: UPLOAD_PDF },
  { name: 'text document', mime: 'text/plain', bytes: TEXT },
];

const requestFor = (bytes: Buffer, mime: string) => ({
  mime,
  size: bytes.length,
  memoryBytes: EXTRACTION_LIMITS.memoryBytes,
  deadlineMs: EXTRACTION_LIMITS.timeMs + 5_000,
  maxStreamBytes: EXTRACTION_LIMITS.maxStreamBytes,
  maxFileBytes: EXTRACTION_LIMITS.maxFileBytes,
});

/** How a file's reading ended: `reply` from a reader, `stdout` from a process per file (before decision 0047). */
interface Ended {
  code: number | null;
  signal: string | null;
  reply?: string;
  stdout?: string;
  stderr: string;
}

/** A build's extraction host, started as extraction-sandbox.ts starts it, asked for one file at a time. */
class Host {
  readonly process: ChildProcess;
  private lastId = 0;
  private waiting = new Map<number, (ending: Ended) => void>();

  constructor(readonly dist: string) {
    this.process = spawn(process.execPath, [path.resolve(root, dist, 'extraction-process.js'), 'host'], {
      env: {},
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.process.on('message', (message: { type: string; id: number; ending?: Ended }) => {
      if (message.type === 'ended') this.waiting.get(message.id)?.(message.ending!);
    });
  }

  /** Reads one file; its wall time in ms. */
  async read(bytes: Buffer, mime: string): Promise<number> {
    const id = ++this.lastId;
    const started = performance.now();
    const ending = await new Promise<Ended>((resolve) => {
      this.waiting.set(id, resolve);
      // heapMb: what hosts built before 2026-11-28 took the heap limit from; bounds: a reader's, since
      const bounds = READER_BOUNDS;
      const request = requestFor(bytes, mime);
      const message = { type: 'extract', id, request, bytes, timeMs: 30_000, heapMb: HEAP_MB, bounds };
      this.process.send(message);
    });
    this.waiting.delete(id);
    if (!(ending.reply ?? (ending.code === 0 ? ending.stdout : ''))?.includes('"ok":true')) {
      throw new Error(`${this.dist}: ${ending.code ?? ending.signal} ${ending.stdout} ${ending.stderr}`);
    }
    return performance.now() - started;
  }
}

interface Tally {
  name: string;
  cpuSeconds: number;
  hostCpuSeconds: number;
  wallMs: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Runs `work` and adds the CPU it made `pid`'s children (and `pid` itself) use to the tally. */
async function measured(tally: Tally, pid: number, work: () => Promise<number>) {
  const children = childrenCpuSecondsOf(pid);
  const own = pid === process.pid ? 0 : cpuSecondsOf(pid);
  const wallMs = await work();
  tally.cpuSeconds += childrenCpuSecondsOf(pid) - children;
  tally.hostCpuSeconds += pid === process.pid ? 0 : cpuSecondsOf(pid) - own;
  tally.wallMs.push(wallMs);
}

function bareNodeStart(): Promise<number> {
  const started = performance.now();
  spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '-e', '0'], { env: {} });
  return Promise.resolve(performance.now() - started);
}

const dists = [process.env.BENCH_SERVER_DIST ?? 'apps/server/dist', process.env.BENCH_BASE_DIST].filter(
  (dist): dist is string => Boolean(dist),
);
const hosts = dists.map((dist) => new Host(dist));
const bare: Tally = { name: 'bare `node -e 0`', cpuSeconds: 0, hostCpuSeconds: 0, wallMs: [] };
const tallies = hosts.map((host) =>
  KINDS.map((kind) => ({ name: `${host.dist}: ${kind.name}`, cpuSeconds: 0, hostCpuSeconds: 0, wallMs: [] })),
);

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (let round = 0; round < FILES; round++) {
  await measured(bare, process.pid, bareNodeStart);
  for (const [h, host] of hosts.entries()) {
    for (const [k, kind] of KINDS.entries()) {
      await measured(tallies[h]![k]!, host.process.pid!, () => host.read(kind.bytes, kind.mime));
    }
  }
}
for (const host of hosts) host.process.kill();

console.log(`${FILES} files of each kind, one after the other, all counted`);
console.log('what                                        CPU ms/file  host CPU ms/file  wall ms/file (median)');
for (const tally of [bare, ...tallies.flat()]) {
  const perFile = (seconds: number) => ((seconds * 1000) / FILES).toFixed(0);
  console.log(
    `${tally.name.padEnd(44)}${perFile(tally.cpuSeconds).padStart(11)}${perFile(tally.hostCpuSeconds).padStart(18)}` +
      `${median(tally.wallMs).toFixed(0).padStart(23)}`,
  );
}
if (hosts.length === 2) {
  for (const [k, kind] of KINDS.entries()) {
    const ratio = tallies[0]![k]!.cpuSeconds / tallies[1]![k]!.cpuSeconds;
    console.log(`${kind.name}: CPU per file of ${dists[0]} / ${dists[1]} = ${ratio.toFixed(2)}`);
  }
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

/** A reader of `dist` started under --cpu-prof (no permission model: it writes its profile), one small PDF read. */
async function profileReader(dist: string, dir: string): Promise<void> {
  const entry = path.resolve(root, dist, 'extraction-process.js');
  const args = [`--max-old-space-size=${HEAP_MB}`, '--cpu-prof', `--cpu-prof-dir=${dir}`, entry, 'reader'];
  const reader = spawn(process.execPath, args, {
    env: {},
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const request = { ...requestFor(UPLOAD_PDF, 'application/pdf'), watchdogThread: false };
  await new Promise((resolve) => {
    reader.once('message', resolve);
    reader.send({ type: 'read', request, bytes: UPLOAD_PDF });
  });
  reader.disconnect();
  await new Promise((resolve) => reader.once('exit', resolve));
}

if (PROFILE_DIR) {
  const { profileOneFile } = await import('./lib/extraction-profile');
  const dist = dists[0]!;
  const dir = path.resolve(PROFILE_DIR, dist.replaceAll('/', '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await profileReader(dist, dir);
  const profiles = readdirSync(dir).map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  console.log(`\na reader's start and one small PDF, ${dist} (profiles in ${dir}):`);
  profileOneFile(profiles);
}
