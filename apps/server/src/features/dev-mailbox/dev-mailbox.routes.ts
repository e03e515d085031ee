import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxListSchema, devMailboxMessageSchema, errorResponseSchema } from '@tp/shared';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { notFound } from '../../plugins/errors';

/** The development mailbox: every outbox message, readable in the browser and by tests. */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  app.addHook('onRequest', async () => {
    if (!config.mail.devMailbox) throw notFound('The dev mailbox is disabled');
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Outbox messages, newest first (development only)',
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: devMailboxListSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(request.query.to ? eq(emailOutbox.toAddress, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(request.query.limit);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          template: r.template,
          status: r.status,
          attempts: r.attempts,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One outbox message with its HTML and text (development only)',
        params: z.object({ id: z.uuid() }),
        response: { 200: devMailboxMessageSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const [r] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, request.params.id));
      if (!r) throw notFound();
      return {
        id: r.id,
        to: r.toAddress,
        replyTo: r.replyTo,
        subject: r.subject,
        template: r.template,
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        html: r.html,
        text: r.text,
      };
    },
  );
};
export default devMailboxRoutes;
