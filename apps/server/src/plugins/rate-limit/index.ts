import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { messageForStatus } from '@tp/shared';

export interface CounterResult {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

const hitStatement = (key: string, windowMs: number) => sql`insert into rate_limits (key, count, reset_at)
       values (${key}, 1, now() + (${windowMs}::bigint * interval '1 millisecond'))
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count, greatest(0, floor(extract(epoch from (reset_at - now())) * 1000)) as ttl_ms`;

/**
 * Adds one hit to a fixed-window counter kept in the database, so every instance shares it.
 * One statement: insert, or increment, or restart the window when it has expired. `relaxed`
 * commits without waiting for the disk (a hit lost in a crash is harmless; a request waiting
 * for an fsync on every call is not): for counters on hot paths such as search.
 */
export async function hitCounter(
  database: Database,
  key: string,
  windowMs: number,
  options: { relaxed?: boolean } = {},
): Promise<CounterResult> {
  const hit = async (executor: DbExecutor) => {
    const result = (await executor.execute(hitStatement(key, windowMs))) as unknown as {
      rows: Array<{ count: number; ttl_ms: string | number }>;
    };
    const row = result.rows[0]!;
    return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
  };
  if (!options.relaxed) return hit(database.db);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return hit(tx);
  });
}

/** Reads a counter without changing it. */
export async function peekCounter(database: Database, key: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    'select count from rate_limits where key = $1 and reset_at > now()',
    [key],
  );
  return rows[0] ? Number(rows[0].count) : 0;
}

/** Deletes expired counters; called from a periodic job. */
export async function pruneCounters(database: Database): Promise<void> {
  await database.query('delete from rate_limits where reset_at <= now()');
}

/**
 * @fastify/rate-limit with its counters in the database. Not global: a route opts in with
 * `config: { rateLimit: { max, timeWindow } }`. WebSocket upgrades are never counted.
 */
export async function registerRateLimit(app: FastifyInstance, database: Database): Promise<void> {
  class DatabaseStore {
    // the plugin constructs the root store with its options; routes get children named after them
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global';
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hitCounter(database, `rl:${this.prefix}:${key}`, timeWindow).then(
        (r) => callback(null, { current: r.count, ttl: r.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    /** One counter per route: the plugin passes the route's options as `routeInfo`. */
    child(params: { routeInfo?: { method?: string | string[]; url?: string; path?: string } }) {
      const route = params.routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseStore(`${method}:${route.url ?? route.path ?? ''}`);
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: DatabaseStore as never,
    skipOnError: false,
    allowList: (request) => request.url.startsWith('/ws/'),
    // a client that reset its connection has no address left; its request fails on its own
    keyGenerator: (request) => request.ip ?? 'disconnected',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      error: messageForStatus(429),
      code: 'RATE_LIMITED',
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}
