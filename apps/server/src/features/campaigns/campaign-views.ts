import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type CampaignDetail, type CampaignHistoryItem, type CampaignTemplateId } from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../plugins/errors';
import { campaigns } from './campaigns.tables';
import { audienceSize, audienceSizes, ownLists } from './contacts.service';

/** A user's campaigns as read: the history list and one campaign's detail with its delivery counts. */

export type CampaignRow = typeof campaigns.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const isWaiting = (row: CampaignRow) => row.status === 'draft' || row.status === 'scheduled';

/**
 * A campaign's recipients: those it started to, or, for a draft or a scheduled one, whom its lists
 * reach now (suppressed addresses left out) — counted again when it starts, as the lists may change.
 */
async function recipientsOf(db: DbExecutor, row: CampaignRow): Promise<number> {
  return isWaiting(row) ? audienceSize(db, row.userId, row.selectedLists) : row.recipientCount;
}

/**
 * Of each waiting campaign's lists, those deleted since it was made (one query for all the rows):
 * a campaign that is not waiting has made its recipients already, and shows none.
 */
async function deletedListsOf(db: DbExecutor, userId: string, rows: CampaignRow[]): Promise<Map<string, string[]>> {
  const waiting = rows.filter(isWaiting);
  const live = new Set(
    (
      await ownLists(
        db,
        userId,
        waiting.flatMap((row) => row.selectedLists),
      )
    ).map((list) => list.id),
  );
  return new Map(waiting.map((row) => [row.id, row.selectedLists.filter((id) => !live.has(id))]));
}

function historyItem(row: CampaignRow, recipients: number, deletedLists: string[]): CampaignHistoryItem {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    status: row.status,
    sentAt: iso(row.sentAt),
    scheduledFor: iso(row.scheduledFor),
    recipients,
    opens: row.openCount,
    clicks: row.clickCount,
    awaitingConfirmation: row.awaitingConfirmation,
    deletedLists,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface DeliveryCounts {
  delivered: number;
  failed: number;
  pending: number;
}

/** Delivery figures from the recipients' outbox rows (a recipient without one has not gone out yet). */
export const deliveryCountsQuery = (campaignId: string) => sql`
  select
    count(*) filter (where o.status in ('sent', 'dev_mailbox'))::int as delivered,
    count(*) filter (where o.status = 'failed')::int as failed,
    count(*) filter (where r.outbox_id is null or o.status = 'pending')::int as pending
  from campaign_recipients r
  left join email_outbox o on o.id = r.outbox_id
  where r.campaign_id = ${campaignId}`;

export async function deliveryCounts(db: DbExecutor, campaignId: string): Promise<DeliveryCounts> {
  const [row] = await executeRows<DeliveryCounts>(db, deliveryCountsQuery(campaignId));
  return { delivered: Number(row!.delivered), failed: Number(row!.failed), pending: Number(row!.pending) };
}

export async function detailOf(db: DbExecutor, row: CampaignRow): Promise<CampaignDetail> {
  const counts =
    row.status === 'sent'
      ? { delivered: row.deliveredCount, failed: row.failedCount, pending: 0 }
      : await deliveryCounts(db, row.id);
  const deleted = await deletedListsOf(db, row.userId, [row]);
  return {
    ...historyItem(row, await recipientsOf(db, row), deleted.get(row.id) ?? []),
    template: row.template as CampaignTemplateId,
    message: row.message,
    selectedLists: row.selectedLists,
    attachedFiles: row.attachedFiles.map((file) => file.id),
    isImmediate: row.isImmediate,
    startedAt: iso(row.startedAt),
    ...counts,
    unsubscribes: row.unsubscribeCount,
    machineOpens: row.machineOpenCount,
    machineClicks: row.machineClickCount,
    bounces: row.bounceCount,
    error: row.error,
  };
}

export async function requireCampaign(db: DbExecutor, userId: string, id: string): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  return row;
}

export async function listCampaigns(deps: Deps, userId: string, limit: number): Promise<CampaignHistoryItem[]> {
  const rows = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), inArray(campaigns.kind, ['campaign', 'bulk'])))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
  // the waiting campaigns' audiences in one query, not one count a row
  const audiences = await audienceSizes(
    deps.db,
    userId,
    rows.filter(isWaiting).map((row) => ({ key: row.id, listIds: row.selectedLists })),
  );
  const deleted = await deletedListsOf(deps.db, userId, rows);
  return rows.map((row) => historyItem(row, audiences.get(row.id) ?? row.recipientCount, deleted.get(row.id) ?? []));
}

export async function getCampaign(deps: Deps, userId: string, id: string): Promise<CampaignDetail> {
  return detailOf(deps.db, await requireCampaign(deps.db, userId, id));
}

// ---------------------------------------------------------------- starting
