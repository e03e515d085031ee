import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from '../../deps';
import { errorBody } from '../errors';
import { hitCounter, pruneCountersEvery } from './counters';

export { addToCounter, counterResult, counterUpsert, hitCounter, peekCounter, type CounterResult } from './counters';

/** Expired counters are deleted this often (and at start), so the table holds only live windows. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * @fastify/rate-limit with its counters in the database. Not global: a route opts in with
 * `config: { rateLimit: { max, timeWindow } }`. WebSocket upgrades are never counted. Expired
 * counters (these and the services' own) are pruned from the table periodically (`jobs.every`).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { connection: database, jobs }: Pick<Deps, 'connection' | 'jobs'>,
): Promise<void> {
  pruneCountersEvery(jobs, database, PRUNE_EVERY_MS);
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
      ...errorBody(429),
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}
