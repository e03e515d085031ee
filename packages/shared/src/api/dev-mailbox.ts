import { z } from 'zod';
import { text } from './text';

const summary = {
  id: text(),
  to: text(),
  subject: text(),
  template: text(),
  status: z.enum(['pending', 'sent', 'dev_mailbox', 'failed']),
  attempts: z.number().int(),
  createdAt: text(),
};

export const devMailboxListSchema = z.object({ messages: z.array(z.object(summary)) });
export type DevMailboxList = z.infer<typeof devMailboxListSchema>;

export const devMailboxMessageSchema = z.object({
  ...summary,
  replyTo: text().nullable(),
  lastError: text().nullable(),
  sentAt: text().nullable(),
  html: text(),
  text: text(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;
