/** The dev mailbox contract schemas, loaded on demand with the answers they parse. */
export { devMailboxListSchema, devMailboxMessageSchema } from '@tp/shared';
