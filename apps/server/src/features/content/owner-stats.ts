import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contentFiles, contentOwnerStats } from './content.tables';

/** Bytes the owner's files take now (0 before their first upload). */
export async function usedBytes(db: DbExecutor, ownerUserId: string): Promise<number> {
  const [row] = await db
    .select({ totalBytes: contentOwnerStats.totalBytes })
    .from(contentOwnerStats)
    .where(eq(contentOwnerStats.ownerUserId, ownerUserId));
  return row?.totalBytes ?? 0;
}

/**
 * Adds one file of `size` bytes to the owner's totals unless that would pass `quotaBytes`; false
 * when it would. One statement on the owner's row, so uploads running at once cannot both slip
 * under the quota.
 */
export async function reserveQuota(
  tx: DbExecutor,
  ownerUserId: string,
  size: number,
  quotaBytes: number,
): Promise<boolean> {
  if (size > quotaBytes) return false;
  const rows = await tx
    .insert(contentOwnerStats)
    .values({ ownerUserId, fileCount: 1, totalBytes: size })
    .onConflictDoUpdate({
      target: contentOwnerStats.ownerUserId,
      set: {
        fileCount: sql`${contentOwnerStats.fileCount} + 1`,
        totalBytes: sql`${contentOwnerStats.totalBytes} + ${size}`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${contentOwnerStats.totalBytes} + ${size} <= ${quotaBytes}`,
    })
    .returning({ ownerUserId: contentOwnerStats.ownerUserId });
  return rows.length === 1;
}

/** Takes a deleted file out of its owner's totals (its views stay: they were received). */
export async function releaseQuota(tx: DbExecutor, ownerUserId: string, size: number): Promise<void> {
  await tx
    .update(contentOwnerStats)
    .set({
      fileCount: sql`greatest(${contentOwnerStats.fileCount} - 1, 0)`,
      totalBytes: sql`greatest(${contentOwnerStats.totalBytes} - ${size}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(contentOwnerStats.ownerUserId, ownerUserId));
}

/** One view of a file: its own count and its owner's, in one statement. */
export async function countView(db: DbExecutor, fileId: string): Promise<void> {
  await db.execute(sql`
    with viewed as (
      update ${contentFiles} set views = views + 1 where ${contentFiles.id} = ${fileId} returning owner_user_id
    )
    update ${contentOwnerStats} set view_count = view_count + 1
    from viewed where ${contentOwnerStats.ownerUserId} = viewed.owner_user_id`);
}

/** The user's figures for GET /api/auth/me: files owned, and views of them. */
export async function contentCounts(
  db: DbExecutor,
  ownerUserId: string,
): Promise<{ contentCount: number; viewCount: number }> {
  const [row] = await db
    .select({ contentCount: contentOwnerStats.fileCount, viewCount: contentOwnerStats.viewCount })
    .from(contentOwnerStats)
    .where(eq(contentOwnerStats.ownerUserId, ownerUserId));
  return row ?? { contentCount: 0, viewCount: 0 };
}
