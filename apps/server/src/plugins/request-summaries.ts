import type { FastifyBaseLogger } from 'fastify';

/** How often the counted requests are written out, a line per route that had any. */
export const SUMMARY_INTERVAL_MS = 60_000;

/** What one route's counted requests of one method came to since the last summary. */
interface RouteTally {
  /** `GET /api/config`: the method and the route's pattern. */
  route: string;
  count: number;
  totalMs: number;
  maxMs: number;
  statusCodes: Record<number, number>;
}

/** A time in ms rounded to whole µs, as the request lines write theirs. */
export const inWholeMicroseconds = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * Requests counted per route instead of written a line each (decision 0032): each interval, one
 * `requests summarized` line per route with how many there were, their status codes and their mean
 * and longest time. The clock runs from the first request counted, and what is counted when the app
 * closes is written then; after that nothing more is counted (the caller writes a line instead).
 */
export class RequestSummaries {
  /**
   * Per route, then per method. A route is known by its config object (one per route, shared by its
   * methods), or by the `accessLogRoute` that several routes share.
   */
  private tallies = new Map<object | string, Record<string, RouteTally>>();
  private since = 0;
  private timer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;
  private stopped = false;

  constructor(private readonly intervalMs = SUMMARY_INTERVAL_MS) {}

  /**
   * One request of `method` to a route, answered `statusCode` in `ms`; false once stopped. The route
   * is known by its config object: a key made of its method and URL per request cost more than the
   * rest together.
   */
  count(
    log: FastifyBaseLogger,
    route: { config: { accessLogRoute?: string }; url?: string },
    method: string,
    statusCode: number,
    ms: number,
  ): boolean {
    if (this.stopped) return false;
    const shared = route.config.accessLogRoute;
    const key = shared ?? route.config;
    let byMethod = this.tallies.get(key);
    if (!byMethod) {
      byMethod = {};
      this.tallies.set(key, byMethod);
    }
    let tally = byMethod[method];
    if (!tally) {
      tally = { route: `${method} ${shared ?? route.url}`, count: 0, totalMs: 0, maxMs: 0, statusCodes: {} };
      byMethod[method] = tally;
    }
    tally.count++;
    tally.totalMs += ms;
    if (ms > tally.maxMs) tally.maxMs = ms;
    tally.statusCodes[statusCode] = (tally.statusCodes[statusCode] ?? 0) + 1;
    if (!this.timer) {
      this.log = log;
      this.since = Date.now();
      this.timer = setInterval(() => this.write(), this.intervalMs).unref();
    }
    return true;
  }

  /** Writes what was counted since the last summary, and starts the next. */
  write(): void {
    const now = Date.now();
    const seconds = Math.round((now - this.since) / 1000);
    this.since = now;
    if (this.tallies.size === 0 || !this.log) return;
    for (const tally of [...this.tallies.values()].flatMap((byMethod) => Object.values(byMethod))) {
      this.log.info(
        {
          route: tally.route,
          count: tally.count,
          statusCodes: tally.statusCodes,
          responseTime: {
            mean: inWholeMicroseconds(tally.totalMs / tally.count),
            max: inWholeMicroseconds(tally.maxMs),
          },
          seconds,
        },
        'requests summarized',
      );
    }
    this.tallies = new Map();
  }

  /** Writes what is left and counts no more (at close). */
  stop(): void {
    this.stopped = true;
    this.write();
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
