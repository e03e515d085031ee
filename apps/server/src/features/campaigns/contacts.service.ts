import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  type Contact,
  type ContactList,
  type ContactStatus,
  type ParsedCreateContactRequest,
  type RecipientCount,
} from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../plugins/errors';
import {
  contactListMembers,
  contactLists,
  contacts,
  emailSuppressions,
  type SuppressionReason,
} from './campaigns.tables';

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: unknown } }).cause?.code === UNIQUE_VIOLATION;

export const statusOf = (reason: SuppressionReason | null | undefined): ContactStatus =>
  reason === 'unsubscribed'
    ? 'unsubscribed'
    : reason === 'hard_bounce'
      ? 'bounced'
      : reason === 'complaint'
        ? 'complained'
        : 'active';

/**
 * Which of these list ids are the user's lists (another user's list reads as none). With `lock`,
 * in the caller's transaction, they cannot be deleted before it ends.
 */
export async function ownLists(
  db: DbExecutor,
  userId: string,
  listIds: string[],
  { lock = false } = {},
): Promise<Array<{ id: string }>> {
  const wanted = [...new Set(listIds)];
  if (wanted.length === 0) return [];
  const query = db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(and(eq(contactLists.userId, userId), inArray(contactLists.id, wanted)));
  return lock ? query.for('share') : query;
}

/** 404 naming the field when any list is not one of the user's (another user's list looks like none). */
export async function requireOwnLists(db: DbExecutor, userId: string, listIds: string[], field: string): Promise<void> {
  const details = missing(listIds, await ownLists(db, userId, listIds), field, CAMPAIGN_MESSAGES.listNotFound);
  if (details.length > 0) throw new AppError(404, CAMPAIGN_MESSAGES.listNotFound, 'NOT_FOUND', details);
}

/**
 * A campaign to lists of which one has been deleted since it was made reaches fewer people (or
 * nobody) without saying so: 400 LIST_DELETED naming each (`selectedLists.1`). Locks the lists
 * that remain, so none goes before the caller's transaction ends.
 */
export const LIST_DELETED = 'LIST_DELETED';
export async function requireLiveLists(tx: DbExecutor, userId: string, listIds: string[]): Promise<void> {
  const found = await ownLists(tx, userId, listIds, { lock: true });
  const details = missing(listIds, found, 'selectedLists', CAMPAIGN_MESSAGES.listDeleted);
  if (details.length > 0) throw new AppError(400, CAMPAIGN_MESSAGES.listDeleted, LIST_DELETED, details);
}

/** One detail for each of `ids` not among the rows `found`, naming it by its place (`lists.1`). */
function missing(ids: string[], found: Array<{ id: string }>, field: string, message: string) {
  const known = new Set(found.map((row) => row.id));
  return ids.flatMap((id, i) => (known.has(id) ? [] : [{ field: `${field}.${i}`, message }]));
}

/** Keeps an address this sender suppressed (unsubscribed, hard bounce, complaint) out of an audience of `contacts c`. */
const notSuppressed = sql`not exists (
        select 1 from email_suppressions s where s.user_id = c.user_id and s.email = c.email)`;

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The contacts a campaign to these lists goes to, as a `from … where` clause over `contacts c`:
 * in any of the lists, none this sender suppressed (unsubscribed, hard bounce, complaint). An
 * address is one contact per user, so each appears once however many of the lists hold it.
 */
export function campaignAudience(userId: string, listIds: string[]) {
  return sql`
    from contacts c
    where c.user_id = ${userId}
      and exists (
        select 1 from contact_list_members m
        where m.contact_id = c.id and m.list_id = any(${uuidArray(listIds)}))
      and ${notSuppressed}`;
}

/** How many people a campaign to these lists reaches now (the compose summary). */
export async function countRecipients(deps: Deps, userId: string, listIds: string[]): Promise<RecipientCount> {
  await requireOwnLists(deps.db, userId, listIds, 'lists');
  const lists = new Set(listIds).size;
  if (lists === 0) return { lists, recipients: 0 };
  return { lists, recipients: await audienceSize(deps.db, userId, listIds) };
}

