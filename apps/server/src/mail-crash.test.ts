import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestSmtp, type TestSmtp } from './test/kit';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { tempDir } from './test/temp-dirs';

/**
 * A `kill -9` while the relay holds a message it has received but not yet answered: the outcome is
 * unknown to the server, so it must send the message again — soon after the restart, with the same
 * Message-ID (receivers and relays de-duplicate on it), and say that it did.
 */
describe('a server killed in the middle of an SMTP delivery (embedded database)', () => {
  let smtp: TestSmtp | undefined;
  const servers: ServerProcess[] = [];
  const releases: Array<() => void> = [];
  afterAll(async () => {
    releases.splice(0).forEach((release) => release());
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await smtp?.close();
  });

  it('sends the in-flight message again after the restart, with the same Message-ID, within seconds', async () => {
    // the relay answers nothing until released: every delivery stays in flight
    smtp = await startTestSmtp({ beforeAnswer: () => new Promise<void>((release) => releases.push(release)) });
    const env = { SMTP_URL: smtp.url, DATA_DIR: tempDir('tp-crash-') };

    const first = await startServerProcess(env);
    servers.push(first);
    const email = 'in-flight@example.com';
    expect((await first.fetch('/api/auth/magic-link', { json: { email } })).status).toBe(200);
    const original = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(email), 30_000);

    await first.stop('SIGKILL');
    // from here the relay accepts: the first copy counts as delivered, as a real relay may have done
    releases.splice(0).forEach((release) => release());
    smtp.messages.length = 0;

    // the restart waits up to ~10 s for the dead process's lock on the data directory to turn stale
    const second = await startServerProcess(env);
    servers.push(second);
    const restartedAt = Date.now();
    const again = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes(email), 60_000);
    const resentAfterSeconds = (Date.now() - restartedAt) / 1000;

    expect(again.messageId).toBe(original.messageId);
    expect(again.text).toBe(original.text);
    // not after the lock and job expiry (120 s before): the job is retried as the server starts
    expect(resentAfterSeconds, `resent ${resentAfterSeconds} s after the restart`).toBeLessThan(30);
    // the log is written in batches (at most a second behind): wait for the line rather than expect it at once
    await vi.waitFor(() => expect(second.output()).toMatch(/previous delivery attempt was interrupted/), {
      timeout: 5_000,
    });
  }, 300_000);
});
