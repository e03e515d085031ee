import { z } from 'zod';

const summary = {
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sent', 'dev_mailbox', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
};

export const devMailboxListSchema = z.object({ messages: z.array(z.object(summary)) });
export type DevMailboxList = z.infer<typeof devMailboxListSchema>;

export const devMailboxMessageSchema = z.object({
  ...summary,
  replyTo: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  html: z.string(),
  text: z.string(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;
