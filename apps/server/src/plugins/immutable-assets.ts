import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { SUMMARIZED_ACCESS_LOG } from './logger';

/** The headers @fastify/static (send) writes for a file; the rest of an answer is per request. */
export const FILE_HEADERS = [
  'accept-ranges',
  'cache-control',
  'content-encoding',
  'content-length',
  'content-type',
  'etag',
  'last-modified',
  'vary',
] as const;

const ENCODING_SUFFIX: Record<string, string> = { br: '.br', gzip: '.gz' };

/** Distinct Accept-Encoding values remembered per file (their bytes are shared); further ones are served from disk. */
const MAX_VARIANTS_PER_FILE = 16;

interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}

/** A plain whole-file request: ranges and revalidations go to @fastify/static. */
const isPlainRequest = (request: FastifyRequest) => {
  const h = request.headers;
  return (
    h.range === undefined &&
    h['if-none-match'] === undefined &&
    h['if-modified-since'] === undefined &&
    h['if-match'] === undefined &&
    h['if-unmodified-since'] === undefined &&
    h['if-range'] === undefined
  );
};

function readVariant(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // not kept: the next request is served from disk again
  }
}

/** Source maps are never served: they would hand every visitor the app's original source. */
const isSourceMap = (name: string) => name.endsWith('.map');

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []; // as @fastify/static: dot files are not served
    if (isSourceMap(entry.name)) return [];
    const relative = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(root, relative) : entry.isFile() ? [relative] : [];
  });
}

/**
 * The hashed build output under `dir` (their names change with their content, so they never change
 * under one name) served from memory: stat, open, read and close were ≈ 45 % of a static answer's
 * CPU. Each file's first answer per Accept-Encoding value comes from @fastify/static (`sendFile`,
 * with its negotiation of the pre-compressed twins and its headers); its file headers and the bytes
 * of the variant it chose are kept, and the same request is answered from them afterwards. Ranges
 * and conditional requests always go to @fastify/static. Needs @fastify/static registered with
 * `dir` in its `globIgnore` (these routes replace its own).
 */
export function registerImmutableAssets(app: FastifyInstance, root: string, dir: string): void {
  // a route per file, and one access-log summary for them all
  const config = { ...SUMMARIZED_ACCESS_LOG, accessLogRoute: `/${dir}/*` };
  for (const file of filesUnder(root, dir)) {
    const answers = new Map<string, Answer>();
    // the bytes of each variant once (plain, .br, .gz), however many Accept-Encoding values lead to it
    const bodies = new Map<string, Buffer>();

    const remember: onSendHookHandler = (request, reply, payload, done) => {
      const key = request.headers['accept-encoding'] ?? '';
      if (
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        isPlainRequest(request) &&
        !answers.has(key) &&
        answers.size < MAX_VARIANTS_PER_FILE
      ) {
        const headers: Record<string, string> = {};
        for (const name of FILE_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const variant = file + (ENCODING_SUFFIX[headers['content-encoding'] ?? ''] ?? '');
        // once per file and Accept-Encoding value, a few KB: read at once, so the next request finds it
        const body = bodies.get(variant) ?? readVariant(path.join(root, variant));
        // what was sent is what is kept: a file changed since would not match its length
        if (body && Number(headers['content-length']) === body.length) {
          bodies.set(variant, body);
          answers.set(key, { headers, body });
        }
      }
      done(null, payload);
    };

    app.route({
      method: ['GET', 'HEAD'],
      url: `/${file}`,
      // files of the web app, not the API: left out of the OpenAPI document
      schema: { hide: true },
      config,
      onSend: remember,
      handler(request, reply) {
        const answer = isPlainRequest(request) ? answers.get(request.headers['accept-encoding'] ?? '') : undefined;
        if (!answer) return reply.sendFile(file, root);
        return reply.headers(answer.headers).send(answer.body);
      },
    });
  }
}
