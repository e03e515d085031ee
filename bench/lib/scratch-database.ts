import pg from 'pg';

/** The PostgreSQL server a bench may use: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL. */
export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** A scratch database on the given server (dropped afterwards), so a bench never writes into a real one. */
export async function withScratchDatabase(
  serverUrl: string,
  bench: string,
  use: (url: string) => Promise<void>,
): Promise<void> {
  const url = new URL(serverUrl);
  const name = `tp_bench_${bench}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
