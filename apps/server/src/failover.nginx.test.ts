import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  campaignResponseSchema,
  CONTACT_RATE_LIMIT_PER_HOUR,
  refreshResponseSchema,
  type CampaignDetail,
} from '@tp/shared';
import type { Connection } from './db/client';
import { addresses, arrivalsBySubject, startCampaignThrough } from './features/campaigns/campaigns-test-kit';
import { startTestS3Server, TEST_BUCKET, TEST_CREDENTIALS, type TestS3Server } from './plugins/storage/s3-test-server';
import {
  openQuoteSockets,
  startOrderStream,
  type OrderStream,
  type QuoteSockets,
  type Trader,
} from './test/failover-clients';
import {
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  signInThrough,
  startTestSmtp,
  type TestSmtp,
} from './test/kit';
import { startNginx, type NginxProcess } from './test/nginx-process';
import { freePort, httpClient, startServerProcesses, type HttpClient, type ServerProcess } from './test/server-process';

/**
 * Two instances of the built server behind nginx (deploy/nginx.conf, run as it ships), one
 * PostgreSQL, files in an S3 server, mail to an SMTP peer. While a campaign goes to 5,000
 * recipients, 50 traders place orders and 200 live-quote sockets follow a symbol, one instance is
 * killed with SIGKILL half-way. Nothing acknowledged may be lost or doubled, and the users carry on
 * on the other instance (README, "Several instances"). `npm run test:failover`; CI runs it.
 */

const RECIPIENTS = 5_000;
const TRADERS = 50;
const SOCKETS_PER_TRADER = 4;
const MAIL_CONCURRENCY = 4;
const UPLOADS = 10;
const SUBJECT = 'Harvest prices';
const CONTACTS_BEFORE_KILL = 6;

if (!process.env.TEST_DATABASE_URL) throw new Error('The failover test needs PostgreSQL: set TEST_DATABASE_URL');

interface Scenario {
  killedAt: number;
  campaignId: string;
  sender: { token: string; refreshToken: string };
  traders: Trader[];
  orders: OrderStream;
  sockets: QuoteSockets;
  quotesAtKill: number[];
  uploads: Array<{ id: string; token: string; text: string }>;
  contactsAfterKill: number[];
  campaign: CampaignDetail;
}

const campaignArrivals = (smtp: TestSmtp) => smtp.messages.filter((m) => m.subject === SUBJECT);

