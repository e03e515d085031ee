import type { FastifyBaseLogger } from 'fastify';

export type RelayStatus = 'ok' | 'error' | 'dev';

export interface RelayMonitor {
  /** The relay's state as last seen: by the periodic check or by the latest delivery. */
  status(): Promise<RelayStatus>;
  /** A delivery's outcome says as much about the relay as a check does. */
  observe(reachable: boolean): void;
  /** Checks the relay now (connect, greet, authenticate); the mail plugin runs it periodically with `jobs.every`. */
  check(): Promise<void>;
}

/** nodemailer's codes for a relay that cannot be reached or will not let us in. */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ECONNREFUSED']);

export function relayUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

const FIRST_CHECK_WAIT_MS = 3_000;

/**
 * The SMTP relay's state, kept by checks in the background (nodemailer's verify) and by deliveries,
 * so a health request reads a cached state and never opens a connection itself.
 */
export function createRelayMonitor(verify: (() => Promise<unknown>) | null, log: FastifyBaseLogger): RelayMonitor {
  if (!verify) {
    return { status: async () => 'dev', observe: () => undefined, check: async () => undefined };
  }
  let state: 'ok' | 'error' | 'unknown' = 'unknown';
  let firstCheck: Promise<void> | null = null;

  const record = (reachable: boolean, error?: unknown) => {
    const next = reachable ? 'ok' : 'error';
    if (next === 'error' && state !== 'error')
      log.warn({ err: error }, 'The SMTP relay cannot be reached; mail waits in the outbox');
    if (next === 'ok' && state === 'error') log.info('The SMTP relay is reachable again');
    state = next;
  };
  const check = () => {
    const checked = verify().then(
      () => record(true),
      (error: unknown) => record(false, error),
    );
    firstCheck ??= checked;
    return checked;
  };

  return {
    async status() {
      if (state === 'unknown') {
        const first = firstCheck ?? check();
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([first, new Promise((resolve) => (waited = setTimeout(resolve, FIRST_CHECK_WAIT_MS)))]);
        clearTimeout(waited);
      }
      // a relay that has not answered a first check within seconds is not one to report as working
      return state === 'ok' ? 'ok' : 'error';
    },
    observe: (reachable) => record(reachable),
    check,
  };
}
