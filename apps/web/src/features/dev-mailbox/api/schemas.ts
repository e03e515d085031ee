/** The dev mailbox contract schemas, loaded on demand with the answers they parse. */
import '@/lib/zod-csp';

export { devMailboxListSchema, devMailboxMessageSchema } from '@tp/shared';
