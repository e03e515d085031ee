import { eq, sql } from 'drizzle-orm';
import type { User } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import type { RequestAuth } from '../../plugins/auth';
import { unauthorized } from '../../plugins/errors';
import { users } from '../users/users.tables';
import { toUserView } from './user-view';

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function getUser(db: DbExecutor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row;
}

export async function updateProfile(
  deps: Deps,
  auth: RequestAuth,
  input: { name: string; phone: string; company: string; position: string },
): Promise<User> {
  const [row] = await deps.db
    .update(users)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(users.id, auth.userId))
    .returning();
  if (!row) throw unauthorized();
  return toUserView(row);
}
