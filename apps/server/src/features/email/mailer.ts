import type { ReactElement } from 'react';
import type { FastifyInstance } from 'fastify';

/** The mail subsystem's contract (apps/server/src/plugins/mail): an outbox row now, SMTP delivery by a job. */
export interface MailEnqueueInput {
  to: string;
  subject: string;
  template: string;
  react: ReactElement;
  replyTo?: string;
  headers?: Record<string, string>;
}
export interface Mailer {
  enqueue(input: MailEnqueueInput): Promise<{ id: string }>;
}

export function requireMailer(app: FastifyInstance): Mailer {
  const mail = (app as unknown as { mail?: Mailer }).mail;
  if (!mail) throw new Error('The mail plugin is not registered (app.mail is missing)');
  return mail;
}
