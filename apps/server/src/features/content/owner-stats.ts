import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users } from '../users/users.tables';
import { contentFiles, contentOwnerStats, contentViewDays } from './content.tables';

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

/** One view of a file: its own count, its owner's, and the owner's day (in their zone), in one statement. */
export async function countView(db: DbExecutor, fileId: string): Promise<void> {
  await db.execute(sql`
    with viewed as (
      update ${contentFiles} set views = views + 1 where ${contentFiles.id} = ${fileId} returning owner_user_id
    ), owner as (
      update ${contentOwnerStats} set view_count = view_count + 1
      from viewed where ${contentOwnerStats.ownerUserId} = viewed.owner_user_id
    )
    insert into ${contentViewDays} (owner_user_id, day, views)
    select viewed.owner_user_id, (now() at time zone ${users.timezone})::date, 1
    from viewed join ${users} on ${users.id} = viewed.owner_user_id
    on conflict (owner_user_id, day) do update set views = ${contentViewDays.views} + 1`);
}
