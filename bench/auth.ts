// Sign-in throughput: magic-link verify + GET /api/auth/me round trips per second, over HTTP on
// loopback against the real app started in this process. Runs on an in-memory PGlite, then on
// PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set (in a scratch
// database created on that server and dropped afterwards).
// Run: node --import tsx bench/auth.ts   (or `npm run bench -- auth`)
// BENCH_SECONDS (default 3) bounds each measurement; BENCH_CONCURRENCY (default 8) clients at once.
import { withBenchApp } from './lib/bench-app';
import { benchServerUrl, withScratchDatabase } from './lib/servers';
import { oneTimeTokens } from '../apps/server/src/db/schema';
import { hashToken, newOpaqueToken } from '../apps/server/src/plugins/tokens/one-time-tokens';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARM_UP_ROUNDS = 20;
/** More tokens than any run can use: the measurement stops on time, never on an empty supply. */
const TOKENS = 6_000;

interface Figures {
  rounds: number;
  seconds: number;
  p50: number;
  p95: number;
}

async function measure(label: string, databaseUrl?: string): Promise<void> {
  await withBenchApp(
    'auth',
    databaseUrl,
    {
      // as behind a load balancer: each simulated client has its own address (30 verifies an hour per IP)
      TRUST_PROXY: 'true',
    },
    async (app, database) => {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      // tokens as POST /magic-link stores them (hash only); the e-mail round is not what is measured
      const tokens = Array.from({ length: TOKENS }, () => newOpaqueToken());
      const run = Date.now().toString(36);
      for (let start = 0; start < TOKENS; start += 1_000) {
        await database.db.insert(oneTimeTokens).values(
          tokens.slice(start, start + 1_000).map((token, i) => ({
            purpose: 'magic_link',
            tokenHash: hashToken(token),
            email: `bench-${run}-${start + i}@example.com`,
            payload: { name: 'Bench' },
            expiresAt: new Date(Date.now() + 600_000),
          })),
        );
      }

      let next = 0;
      const roundTrip = async (): Promise<number> => {
        const i = next++;
        if (i >= TOKENS) throw new Error('bench ran out of tokens: raise TOKENS');
        const client = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
        const started = performance.now();
        const verified = await fetch(`${address}/api/auth/verify`, {
          method: 'POST',
          headers: { ...client, 'content-type': 'application/json' },
          body: JSON.stringify({ token: tokens[i] }),
        });
        if (verified.status !== 200) throw new Error(`verify ${verified.status} ${await verified.text()}`);
        const { token } = (await verified.json()) as { token: string };
        const me = await fetch(`${address}/api/auth/me`, { headers: { ...client, authorization: `Bearer ${token}` } });
        if (me.status !== 200) throw new Error(`me ${me.status} ${await me.text()}`);
        await me.arrayBuffer();
        return performance.now() - started;
      };

      for (let i = 0; i < WARM_UP_ROUNDS; i += 1) await roundTrip();

      const latencies: number[] = [];
      const started = performance.now();
      const deadline = started + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < deadline) latencies.push(await roundTrip());
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const figures: Figures = {
        rounds: latencies.length,
        seconds,
        p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
        p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
      };
      console.log(
        `auth (${label}): ${(figures.rounds / figures.seconds).toFixed(1)} verify+me round trips/s ` +
          `(${figures.rounds} in ${figures.seconds.toFixed(1)} s over loopback HTTP, concurrency ${CONCURRENCY}, ` +
          `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms)`,
      );
    },
  );
}

await measure('PGlite in memory');
const serverUrl = benchServerUrl();
if (serverUrl) await withScratchDatabase(serverUrl, 'tp_bench_auth', (url) => measure('PostgreSQL', url));
else
  console.log(
    'auth (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://... to measure it',
  );
process.exit(0);
