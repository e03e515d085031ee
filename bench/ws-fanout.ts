// Live-quote fan-out: BENCH_SOCKETS (default 2,000) WebSocket connections to /ws/market on the built
// server (its own process on loopback, PGlite), each following 5 of the 12 symbols, so the server
// pushes 10,000 quotes a second. For BENCH_SECONDS (default 5) every quote's delay is taken from
// its tick (the wall-clock second in its timestamp, when the server's one ticker fires) to its
// arrival here. Prints p50, p99 and the maximum, and how many of the quotes due arrived.
// Target: p99 under 200 ms.
// Run: npm run build -w apps/server && node --import tsx bench/ws-fanout.ts   (or `npm run bench -- ws-fanout`)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { INSTRUMENTS } from '../apps/server/src/features/market/instruments';
import { percentile, seedSignedInUsers, startBuiltServer } from './lib/servers';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PER_SOCKET = 5;
const CONNECT_BATCH = 100;
const TARGET_P99_MS = 200;

const symbols = INSTRUMENTS.map((spec) => spec.symbol);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-ws-'));
const [token] = await seedSignedInUsers({ pgliteDir: path.join(dataDir, 'db') }, 1);
const server = await startBuiltServer({ DATA_DIR: dataDir });
const base = server.baseURL.replace('http://', 'ws://');

const delays: number[] = [];
let windowStart = Infinity;
let windowEnd = -Infinity;
const sockets: WebSocket[] = [];

/** Opens one connection and resolves once the server confirmed its subscriptions. */
function connect(i: number): Promise<void> {
  const follows = Array.from({ length: PER_SOCKET }, (_, k) => symbols[(i + k * 2) % symbols.length]);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws/market?symbols=${follows.join(',')}&token=${token}`);
    sockets.push(socket);
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const arrived = Date.now();
      const text = data.toString();
      if (text.startsWith('{"type":"subscribed"')) return resolve();
      if (!text.startsWith('{"type":"quote"')) return;
      // the timestamp is the last field: no JSON.parse, so the measuring side adds little delay
      const at = text.indexOf('"timestamp":"');
      const tick = Date.parse(text.slice(at + 13, at + 37));
      if (tick >= windowStart && tick < windowEnd) delays.push(arrived - tick);
    });
  });
}

try {
  const connecting = performance.now();
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - i) }, (_, k) => connect(i + k)));
  }
  const connectSeconds = (performance.now() - connecting) / 1_000;
  // the window starts on the second after next: every socket is following by then
  windowStart = (Math.floor(Date.now() / 1_000) + 2) * 1_000;
  windowEnd = windowStart + SECONDS * 1_000;
  await new Promise((resolve) => setTimeout(resolve, windowEnd - Date.now() + 1_000));

  const sorted = [...delays].sort((a, b) => a - b);
  const due = SOCKETS * PER_SOCKET * SECONDS;
  const p99 = percentile(sorted, 0.99);
  console.log(
    `ws fan-out: ${SOCKETS} sockets × ${PER_SOCKET} symbols, tick to receipt p50 ${percentile(sorted, 0.5)} ms, ` +
      `p99 ${p99} ms, max ${sorted.at(-1)} ms (${delays.length} of ${due} quotes due in ${SECONDS} s arrived; ` +
      `connected in ${connectSeconds.toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)}) — target p99 < ${TARGET_P99_MS} ms: ` +
      `${p99 < TARGET_P99_MS && delays.length === due ? 'met' : 'NOT met'}`,
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
