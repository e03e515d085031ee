import { and, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { userActivity } from './activity.tables';

/**
 * The sidebar's Files and Views. Until the content feature's files table is on main, Files counts
 * the uploads recorded through recordActivity and Views is 0: nothing counts views yet. When the
 * content feature lands, this reads its files (count and summed views of the user's live files).
 */
export async function contentCounts(db: DbExecutor, userId: string): Promise<{ files: number; views: number }> {
  const [uploads] = await db
    .select({ files: count() })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.kind, 'file_uploaded')));
  return { files: uploads?.files ?? 0, views: 0 };
}
