/** Cache keys of the dev mailbox's queries. */
export const mailboxKeys = {
  all: ['dev-mailbox'] as const,
  list: () => [...mailboxKeys.all, 'list'] as const,
  message: (id: string) => [...mailboxKeys.all, 'message', id] as const,
};
