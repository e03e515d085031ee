import { count, gte } from 'drizzle-orm';
import type { PublicStats } from '@tp/shared';
import type { Deps } from '../../deps';
import { users } from '../users/users.tables';

const HOUR_MS = 60 * 60 * 1000;

/** Real counts for the landing page: sign-ups in the last hour and all users. */
export async function readPublicStats(deps: Pick<Deps, 'db'>, now: Date = new Date()): Promise<PublicStats> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [recent] = await deps.db.select({ n: count() }).from(users).where(gte(users.createdAt, since));
  const [total] = await deps.db.select({ n: count() }).from(users);
  return { signupsLastHour: Number(recent?.n ?? 0), totalUsers: Number(total?.n ?? 0) };
}
