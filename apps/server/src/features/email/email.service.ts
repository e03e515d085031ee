import type { Deps } from '../../deps';

/** The outbox backlog: messages waiting for delivery and messages given up on. */
export async function outboxCounts(deps: Pick<Deps, 'database'>): Promise<{ pending: number; failed: number }> {
  const { rows } = await deps.database.query<{ pending: string | number; failed: string | number }>(
    "select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'failed') as failed from email_outbox",
  );
  return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}
