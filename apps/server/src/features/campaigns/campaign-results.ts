import { pipeline, Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  CAMPAIGN_MESSAGES,
  type CampaignRecipientResult,
  type RecipientDelivery,
  type RecipientFilter,
} from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../plugins/errors';
import { users } from '../users/users.tables';
import { campaigns } from './campaigns.tables';

/**
 * Each recipient's results (docs/decisions/0038): the recipient rows with their outbox row's
 * delivery, the tracking counters of people, and the machine requests counted from the events.
 */

type Instant = Date | string | null;

interface ResultRow {
  id: string;
  email: string;
  name: string;
  outbox_status: 'pending' | 'sent' | 'dev_mailbox' | 'failed' | null;
  delivered_at: Instant;
  bounce_type: string | null;
  bounced_at: Instant;
  first_opened_at: Instant;
  open_count: number;
  first_clicked_at: Instant;
  click_count: number;
  unsubscribed_at: Instant;
  machine_opens: number;
  machine_clicks: number;
}

const FILTERS: Record<RecipientFilter, SQL> = {
  all: sql`true`,
  opened: sql`r.first_opened_at is not null`,
  clicked: sql`r.first_clicked_at is not null`,
  bounced: sql`r.bounced_at is not null`,
  unsubscribed: sql`r.unsubscribed_at is not null`,
  failed: sql`o.status = 'failed'`,
};

/** The user's campaign, or 404 as for any campaign that is not theirs. */
async function ownCampaign(db: DbExecutor, userId: string, id: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.campaignNotFound);
  return row;
}

/** Recipients of a campaign matching a filter, in address order from `after` on (keyset) or at `offset`. */
function resultRows(
  db: DbExecutor,
  campaignId: string,
  filter: RecipientFilter,
  page: { limit: number; offset?: number; after?: string },
) {
  return executeRows<ResultRow>(
    db,
    sql`
    with page as (
      select r.id, r.email, r.name, o.status as outbox_status,
        case when o.status in ('sent', 'dev_mailbox') then o.sent_at end as delivered_at,
        r.bounce_type, r.bounced_at, r.first_opened_at, r.open_count, r.first_clicked_at, r.click_count,
        r.unsubscribed_at
      from campaign_recipients r
      left join email_outbox o on o.id = r.outbox_id
      where r.campaign_id = ${campaignId} and ${FILTERS[filter]}
        ${page.after === undefined ? sql`` : sql`and r.email > ${page.after}`}
      order by r.email
      limit ${page.limit} offset ${page.offset ?? 0}
    ), machine as (
      select e.recipient_id,
        count(*) filter (where e.kind = 'open')::int as opens,
        count(*) filter (where e.kind = 'click')::int as clicks
      from campaign_events e
      where e.campaign_id = ${campaignId} and e.machine and e.recipient_id in (select id from page)
      group by e.recipient_id
    )
    select page.*, coalesce(m.opens, 0) as machine_opens, coalesce(m.clicks, 0) as machine_clicks
    from page left join machine m on m.recipient_id = page.id
    order by page.email`,
  );
}

const iso = (instant: Instant) => (instant === null ? null : new Date(instant).toISOString());

function deliveryOf(status: ResultRow['outbox_status']): RecipientDelivery {
  if (status === null) return 'queued';
  if (status === 'pending') return 'sending';
  return status === 'failed' ? 'failed' : 'delivered';
}

function resultOf(row: ResultRow): CampaignRecipientResult {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    delivery: deliveryOf(row.outbox_status),
    deliveredAt: iso(row.delivered_at),
    bounce: (row.bounce_type as CampaignRecipientResult['bounce']) ?? null,
    bouncedAt: iso(row.bounced_at),
    openedAt: iso(row.first_opened_at),
    opens: Number(row.open_count),
    machineOpens: Number(row.machine_opens),
    clickedAt: iso(row.first_clicked_at),
    clicks: Number(row.click_count),
    machineClicks: Number(row.machine_clicks),
    unsubscribedAt: iso(row.unsubscribed_at),
  };
}

