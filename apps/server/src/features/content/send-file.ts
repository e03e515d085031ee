import type { FastifyReply } from 'fastify';
import { errorBody } from '../../plugins/errors';
import type { FileBody } from './file-access.service';

/** A file's bytes (or its 304, or 416 in the one error shape) as serveFile made them. */
export async function sendFile(reply: FastifyReply, file: FileBody) {
  reply.code(file.status).headers(file.headers);
  if (file.status === 416) {
    return reply.send(errorBody(416, 'The requested range is not satisfiable'));
  }
  return reply.send(file.body);
}
