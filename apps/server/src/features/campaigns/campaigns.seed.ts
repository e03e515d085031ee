import { eq, sql } from 'drizzle-orm';
import { PLACEHOLDER_CONTACT_LISTS } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import { contactLists } from './campaigns.tables';

/**
 * The spec's placeholder lists (traders 245, investors 156, newsletter 1024, vip 42) as the demo
 * account's own contact lists, with that many made-up contacts at the reserved example domains.
 * Only `npm run db:seed` calls this, for the demo account: real users start with no lists.
 * Does nothing when the account has lists already.
 */
export async function seedDemoContactLists(db: DbExecutor, userId: string): Promise<boolean> {
  const existing = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(eq(contactLists.userId, userId))
    .limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    for (const { name, count } of PLACEHOLDER_CONTACT_LISTS) {
      const [list] = await tx.insert(contactLists).values({ userId, name }).returning({ id: contactLists.id });
      await tx.execute(sql`
        with added as (
          insert into contacts (user_id, email, name)
          select ${userId}, ${name} || '-' || lpad(g::text, 4, '0') || '@example.com', initcap(${name}) || ' contact ' || g
          from generate_series(1, ${count}) g
          returning id)
        insert into contact_list_members (list_id, contact_id) select ${list!.id}, id from added`);
    }
  });
  return true;
}
