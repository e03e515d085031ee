// The bare baselines of bench/framework.ts: Fastify with nothing but the one route being compared.
// BARE_KIND=config  answers the bytes in BARE_BODY_FILE as JSON
// BARE_KIND=me      reads one user row by id with node-postgres (DATABASE_URL) and answers it as JSON
// BARE_KIND=static  serves BARE_STATIC_ROOT with @fastify/static
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import pg from 'pg';

const kind = process.env.BARE_KIND;
const app = Fastify({ logger: false });

if (kind === 'config') {
  const body = readFileSync(process.env.BARE_BODY_FILE!, 'utf8');
  app.get('/api/config', (_request, reply) => {
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