/** How many people a campaign to these lists (checked to be the user's) reaches now. */
export async function audienceSize(db: DbExecutor, userId: string, listIds: string[]): Promise<number> {
  const [counted] = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct c.email)::int as n ${campaignAudience(userId, listIds)}`,
  );
  return Number(counted!.n);
}

/**
 * `audienceSize` of several audiences (the history's waiting campaigns) in one grouped query, by
 * key: each address once within an audience, suppressed ones left out. An audience that reaches
 * nobody answers 0.
 */
export async function audienceSizes(
  db: DbExecutor,
  userId: string,
  audiences: Array<{ key: string; listIds: string[] }>,
): Promise<Map<string, number>> {
  const sizes = new Map(audiences.map(({ key }) => [key, 0]));
  if (audiences.length === 0) return sizes;
  const wanted = sql.join(
    audiences.map(({ key, listIds }) => sql`(${key}, ${uuidArray(listIds)})`),
    sql`, `,
  );
  const rows = await executeRows<{ key: string; n: number }>(
    db,
    sql`
      select w.key, count(distinct c.email)::int as n
      from (values ${wanted}) as w(key, lists)
      join contact_list_members m on m.list_id = any(w.lists)
      join contacts c on c.id = m.contact_id
      where c.user_id = ${userId}
        and ${notSuppressed}
      group by w.key`,
  );
  for (const row of rows) sizes.set(row.key, Number(row.n));
  return sizes;
}

async function listWithCount(db: DbExecutor, userId: string, listId?: string): Promise<ContactList[]> {
  return db
    .select({
      id: contactLists.id,
      name: contactLists.name,
      count: sql<number>`count(${contactListMembers.contactId})::int`,
    })
    .from(contactLists)
    .leftJoin(contactListMembers, eq(contactListMembers.listId, contactLists.id))
    .where(and(eq(contactLists.userId, userId), listId ? eq(contactLists.id, listId) : undefined))
    .groupBy(contactLists.id)
    .orderBy(asc(sql`lower(${contactLists.name})`));
}

export function listContactLists(deps: Deps, userId: string): Promise<ContactList[]> {
  return listWithCount(deps.db, userId);
}

export async function createContactList(deps: Deps, userId: string, name: string): Promise<ContactList> {
  try {
    const [row] = await deps.db.insert(contactLists).values({ userId, name }).returning();
    return { id: row!.id, name: row!.name, count: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CAMPAIGN_MESSAGES.listNameTaken);
    throw error;
  }
}

export async function renameContactList(deps: Deps, userId: string, id: string, name: string): Promise<ContactList> {
  try {
    const [row] = await deps.db
      .update(contactLists)
      .set({ name })
      .where(and(eq(contactLists.id, id), eq(contactLists.userId, userId)))
      .returning({ id: contactLists.id });
    if (!row) throw notFound(CAMPAIGN_MESSAGES.listNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CAMPAIGN_MESSAGES.listNameTaken);
    throw error;
  }
  const [list] = await listWithCount(deps.db, userId, id);
  return list!;
}

/** Deletes the list and its memberships; the contacts stay. */
export async function deleteContactList(deps: Deps, userId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(contactLists)
    .where(and(eq(contactLists.id, id), eq(contactLists.userId, userId)))
    .returning({ id: contactLists.id });
  if (deleted.length === 0) throw notFound(CAMPAIGN_MESSAGES.listNotFound);
}

/**
 * Takes a contact out of one of the user's lists, in one statement: the list and the contact are
 * looked up within the user's own (another user's id reads as none) and the membership goes only
 * when both are found. A 404 says which of the three was missing.
 */
export async function removeListMember(deps: Deps, userId: string, listId: string, contactId: string): Promise<void> {
  const [row] = await executeRows<{ list: string | null; email: string | null; removed: number }>(
    deps.db,
    sql`
      with l as (select id, name from contact_lists where id = ${listId} and user_id = ${userId}),
        c as (select id, email from contacts where id = ${contactId} and user_id = ${userId}),
        d as (
          delete from contact_list_members m using l, c
          where m.list_id = l.id and m.contact_id = c.id
          returning m.contact_id)
      select (select name from l) as list, (select email from c) as email, (select count(*) from d)::int as removed`,
  );
  if (row!.list === null) throw notFound(CAMPAIGN_MESSAGES.listNotFound);
  if (row!.email === null) throw notFound(CAMPAIGN_MESSAGES.contactNotFound);
  if (Number(row!.removed) === 0) throw notFound(CAMPAIGN_MESSAGES.contactNotInList(row!.email, row!.list));
}

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  name: contacts.name,
  createdAt: contacts.createdAt,
  lists: sql<
    string[]
  >`coalesce((select array_agg(m.list_id order by m.list_id) from contact_list_members m where m.contact_id = ${contacts.id}), '{}')`,
  reason: emailSuppressions.reason,
};

type ContactRow = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  lists: string[];
  reason: SuppressionReason | null;
};

const toContact = (row: ContactRow): Contact => ({
  id: row.id,
  email: row.email,
  name: row.name,
  lists: row.lists,
  status: statusOf(row.reason),
  createdAt: row.createdAt.toISOString(),
});

/** Contacts with their lists and delivery status; the caller adds its `where`. */
const selectContacts = (db: DbExecutor) =>
  db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(
      emailSuppressions,
      and(eq(emailSuppressions.userId, contacts.userId), eq(emailSuppressions.email, contacts.email)),
    );

export interface ContactsPage {
  contacts: Contact[];
  total: number;
}

export async function listContacts(
  deps: Deps,
  userId: string,
  query: { list?: string; search?: string; page: number; limit: number },
): Promise<ContactsPage> {
  if (query.list) await requireOwnLists(deps.db, userId, [query.list], 'list');
  const where = and(
    eq(contacts.userId, userId),
    query.list
      ? sql`exists (select 1 from contact_list_members m where m.contact_id = ${contacts.id} and m.list_id = ${query.list})`
      : undefined,
    query.search
      ? sql`(${ilike(contacts.email, `%${escapeLike(query.search)}%`)} or ${ilike(contacts.name, `%${escapeLike(query.search)}%`)})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectContacts(deps.db)
      .where(where)
      .orderBy(desc(contacts.createdAt), asc(contacts.email))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { contacts: rows.map(toContact), total: total?.n ?? 0 };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

