import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxListSchema, devMailboxMessageSchema, errorResponseSchema, text } from '@tp/shared';
import { forbidden, notFound } from '../../plugins/errors';
import { canReadDevMailbox } from '../../plugins/local-client';
import { getOutboxMessage, listOutboxMessages } from './dev-mailbox.service';
import { mountAt } from '../../plugins/mount';

/**
 * The development mailbox: every outbox message, readable in the browser and by tests. It exists
 * only while no SMTP relay is configured, and answers only clients on this machine unless
 * DEV_MAILBOX_ALLOW_REMOTE=true: anyone who reads it can sign in as anyone.
 */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  if (!config.mail.devMailbox) {
    app.log.info(
      config.mail.smtpUrl
        ? 'The dev mailbox is off: e-mail goes out through the SMTP relay (SMTP_URL)'
        : 'The dev mailbox is off (DEV_MAILBOX=false): e-mail stays in the outbox unread',
    );
    return;
  }
  if (config.mail.devMailboxAllowRemote) {
    app.log.warn(
      `The dev mailbox is on at ${config.publicUrl}/dev/mailbox and answers any client (DEV_MAILBOX_ALLOW_REMOTE=true): whoever reaches this server can read sign-in links. Set SMTP_URL before exposing it.`,
    );
  } else {
    app.log.info(
      `The dev mailbox is on at ${config.publicUrl}/dev/mailbox (no SMTP_URL); it answers loopback clients on this machine only`,
    );
  }
  app.addHook('onRequest', async (request) => {
    if (!canReadDevMailbox(config, request)) {
      throw forbidden(
        'The dev mailbox answers only on the machine that runs the server (set DEV_MAILBOX_ALLOW_REMOTE=true to open it)',
      );
    }
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Outbox messages, newest first (development only)',
        querystring: z.object({
          to: text().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: devMailboxListSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listOutboxMessages(app.deps, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One outbox message with its HTML and text (development only)',
        params: z.object({ id: z.uuid() }),
        response: { 200: devMailboxMessageSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const message = await getOutboxMessage(app.deps, request.params.id);
      if (!message) throw notFound();
      return message;
    },
  );
};
export default mountAt('/api/dev/mailbox', devMailboxRoutes);
