import { DrizzleQueryError } from 'drizzle-orm';

/** Connection-level failures (Node socket errors and PostgreSQL class 08 / admin shutdown codes). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

const FROM_DATABASE = Symbol.for('trading-portal.database-error');

/** Marks an error as thrown by the database client, so a socket error in it means the database, not a browser. */
export function markDatabaseError<T>(error: T): T {
  if (error && typeof error === 'object') Object.defineProperty(error, FROM_DATABASE, { value: true });
  return error;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    chain.push(e);
    if (e instanceof AggregateError) chain.push(...e.errors);
  }
  return chain;
}

/**
 * The database cannot be reached, as opposed to a bug — or to a browser that closed its socket,
 * which is an ECONNRESET too: only an error the database client threw (a Drizzle query, or one
 * marked by db/client.ts) counts.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = causes(error);
  const fromDatabase = chain.some(
    (e) => e instanceof DrizzleQueryError || (e as Record<symbol, unknown>)[FROM_DATABASE] === true,
  );
  return (
    fromDatabase &&
    chain.some((e) => {
      const code = (e as { code?: unknown }).code;
      return typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08'));
    })
  );
}
