import type { DbExecutor } from '../../db/client';
import { contentCounts as ownerContentCounts } from '../content/owner-stats';

/**
 * The sidebar's Files and Views, from the content hub's per-owner totals: the user's live files,
 * and the views their files have received (a deleted file's views stay counted).
 */
export async function contentCounts(db: DbExecutor, userId: string): Promise<{ files: number; views: number }> {
  const counts = await ownerContentCounts(db, userId);
  return { files: counts.contentCount, views: counts.viewCount };
}
