// Campaign sending: a 10,000-recipient campaign from the real app (pump, outbox, SMTP through
// Nodemailer) to an SMTP server in this process on loopback, with the send rate lifted. Prints
// messages per second (from the start of sending until the campaign is marked sent) and peak RSS.
// Each database runs in a child process of its own, so its peak RSS is its own: the embedded
// PGlite in a fresh data directory (what `npm start` uses), then PostgreSQL when
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set (in a scratch database).
// Run: node --import tsx bench/campaign.ts   (or `npm run bench -- campaign`)
// BENCH_RECIPIENTS (default 10000), BENCH_CONCURRENCY (MAIL_CONCURRENCY, default 8),
// BENCH_SMTP_POOL (default 1: pooled SMTP connections, as SMTP_URL's ?pool=true does),
// BENCH_DATABASES=postgres|pglite (default both), BENCH_NODE_ARGS (flags of the measured process).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOL = (process.env.BENCH_SMTP_POOL ?? '1') !== '0';
const TIMEOUT_MS = 10 * 60_000;

async function child(label: string, databaseUrl: string | undefined): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app');
  const { openDatabase, runMigrations } = await import('../apps/server/src/db/client');
  const { loadConfig } = await import('../apps/server/src/config');
  const { users, contactLists, campaigns } = await import('../apps/server/src/db/schema');
  const { createCampaign } = await import('../apps/server/src/features/campaigns/campaigns.service');

  let received = 0;
  const smtp = new SMTPServer({
    // a relay's own work (reverse DNS of the client) is not what is measured
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-campaign-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing',
    PUBLIC_URL: 'https://portal.example.com',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}${POOL ? `?pool=true&maxConnections=${CONCURRENCY}&maxMessages=1000` : ''}`,
    MAIL_RATE_PER_SECOND: '0',
    MAIL_CONCURRENCY: String(CONCURRENCY),
    CAMPAIGN_DAILY_RECIPIENT_QUOTA: String(RECIPIENTS),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const inMemory = label.includes('memory') ? await openDatabase({}) : undefined;
  if (inMemory) await runMigrations(inMemory);
  const app = await buildApp(config, { logger: false, database: inMemory });
  await app.ready();
  try {
    const db = app.deps.db;
    const [user] = await db.insert(users).values({ email: 'bench@example.com', name: 'Bench Sender' }).returning();
    const [list] = await db.insert(contactLists).values({ userId: user!.id, name: 'bench' }).returning();
    await db.execute(sql`
      with c as (
        insert into contacts (user_id, email, name)
        select ${user!.id}, 'reader-' || g || '@example.net', 'Reader ' || g from generate_series(1, ${RECIPIENTS}) g
        returning id)
      insert into contact_list_members (list_id, contact_id) select ${list!.id}, id from c`);

    let peakRss = process.memoryUsage.rss();
    const baseline = peakRss;
    const atStart = process.memoryUsage();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const campaign = await createCampaign(app.deps, user!, {
      name: 'Bench',
      subject: 'Bench campaign',
      template: 'newsletter',
      message: 'Dear reader,\n\nThe report: https://example.com/report\n\nRegards',
      selectedLists: [list!.id],
      attachedFiles: [],
      scheduledFor: null,
      isImmediate: true,
    });
    const startedSending = performance.now();
    for (;;) {
      const [row] = await db
        .select({ status: campaigns.status, delivered: campaigns.deliveredCount })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id));
      if (row?.status === 'sent') break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not sent in time: ${received} received`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    if (row!.deliveredCount !== RECIPIENTS || received !== RECIPIENTS) {
      throw new Error(`delivered ${row!.deliveredCount}, received ${received}, expected ${RECIPIENTS}`);
    }
    const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
    console.log(
      `campaign (${label}): ${RECIPIENTS} messages in ${seconds.toFixed(1)} s = ${(RECIPIENTS / seconds).toFixed(0)} messages/s ` +
        `(start: recipients + rendering ${((startedSending - started) / 1000).toFixed(2)} s; concurrency ${CONCURRENCY}, ` +
        `SMTP ${POOL ? 'pooled' : 'a connection per message'}); RSS before ${mb(baseline)} (V8 heap ${mb(atStart.heapTotal)}, ` +
        `${mb(atStart.heapUsed)} used; external ${mb(atStart.external)}), peak ${mb(peakRss)}, ` +
        `process max ${mb(process.resourceUsage().maxRSS * 1024)}; this process used ${cpuSeconds.toFixed(1)} s of CPU = ` +
        `${(RECIPIENTS / cpuSeconds).toFixed(0)} messages per CPU second; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A scratch database on the given server, so the bench never writes into a real one. */
async function withScratchDatabase(serverUrl: string, use: (url: string) => void): Promise<void> {
  const url = new URL(serverUrl);
  const name = `tp_bench_campaign_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const self = fileURLToPath(import.meta.url);
// e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the sending process
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const runChild = (label: string, url?: string) => {
  const result = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', self, '--child', label, url ?? ''], {
    stdio: 'inherit',
    // the server's e-mail templates are TSX: compile them with the server's settings (react-jsx)
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(path.dirname(self), '../apps/server/tsconfig.json') },
  });
  if (result.status !== 0) process.exitCode = 1;
};

if (process.argv[2] === '--child') {
  await child(process.argv[3]!, process.argv[4] || undefined);
  process.exit(0);
} else {
  // BENCH_DATABASES=postgres (or pglite) measures one of them
  const only = process.env.BENCH_DATABASES;
  if (only !== 'postgres') runChild('PGlite, data directory');
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (only === 'pglite') {
    // measured above
  } else if (serverUrl) await withScratchDatabase(serverUrl, (url) => runChild('PostgreSQL', url));
  else
    console.log(
      'campaign (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://... to measure it',
    );
}
