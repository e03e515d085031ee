// Candles on demand: the time the simulated market takes to compute one year of hourly candles for
// one symbol (what GET /api/market/historical/{symbol}?timeframe=1h over a year computes), cold (the
// first call in the process) and warm (median of BENCH_ROUNDS further calls, default 25), with the
// JSON serialization of the answer timed beside it. Target: under 50 ms. The process's CPU time per
// call and the machine's load average are printed too: on a shared machine the wall time includes
// waiting for a core.
// Run: node --import tsx bench/trading-candles.ts   (or `npm run bench -- trading-candles`)
import { loadavg } from 'node:os';
import { createSimulator } from '../apps/server/src/features/market/simulator';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const TARGET_MS = 50;
const SYMBOL = 'AAPL';
const start = new Date('2025-01-01T00:00:00Z');
const end = new Date('2026-01-01T00:00:00Z');

const market = createSimulator();
const time = async <T>(work: () => Promise<T> | T): Promise<[T, number, number]> => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, performance.now() - started, (used.user + used.system) / 1_000];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const [first, cold] = await time(() => market.candles(SYMBOL, '1h', start, end));
const warm: number[] = [];
const cpu: number[] = [];
const serialize: number[] = [];
let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  const [candles, ms, cpuMs] = await time(() => market.candles(SYMBOL, '1h', start, end));
  warm.push(ms);
  cpu.push(cpuMs);
  const [json, jsonMs] = await time(() =>
    JSON.stringify({ data: { symbol: SYMBOL, timeframe: '1h', candles }, timestamp: '' }),
  );
  serialize.push(jsonMs);
  bytes = json.length;
}
const figure = median(warm);
console.log(
  `trading candles: one year of hourly ${SYMBOL} candles (${first!.length} bars) in ${figure.toFixed(1)} ms ` +
    `(median of ${ROUNDS}, CPU ${median(cpu).toFixed(1)} ms; first call in the process ${cold.toFixed(1)} ms; ` +
    `JSON ${median(serialize).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KB; load average ${loadavg()[0]!.toFixed(1)}) ` +
    `— target < ${TARGET_MS} ms: ${figure < TARGET_MS ? 'met' : 'NOT met'} (${(figure / TARGET_MS).toFixed(2)} of the budget)`,
);
