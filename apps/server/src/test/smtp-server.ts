import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A real SMTP peer for tests: the app delivers to it over the protocol and tests read what arrived. */
export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** SMTP connections opened to this server so far (deliveries and health checks alike). */
  connections(): number;
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
  /**
   * Runs once a message has fully arrived (it is in `messages`) and before the server answers 250:
   * hold it to keep a delivery in flight, as a slow relay does.
   */
  beforeAnswer?: (mail: ParsedMail) => Promise<void>;
  /**
   * Messages kept with their header only (subject, addresses, Message-ID; no body), chosen by
   * their header: for a test that counts thousands of messages, where parsing every body would
   * cost more than sending it.
   */
  headerOnly?: (header: ParsedMail) => boolean;
}

/** Parses the message's header, and its body too unless `headerOnly` says the header is enough. */
async function parse(stream: NodeJS.ReadableStream, headerOnly: (header: ParsedMail) => boolean): Promise<ParsedMail> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const end = raw.indexOf('\r\n\r\n');
  const header = await simpleParser(end === -1 ? raw : raw.subarray(0, end + 4));
  return headerOnly(header) ? header : simpleParser(raw);
}

export async function startTestSmtp(portOrOptions: number | TestSmtpOptions = 0): Promise<TestSmtp> {
  const {
    port = 0,
    rejectRecipient,
    deferRecipient,
    acceptDelayMs = 0,
    beforeAnswer,
    headerOnly,
  } = typeof portOrOptions === 'number' ? { port: portOrOptions } : portOrOptions;
  const messages: ParsedMail[] = [];
  let connections = 0;
  const waiters: Array<() => void> = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
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
      (headerOnly ? parse(stream, headerOnly) : simpleParser(stream))
        .then(async (mail) => {
          if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          await beforeAnswer?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // a client that vanishes mid-session (a sender killed with SIGKILL) resets its connection: a relay
  // shrugs that off, and so does this one
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    connections: () => connections,
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
