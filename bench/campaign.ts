// Campaign sending: a 10,000-recipient campaign sent by the built server (apps/server/dist), running
// as a production process of its own, to an SMTP sink in this process on loopback, with the send
// rate lifted. The sender, a session of theirs and a contact list of BENCH_RECIPIENTS contacts are
// seeded into the database; the campaign is then created and sent the way the composer does it
// (POST /api/campaigns with isImmediate, signed in) and polled like its progress bar
// (GET /api/campaigns/:id every 100 ms) until it is marked sent. Prints messages per second (from
// the POST until the campaign is marked sent), CPU per message of the server process (and of its
// PostgreSQL backends), and the server's memory from /proc: VmRSS before, its peak sampled every
// 20 ms while sending, and VmHWM (the process's peak since it started, start-up included).
// PGlite in a fresh data directory (what `npm start` uses), then PostgreSQL when BENCH_DATABASE_URL,
// TEST_DATABASE_URL or DATABASE_URL is set (in a scratch database).
// Run: npm run build -w apps/server && node --import tsx bench/campaign.ts   (or `npm run bench -- campaign`)
// BENCH_RECIPIENTS (default 10000), BENCH_CONCURRENCY (MAIL_CONCURRENCY, default 8),
// BENCH_SMTP_POOL (default 1: pooled SMTP connections, as SMTP_URL's ?pool=true does),
// BENCH_DATABASES=postgres|pglite (default both), BENCH_SERVER_NODE_ARGS (flags of the server process,
// e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--heap-prof").
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { Connection } from '../apps/server/src/db/client';
import {
  backendPids,
  benchServerUrl,
  cpuSecondsOf,
  memoryOf,
  seedSignedInUsers,
  startBuiltServer,
  withDataDir,
  withScratchDatabase,
} from './lib/servers';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOL = (process.env.BENCH_SMTP_POOL ?? '1') !== '0';
const TIMEOUT_MS = 10 * 60_000;
const TARGET_RATE = 300;
const TARGET_RSS = 300 * 1_048_576;

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

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

/** The bench's sender with one contact list of RECIPIENTS contacts; its id is written to `listId`. */
function seedContacts(into: { listId?: string }) {
  return async (database: Connection, userIds: string[]) => {
    const { rows } = await database.query<{ id: string }>(
      `insert into contact_lists (user_id, name) values ($1, 'bench') returning id`,
      [userIds[0]],
    );
    into.listId = rows[0]!.id;
    await database.db.execute(sql`
      with c as (
        insert into contacts (user_id, email, name)
        select ${userIds[0]}, 'reader-' || g || '@example.net', 'Reader ' || g from generate_series(1, ${RECIPIENTS}) g
        returning id)
      insert into contact_list_members (list_id, contact_id) select ${into.listId}, id from c`);
  };
}

async function measure(
  label: string,
  where: { databaseUrl?: string; pgliteDir?: string },
  env: Record<string, string>,
) {
  const seeded: { listId?: string } = {};
  const [token] = await seedSignedInUsers(where, 1, seedContacts(seeded));
  received = 0;
  const server = await startBuiltServer({
    ...env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}${POOL ? `?pool=true&maxConnections=${CONCURRENCY}&maxMessages=1000` : ''}`,
    MAIL_FROM: 'Trading Portal <campaigns@portal.example.com>',
    MAIL_RATE_PER_SECOND: '0',
    MAIL_CONCURRENCY: String(CONCURRENCY),
    CAMPAIGN_DAILY_RECIPIENT_QUOTA: String(RECIPIENTS),
  });
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseURL}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as { data: T };
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  try {
    // what the composer shows before sending: the lists with their counts
    const lists = await api<Array<{ id: string; count: number }>>('GET', '/api/contact-lists');
    if (lists.find((l) => l.id === seeded.listId)?.count !== RECIPIENTS)
      throw new Error('the seeded list is not there');
    const backends = where.databaseUrl ? await backendPids(where.databaseUrl) : [];
    const databaseCpu = () => backends.reduce((t, pid) => t + cpuSecondsOf(pid), 0);

    const before = memoryOf(server.pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(server.pid).rss);
      } catch {
        // the process is gone: the run fails below
      }
    }, 20);
    const cpuBefore = { server: cpuSecondsOf(server.pid), database: databaseCpu() };
    const started = performance.now();
    const campaign = await api<{ id: string }>('POST', '/api/campaigns', {
      name: 'Bench',
      subject: 'Bench campaign',
      template: 'newsletter',
      message: 'Dear reader,\n\nThe report: https://example.com/report\n\nRegards',
      selectedLists: [seeded.listId],
      attachedFiles: [],
      scheduledFor: null,
      isImmediate: true,
    });
    const accepted = performance.now();
    let detail: { status: string; delivered: number; failed: number };
    for (;;) {
      detail = await api('GET', `/api/campaigns/${campaign.id}`);
      if (detail.status === 'sent') break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not sent in time: ${received} received`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSecondsOf(server.pid) - cpuBefore.server;
    const dbCpu = databaseCpu() - cpuBefore.database;
    clearInterval(sampler);
    const after = memoryOf(server.pid);
    peak = Math.max(peak, after.rss);
    if (detail.delivered !== RECIPIENTS || received !== RECIPIENTS) {
      throw new Error(`delivered ${detail.delivered}, received ${received}, expected ${RECIPIENTS}`);
    }
    const rate = RECIPIENTS / seconds;
    console.log(
      `campaign (${label}, built server): ${RECIPIENTS} messages in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} messages/s ` +
        `(POST answered in ${((accepted - started) / 1000).toFixed(2)} s; concurrency ${CONCURRENCY}, ` +
        `SMTP ${POOL ? 'pooled' : 'a connection per message'}); CPU per message: server ${((serverCpu * 1000) / RECIPIENTS).toFixed(2)} ms ` +
        `(${(RECIPIENTS / serverCpu).toFixed(0)} messages per CPU second)` +
        `${backends.length > 0 ? `, PostgreSQL ${((dbCpu * 1000) / RECIPIENTS).toFixed(2)} ms` : ' (PGlite in process)'}; ` +
        `server RSS before ${mb(before.rss)}, peak while sending ${mb(peak)}, after ${mb(after.rss)}, VmHWM ${mb(after.peak)} ` +
        `(start-up included); load average ${loadavg()[0]!.toFixed(1)} — targets ≥ ${TARGET_RATE}/s: ` +
        `${rate >= TARGET_RATE ? 'met' : 'NOT met'}, RSS < ${mb(TARGET_RSS)}: ${peak < TARGET_RSS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
  }
}

try {
  // BENCH_DATABASES=postgres (or pglite) measures one of them
  const only = process.env.BENCH_DATABASES;
  if (only !== 'postgres') {
    await withDataDir('tp-bench-campaign-', (dataDir) =>
      measure('PGlite, data directory', { pgliteDir: path.join(dataDir, 'db') }, { DATA_DIR: dataDir }),
    );
  }
  const serverUrl = benchServerUrl();
  if (only === 'pglite') {
    // measured above
  } else if (serverUrl) {
    await withDataDir('tp-bench-campaign-pg-', (dataDir) =>
      withScratchDatabase(serverUrl, 'tp_bench_campaign', (url) =>
        measure('PostgreSQL', { databaseUrl: url }, { DATABASE_URL: url, DATA_DIR: dataDir }),
      ),
    );
  } else {
    console.log(
      'campaign (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://... to measure it',
    );
  }
} finally {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
process.exit(process.exitCode ?? 0);
