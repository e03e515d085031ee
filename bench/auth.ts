// Sign-in throughput: magic-link verify + GET /me round trips per second, through the real app
// (Fastify inject, no network) on an in-memory PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
// Run: node --import tsx bench/auth.ts   (or `npm run bench -- auth`)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, runMigrations } from '../apps/server/src/db/client';
import { oneTimeTokens } from '../apps/server/src/db/schema';
import { hashToken, newOpaqueToken } from '../apps/server/src/features/auth/tokens';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CONCURRENCY = 8;

async function bench(label: string, databaseUrl?: string) {
  const database = await openDatabase({ databaseUrl });
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tp-bench-auth-')),
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const tokens = Array.from({ length: ROUNDS }, () => newOpaqueToken());
    const run = `${Date.now()}`;
    await database.db.insert(oneTimeTokens).values(
      tokens.map((token, i) => ({
        purpose: 'magic_link',
        tokenHash: hashToken(token),
        email: `bench-${run}-${i}@example.com`,
        payload: { name: 'Bench' },
        expiresAt: new Date(Date.now() + 600_000),
      })),
    );
    let next = 0;
    const roundTrip = async () => {
      const i = next++;
      // each simulated client has its own address, as real users would (the per-IP limit is 30 an hour)
      const remoteAddress = `127.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: tokens[i] }, remoteAddress });
      if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode} ${verified.body}`);
      const me = await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${verified.json().token}` }, remoteAddress });
      if (me.statusCode !== 200) throw new Error(`me ${me.statusCode}`);
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ROUNDS) await roundTrip();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`auth (${label}): ${(ROUNDS / seconds).toFixed(1)} verify+me round trips/s (${ROUNDS} rounds, concurrency ${CONCURRENCY})`);
  } finally {
    await app.close();
    await database.close();
  }
}

await bench('PGlite in memory');
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await bench('PostgreSQL', pgUrl);
else console.log('auth (PostgreSQL): skipped — set BENCH_DATABASE_URL=postgres://... to measure it');
process.exit(0);
