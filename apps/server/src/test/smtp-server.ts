import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A real SMTP peer for tests: the app delivers to it over the protocol and tests read what arrived. */
export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  waitForMessage(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Port to listen on (0: any free port). */
  port?: number;
  /** Recipients the server refuses with a permanent 550, as a real relay does for unknown mailboxes. */
  rejectRecipient?: (address: string) => boolean;
  /** Recipients refused for now with 451 (greylisting, a full queue): the n-th attempt for the address, from 1. */
  deferRecipient?: (address: string, attempt: number) => boolean;
  /** Milliseconds before each message is accepted: a relay's think time, so messages are in flight for a while. */
  acceptDelayMs?: number;
}

export async function startTestSmtp(portOrOptions: number | TestSmtpOptions = 0): Promise<TestSmtp> {
  const {
    port = 0,
    rejectRecipient,
    deferRecipient,
    acceptDelayMs = 0,
  } = typeof portOrOptions === 'number' ? { port: portOrOptions } : portOrOptions;
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipient?.(address.address)) {
        const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      if (deferRecipient?.(address.address, attempt)) {
        callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async waitForMessage(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`No matching e-mail arrived within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