/** GET /api/campaigns/{id}/recipients: a page of the owner's campaign's recipients, in address order. */
export async function listRecipientResults(
  deps: Deps,
  userId: string,
  campaignId: string,
  query: { page: number; limit: number; filter: RecipientFilter },
): Promise<{ results: CampaignRecipientResult[]; total: number }> {
  await ownCampaign(deps.db, userId, campaignId);
  const [counted] = await executeRows<{ n: number }>(
    deps.db,
    sql`
    select count(*)::int as n from campaign_recipients r
    left join email_outbox o on o.id = r.outbox_id
    where r.campaign_id = ${campaignId} and ${FILTERS[query.filter]}`,
  );
  const rows = await resultRows(deps.db, campaignId, query.filter, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { results: rows.map(resultOf), total: Number(counted!.n) };
}

// ---------------------------------------------------------------- CSV

/** Rows read from the database at a time while the CSV streams. */
const CSV_BATCH = 500;

const CSV_COLUMNS: Array<{
  header: string;
  value: (r: CampaignRecipientResult, time: (iso: string | null) => string) => string | number;
}> = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Name', value: (r) => r.name },
  { header: 'Delivery', value: (r) => r.delivery },
  { header: 'Delivered at', value: (r, time) => time(r.deliveredAt) },
  { header: 'Bounce', value: (r) => r.bounce ?? '' },
  { header: 'Bounced at', value: (r, time) => time(r.bouncedAt) },
  { header: 'First opened at', value: (r, time) => time(r.openedAt) },
  { header: 'Opens', value: (r) => r.opens },
  { header: 'Machine opens', value: (r) => r.machineOpens },
  { header: 'First clicked at', value: (r, time) => time(r.clickedAt) },
  { header: 'Clicks', value: (r) => r.clicks },
  { header: 'Machine clicks', value: (r) => r.machineClicks },
  { header: 'Unsubscribed at', value: (r, time) => time(r.unsubscribedAt) },
];

/** An instant as ISO 8601 in a time zone, to the second with its offset: 2026-03-01T13:15:00+03:00 (Z in UTC). */
export function isoInZone(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || 'Z';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

async function* csvRecords(db: DbExecutor, campaignId: string, timeZone: string) {
  const time = (instant: string | null) => (instant === null ? '' : isoInZone(instant, timeZone));
  yield CSV_COLUMNS.map((column) => column.header);
  let after: string | undefined;
  for (;;) {
    const rows = await resultRows(db, campaignId, 'all', { limit: CSV_BATCH, after });
    for (const row of rows) yield CSV_COLUMNS.map((column) => column.value(resultOf(row), time));
    if (rows.length < CSV_BATCH) return;
    after = rows[rows.length - 1]!.email;
  }
}

/**
 * GET /api/campaigns/{id}/recipients/export: every recipient of the owner's campaign as CSV, read in
 * batches while it streams. For spreadsheets: UTF-8 with a byte-order mark (Excel reads it as
 * UTF-8), CRLF rows, times in ISO 8601 in the user's zone, and a cell beginning with = + - @ (a
 * formula to a spreadsheet) prefixed with an apostrophe.
 */
export async function exportRecipientResults(
  deps: Deps,
  userId: string,
  campaignId: string,
): Promise<{ name: string; csv: Readable }> {
  const campaign = await ownCampaign(deps.db, userId, campaignId);
  const [owner] = await deps.db.select({ timeZone: users.timezone }).from(users).where(eq(users.id, userId));
  const csv = stringify({ bom: true, record_delimiter: 'windows', escape_formulas: true });
  pipeline(Readable.from(csvRecords(deps.db, campaignId, owner?.timeZone ?? 'UTC')), csv, (error) => {
    if (error) deps.log.error({ err: error, campaignId }, 'campaign recipients export failed');
  });
  return { name: campaign.name, csv };
}
