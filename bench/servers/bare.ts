// The bare baselines of bench/framework.ts: Fastify with nothing but the one route being compared.
// BARE_KIND=config  answers the bytes in BARE_BODY_FILE as JSON
// BARE_KIND=me      reads one user row by id with node-postgres (DATABASE_URL) and answers it as JSON
// BARE_KIND=static  serves BARE_STATIC_ROOT with @fastify/static
// BARE_FEATURES=1   adds what every answer of the real server carries, done Fastify's plain way: a
//                   pino logger (one "request completed" line per request, to stdout), the answer
//                   headers in BARE_HEADERS_FILE (a JSON object) set by an onRequest hook, and the
//                   request id echoed — the floor Fastify itself puts under those features
// BARE_FEATURES=headers  only the same answer bytes: the headers in BARE_HEADERS_FILE and an
//                   X-Request-ID of the real one's length, set in the route's handler; no log
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';
import fastifyStatic from '@fastify/static';
import pg from 'pg';

const kind = process.env.BARE_KIND;
class CompletedLineOnly extends LogController {
  override incomingRequest(): void {}
}

const withFeatures = process.env.BARE_FEATURES === '1';
const sameHeaders =
  process.env.BARE_FEATURES === 'headers'
    ? (JSON.parse(readFileSync(process.env.BARE_HEADERS_FILE!, 'utf8')) as Record<string, string>)
    : null;
const idPrefix = randomUUID().slice(0, 24);
let answered = 0;
const app = withFeatures
  ? Fastify({ logger: { level: 'info' }, logController: new CompletedLineOnly(), genReqId: () => randomUUID() })
  : Fastify({ logger: false });
if (withFeatures) {
  const headers = JSON.parse(readFileSync(process.env.BARE_HEADERS_FILE!, 'utf8')) as Record<string, string>;
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    done();
  });
}

if (kind === 'config') {
  const body = readFileSync(process.env.BARE_BODY_FILE!, 'utf8');
  app.get('/api/config', (_request, reply) => {
    if (sameHeaders) {
      void reply.headers(sameHeaders).header('x-request-id', idPrefix + (answered++).toString(16).padStart(12, '0'));
    }
    void reply.type('application/json; charset=utf-8').send(body);
  });
} else if (kind === 'me') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const userId = process.env.BARE_USER_ID!;
  app.get('/api/auth/me', async () => {
    const { rows } = await pool.query('select * from users where id = $1', [userId]);
    return { user: rows[0] };
  });
} else if (kind === 'static') {
  await app.register(fastifyStatic, { root: process.env.BARE_STATIC_ROOT!, wildcard: false, preCompressed: true });
} else {
  throw new Error(`BARE_KIND must be config, me or static (got ${kind})`);
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