async function readContact(db: DbExecutor, userId: string, id: string): Promise<Contact | null> {
  const [row] = await selectContacts(db).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  return row ? toContact(row) : null;
}

/** Adds a contact, or adds a known address to more lists (its name is filled in if it had none). */
export async function addContact(
  deps: Deps,
  userId: string,
  input: ParsedCreateContactRequest,
): Promise<{ contact: Contact; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    await requireOwnLists(tx, userId, input.lists, 'lists');
    const [inserted] = await tx
      .insert(contacts)
      .values({ userId, email: input.email, name: input.name })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    let id = inserted?.id;
    if (!id) {
      const [existing] = await tx
        .update(contacts)
        .set({ name: sql`case when ${contacts.name} = '' then ${input.name} else ${contacts.name} end` })
        .where(and(eq(contacts.userId, userId), eq(contacts.email, input.email)))
        .returning({ id: contacts.id });
      id = existing!.id;
    }
    if (input.lists.length > 0) {
      await tx
        .insert(contactListMembers)
        .values([...new Set(input.lists)].map((listId) => ({ listId, contactId: id })))
        .onConflictDoNothing();
    }
    return { contact: (await readContact(tx, userId, id))!, created: Boolean(inserted) };
  });
}

/**
 * Links contacts already among the user's to the user's lists (every contact to every list), in
 * one transaction: both are read `for share`, so neither can be deleted before it commits. A
 * contact or list that is gone (or another user's) is a 404 naming each (`contacts.0`, `lists.1`)
 * and nothing is linked; unlike addContact, a contact deleted meanwhile is never made again.
 */
export async function addListMembers(
  deps: Deps,
  userId: string,
  input: { contacts: string[]; lists: string[] },
): Promise<Contact[]> {
  const contactIds = [...new Set(input.contacts)];
  const listIds = [...new Set(input.lists)];
  return deps.db.transaction(async (tx) => {
    const foundContacts = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)))
      .for('share');
    const foundLists = await ownLists(tx, userId, listIds, { lock: true });
    const gone = [
      ...missing(input.contacts, foundContacts, 'contacts', CAMPAIGN_MESSAGES.contactNotFound),
      ...missing(input.lists, foundLists, 'lists', CAMPAIGN_MESSAGES.listNotFound),
    ];
    if (gone.length > 0) throw new AppError(404, gone[0]!.message, 'NOT_FOUND', gone);
    await tx
      .insert(contactListMembers)
      .values(contactIds.flatMap((contactId) => listIds.map((listId) => ({ listId, contactId }))))
      .onConflictDoNothing();
    const rows = await selectContacts(tx).where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)));
    const byId = new Map(rows.map((row) => [row.id, toContact(row)]));
    return contactIds.map((id) => byId.get(id)!);
  });
}

export async function deleteContact(deps: Deps, userId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound(CAMPAIGN_MESSAGES.contactNotFound);
}
