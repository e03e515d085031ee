import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignResponseSchema, type CampaignDetail } from '@tp/shared';
import {
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  signInThrough,
  startTestSmtp,
  type TestSmtp,
} from '../../test/kit';
import { startServerProcess, startServerProcesses, type ServerProcess } from '../../test/server-process';
import { addresses, arrivalsBySubject, startCampaignThrough } from './campaigns-test-kit';

/**
 * The delivery guarantee with real processes on one PostgreSQL (this file runs in the PostgreSQL
 * pass): a process killed mid-campaign loses no recipient and resends only what was in flight,
 * with the same Message-ID; two processes sending one campaign send each recipient exactly once.
 */

const CONCURRENCY = 4;

function waitUntilSent(server: ServerProcess, token: string, id: string, timeoutMs: number): Promise<CampaignDetail> {
  return vi.waitFor(
    async () => {
      const campaign = campaignResponseSchema.parse(
        await (await server.fetch(`/api/campaigns/${id}`, { token })).json(),
      ).data;
      if (campaign.status === 'sent') return campaign;
      throw new Error(`campaign not sent in ${timeoutMs} ms: ${JSON.stringify(campaign)}\n${server.output()}`);
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

describe('campaign delivery with real processes on PostgreSQL', () => {
  let smtp: TestSmtp | undefined;
  let servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    servers = [];
    await smtp?.close();
  });

  async function environment() {
    await resetDatabase(await getTestDatabase());
    smtp = await startTestSmtp({ acceptDelayMs: 15 });
    return {
      DATABASE_URL: (await getTestDatabaseUrl())!,
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_SECOND: '0',
      MAIL_CONCURRENCY: String(CONCURRENCY),
    };
  }

  it(
    'resumes after kill -9 mid-send: every recipient at least once, duplicates only of messages in flight, same Message-ID',
    { timeout: 300_000 },
    async () => {
      const env = await environment();
      const first = await startServerProcess(env);
      servers.push(first);
      const { token } = await signInThrough(first, smtp!, 'crash@example.com');
      const emails = addresses('crash', 400);
      const id = await startCampaignThrough(first.fetch, token, emails, 'Crash test');
      await smtp!.waitForMessage(() => arrivalsBySubject(smtp!, 'Crash test').size >= 80, 60_000);
      await first.stop('SIGKILL');
      const atCrash = arrivalsBySubject(smtp!, 'Crash test').size;
      expect(atCrash).toBeLessThan(emails.length);

      const second = await startServerProcess(env);
      servers.push(second);
      // in-flight messages wait for their claim to lapse (two minutes) before they are tried again
      const done = await waitUntilSent(second, token, id, 240_000);
      expect(done).toMatchObject({ delivered: 400, failed: 0, pending: 0 });

      const got = arrivalsBySubject(smtp!, 'Crash test');
      expect([...got.keys()].sort()).toEqual(emails);
      const duplicates = [...got.values()].filter((ids) => ids.length > 1);
      expect(duplicates.length).toBeLessThanOrEqual(CONCURRENCY);
      for (const ids of duplicates) expect(new Set(ids).size).toBe(1);
    },
  );

  it('sends each recipient exactly once with two processes pumping one campaign', { timeout: 180_000 }, async () => {
    const env = await environment();
    servers = await startServerProcesses(2, env);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { token } = await signInThrough(a, smtp!, 'twins@example.com');
    const emails = addresses('twins', 400);
    const id = await startCampaignThrough(b.fetch, token, emails, 'Two instances');
    const done = await waitUntilSent(a, token, id, 120_000);
    expect(done).toMatchObject({ delivered: 400, failed: 0, pending: 0 });
    const got = arrivalsBySubject(smtp!, 'Two instances');
    expect([...got.keys()].sort()).toEqual(emails);
    expect([...got.values()].every((ids) => ids.length === 1)).toBe(true);
    expect(new Set([...got.values()].flat()).size).toBe(400);
  });
});