async function uploadNote(http: HttpClient, token: string, index: number) {
  const text = `Shipping note ${index}: 40 bags of AA coffee, Mombasa to Hamburg.\n`;
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), `note-${index}.txt`);
  const res = await http('/api/content/upload', { method: 'POST', body: form, token });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${body}`);
  const answer = JSON.parse(body) as { file?: { id: string }; data?: { file: { id: string } } };
  return { id: (answer.data?.file ?? answer.file)!.id, token, text };
}

const contact = (http: HttpClient, n: number) =>
  http('/api/email/send/contact', {
    json: { name: 'Wanjiru', email: 'wanjiru@example.com', message: `Do you ship to Lagos? (${n})` },
  }).then((res) => res.status);

describe('two instances behind nginx, one killed with SIGKILL half-way', () => {
  let database: Connection;
  let s3: TestS3Server;
  let smtp: TestSmtp;
  let servers: ServerProcess[] = [];
  let nginx: NginxProcess;
  let http: HttpClient;
  let scenario: Scenario;

  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    [s3, smtp] = await Promise.all([
      startTestS3Server(),
      startTestSmtp({ headerOnly: (mail) => mail.subject === SUBJECT }),
    ]);
    const gatewayPort = await freePort();
    const env = {
      DATABASE_URL: (await getTestDatabaseUrl())!,
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      TRUST_PROXY: '1',
      // connections kept open between messages, as the README advises for campaigns
      SMTP_URL: `${smtp.url}?pool=true`,
      MAIL_RATE_PER_SECOND: '100',
      MAIL_CONCURRENCY: String(MAIL_CONCURRENCY),
      CAMPAIGN_DAILY_RECIPIENT_QUOTA: String(RECIPIENTS),
      // every user signs in from this machine's one address
      AUTH_REQUESTS_PER_IP_PER_HOUR: '10000',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    };
    servers = await startServerProcesses(2, env, { entry: { dist: 'apps/server/dist' }, nodeEnv: 'production' });
    nginx = await startNginx(
      servers.map((s) => Number(new URL(s.baseURL).port)),
      { port: gatewayPort },
    );
    http = httpClient(nginx.baseURL);
  }, 180_000);

  afterAll(async () => {
    scenario?.sockets.close();
    await scenario?.orders.stop();
    await nginx?.stop();
    // the survivor's graceful stop is not what this test is about
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await Promise.all([smtp?.close(), s3?.close()]);
  });

  it(
    'runs a campaign, an order stream and live quotes through nginx while one instance is killed',
    { timeout: 900_000 },
    async () => {
      const gateway = { fetch: http };
      const sender = await signInThrough(gateway, smtp, 'sender@example.com');
      const traders: Trader[] = [];
      for (let i = 0; i < TRADERS; i += 10) {
        const batch = Array.from({ length: Math.min(10, TRADERS - i) }, (_, j) => `trader-${i + j}@example.com`);
        const signedIn = await Promise.all(batch.map((email) => signInThrough(gateway, smtp, email)));
        traders.push(...signedIn.map((s) => ({ userId: s.user.id, token: s.token })));
      }
      const wsBase = nginx.baseURL.replace('http', 'ws');
      const sockets = openQuoteSockets(wsBase, traders, SOCKETS_PER_TRADER, 'AAPL');
      await sockets.ready;
      const uploads = await Promise.all(traders.slice(0, UPLOADS).map((t, i) => uploadNote(http, t.token, i)));
      for (let n = 0; n < CONTACTS_BEFORE_KILL; n += 1) expect(await contact(http, n)).toBe(200);

      const campaignId = await startCampaignThrough(http, sender.token, addresses('buyer', RECIPIENTS), SUBJECT);
      const orders = startOrderStream(http, traders, 1_000);
      scenario = { sockets, orders } as Scenario;
      await vi.waitFor(
        () => {
          expect(campaignArrivals(smtp).length).toBeGreaterThanOrEqual(RECIPIENTS / 2);
          expect(orders.acknowledged.length).toBeGreaterThanOrEqual(TRADERS);
        },
        { timeout: 300_000, interval: 100 },
      );

      const victim = servers[0]!;
      const quotesAtKill = sockets.sockets.map((s) => s.quotes);
      const killedAt = Date.now();
      await victim.stop('SIGKILL');

      // every socket is back to quotes, and those on the survivor never stopped
      await vi.waitFor(
        () => {
          expect(sockets.sockets.filter((s) => s.waitingSince !== undefined)).toEqual([]);
          expect(sockets.sockets.filter((s, i) => s.quotes < quotesAtKill[i]! + 3)).toEqual([]);
        },
        { timeout: 60_000, interval: 100 },
      );
      // every trader has had orders acknowledged after the kill
      await vi.waitFor(
        () => {
          const after = new Set(orders.acknowledged.filter((o) => o.at > killedAt).map((o) => o.userId));
          expect(after.size).toBe(TRADERS);
        },
        { timeout: 120_000, interval: 100 },
      );
      const contactsAfterKill: number[] = [];
      for (let n = CONTACTS_BEFORE_KILL; n <= CONTACT_RATE_LIMIT_PER_HOUR; n += 1) {
        contactsAfterKill.push(await contact(http, n));
      }
      await orders.stop();
      const campaign = await vi.waitFor(
        async () => {
          const res = await http(`/api/campaigns/${campaignId}`, { token: sender.token });
          const detail = campaignResponseSchema.parse(await res.json()).data;
          if (detail.status !== 'sent') throw new Error(`campaign not sent yet: ${JSON.stringify(detail)}`);
          return detail;
        },
        // messages the killed instance had in flight wait for their delivery lease to run out
        { timeout: 300_000, interval: 500 },
      );
      scenario = {
        killedAt,
        campaignId,
        sender,
        traders,
        orders,
        sockets,
        quotesAtKill,
        uploads,
        contactsAfterKill,
        campaign,
      };
    },
  );

  it('delivered the campaign to every recipient, duplicates at most the concurrency and with the same Message-ID', () => {
    expect(scenario.campaign).toMatchObject({ delivered: RECIPIENTS, failed: 0, pending: 0 });
    const byAddress = arrivalsBySubject(smtp, SUBJECT);
    expect([...byAddress.keys()].sort()).toEqual(addresses('buyer', RECIPIENTS));
    const duplicates = [...byAddress.values()].filter((ids) => ids.length > 1);
    expect(duplicates.length).toBeLessThanOrEqual(MAIL_CONCURRENCY);
    for (const ids of duplicates) expect(new Set(ids).size).toBe(1);
  });

  it('has every acknowledged order in the books once, and the books balance', async () => {
    const { orders, traders, killedAt } = scenario;
    expect(orders.unexpected).toEqual([]);
    expect(orders.acknowledged.filter((o) => o.at > killedAt).length).toBeGreaterThanOrEqual(TRADERS);
    const { rows } = await database.query<{ id: string; user_id: string; idempotency_key: string; status: string }>(
      'select id, user_id, idempotency_key, status from orders',
    );
    const acknowledged = orders.acknowledged.map((o) => `${o.userId} ${o.key} ${o.orderId}`).sort();
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(rows.map((r) => `${r.user_id} ${r.idempotency_key} ${r.id}`).sort()).toEqual(acknowledged);
    expect(rows.filter((r) => r.status !== 'filled')).toEqual([]);

    // per account: cash is the ledger's sum, cash + cost basis − realized P&L is the opening cash,
    // and each position holds what its fills bought less what they sold (docs/trading.md, "Accounting")
    const { rows: accounts } = await database.query<{
      cash: string;
      ledger: string;
      opening: string;
      books: string;
      positions_match: boolean;
    }>(
      `select a.cash_balance::text as cash, a.opening_cash::text as opening,
         (select sum(amount) from cash_ledger l where l.account_id = a.id)::text as ledger,
         (a.cash_balance + (select coalesce(sum(cost_basis - realized_pnl), 0) from positions p where p.account_id = a.id))::text as books,
         (select coalesce(sum(case when f.side = 'buy' then f.quantity else -f.quantity end), 0) from fills f where f.account_id = a.id)
           = (select coalesce(sum(quantity), 0) from positions p where p.account_id = a.id) as positions_match
       from paper_accounts a where a.status = 'active'`,
    );
    expect(accounts).toHaveLength(traders.length);
    for (const account of accounts) {
      expect(account).toMatchObject({ ledger: account.cash, books: account.opening, positions_match: true });
    }
  });

  it('reconnected the sockets of the killed instance to the other within 5 s, and kept the others', () => {
    const { sockets } = scenario;
    const reconnected = sockets.sockets.filter((s) => s.reconnections.length > 0);
    // nginx shares the sockets between the instances: some were on the killed one, some were not
    expect(reconnected.length).toBeGreaterThan(0);
    expect(reconnected.length).toBeLessThan(sockets.sockets.length);
    const slowest = Math.max(...reconnected.flatMap((s) => s.reconnections));
    expect(slowest).toBeLessThanOrEqual(5_000);
  });

  it('carries sessions over: made on either instance, they work, refresh and end on the survivor', async () => {
    const { traders, sender } = scenario;
    const answers = await Promise.all(
      traders.map((t) => http('/api/auth/me', { token: t.token }).then((r) => r.status)),
    );
    expect(answers).toEqual(traders.map(() => 200));
    const refreshed = await http('/api/auth/refresh', { json: { refreshToken: sender.refreshToken } });
    expect(refreshed.status).toBe(200);
    const { token } = refreshResponseSchema.parse(await refreshed.json());
    expect((await http('/api/auth/me', { token })).status).toBe(200);
    expect((await http('/api/auth/logout', { json: {}, token })).status).toBe(200);
    expect((await http('/api/auth/me', { token })).status).toBe(401);
  });

  it('carries rate limits over: the contact form allows ten an hour in all, wherever they landed', () => {
    const allowed = CONTACT_RATE_LIMIT_PER_HOUR - CONTACTS_BEFORE_KILL;
    expect(scenario.contactsAfterKill).toEqual([...Array<number>(allowed).fill(200), 429]);
  });

  it('spread the requests over both instances, passed requests on from the dead one, and logged no token', () => {
    const log = nginx.accessLog();
    for (const server of servers) expect(log).toContain(`upstream=${new URL(server.baseURL).host}/`);
    // `$upstream_addr` lists both when a refused connection was passed on to the other instance
    expect(log).toMatch(/upstream=127\.0\.0\.1:\d+, 127\.0\.0\.1:\d+\//);
    // sign-in links and sockets carry tokens in their query strings
    expect(log).not.toContain('token=');
  });

  it('serves the files uploaded before the kill from the object store', async () => {
    for (const upload of scenario.uploads) {
      const res = await http(`/api/content/download/${upload.id}`, { token: upload.token });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(upload.text);
    }
  });
});
