import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BounceWebhook } from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { users } from '../users/users.tables';
import {
  campaignEvents,
  campaignRecipients,
  campaigns,
  emailSuppressions,
  type SuppressionReason,
} from './campaigns.tables';
import { senderName } from './campaigns.service';
import { isMachineRequest } from './machine-requests';
import { verifyRecipientToken } from './tracking-links';

const secretOf = (deps: Deps) => deps.config.auth.secret;

interface TrackedRecipient {
  id: string;
  campaign_id: string;
  email: string;
  user_id: string;
  delivered_at: Date | string | null;
  /** When the recipient's message was written (its links were made then); null: no message yet. */
  written_at: Date | string | null;
  links: Array<{ url: string }>;
}

async function trackedRecipient(db: DbExecutor, recipientId: string): Promise<TrackedRecipient | null> {
  const [row] = await executeRows<TrackedRecipient>(
    db,
    sql`
    select r.id, r.campaign_id, r.email, c.user_id, o.sent_at as delivered_at, c.links,
      case when r.outbox_id is not null then coalesce(o.created_at, c.started_at) end as written_at
    from campaign_recipients r
    join campaigns c on c.id = r.campaign_id
    left join email_outbox o on o.id = r.outbox_id
    where r.id = ${recipientId}`,
  );
  return row ?? null;
}

const deliveredAt = (row: TrackedRecipient) => (row.delivered_at ? new Date(row.delivered_at) : null);
const agentOf = (userAgent: string | undefined) => (userAgent ?? '').slice(0, 500);

/** Counts a person's first open of a recipient's message once on the campaign. */
async function countFirstOpen(tx: DbExecutor, row: TrackedRecipient): Promise<void> {
  const first = await tx
    .update(campaignRecipients)
    .set({ firstOpenedAt: sql`now()` })
    .where(and(eq(campaignRecipients.id, row.id), isNull(campaignRecipients.firstOpenedAt)))
    .returning({ id: campaignRecipients.id });
  if (first.length > 0) {
    await tx
      .update(campaigns)
      .set({ openCount: sql`${campaigns.openCount} + 1` })
      .where(eq(campaigns.id, row.campaign_id));
  }
}

/** The open pixel: false when the token is not one this app signed. */
export async function recordOpen(deps: Deps, token: string, userAgent: string | undefined): Promise<boolean> {
  const recipientId = verifyRecipientToken(secretOf(deps), 'open', token);
  if (!recipientId) return false;
  return deps.db.transaction(async (tx) => {
    const row = await trackedRecipient(tx, recipientId);
    if (!row) return false;
    const machine = isMachineRequest(agentOf(userAgent), deliveredAt(row));
    await tx.insert(campaignEvents).values({
      campaignId: row.campaign_id,
      recipientId: row.id,
      kind: 'open',
      machine,
      userAgent: agentOf(userAgent),
    });
    if (machine) {
      await tx
        .update(campaigns)
        .set({ machineOpenCount: sql`${campaigns.machineOpenCount} + 1` })
        .where(eq(campaigns.id, row.campaign_id));
      return true;
    }
    await tx
      .update(campaignRecipients)
      .set({ openCount: sql`${campaignRecipients.openCount} + 1` })
      .where(eq(campaignRecipients.id, row.id));
    await countFirstOpen(tx, row);
    return true;
  });
}

const DAY_MS = 86_400_000;

/**
 * What a click-through answers: the target redirected to (only a page of this app's own origin),
 * the page "You are leaving Trading Portal for {host}" with a link to it (any other site: a
 * message's text is its sender's, so a redirect would let anyone mint a link on this origin that
 * leads anywhere), the page saying the link expired, or the page saying it is not a valid link.
 */
export type ClickOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'leaving'; url: string }
  | { kind: 'expired'; url: string; expiredAt: Date }
  | { kind: 'unknown' };

/**
 * A click-through: the URL at that index of the links of the message written to that recipient
 * (never one from the request), for CAMPAIGN_LINK_TTL_DAYS after the message was written; an
 * expired, forged or unknown link records nothing. A person's click also counts as an open
 * (images may be blocked).
 */
export async function followClick(
  deps: Deps,
  token: string,
  linkIndex: number,
  userAgent: string | undefined,
  now: Date = new Date(),
): Promise<ClickOutcome> {
  const recipientId = verifyRecipientToken(secretOf(deps), 'click', token, linkIndex);
  if (!recipientId) return { kind: 'unknown' };
  return deps.db.transaction(async (tx) => {
    const row = await trackedRecipient(tx, recipientId);
    const url = row?.links[linkIndex]?.url;
    if (!row || !url || !row.written_at) return { kind: 'unknown' };
    const expiredAt = new Date(new Date(row.written_at).getTime() + deps.config.campaigns.linkTtlDays * DAY_MS);
    if (now.getTime() >= expiredAt.getTime()) return { kind: 'expired', url, expiredAt };
    await countClick(tx, row, linkIndex, agentOf(userAgent));
    return { kind: isOwnOrigin(url, deps.config.publicUrl) ? 'redirect' : 'leaving', url };
  });
}

function isOwnOrigin(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

async function countClick(tx: DbExecutor, row: TrackedRecipient, linkIndex: number, agent: string): Promise<void> {
  const machine = isMachineRequest(agent, deliveredAt(row));
  await tx.insert(campaignEvents).values({
    campaignId: row.campaign_id,
    recipientId: row.id,
    kind: 'click',
    machine,
    linkIndex,
    userAgent: agent,
  });
  if (machine) {
    await tx
      .update(campaigns)
      .set({ machineClickCount: sql`${campaigns.machineClickCount} + 1` })
      .where(eq(campaigns.id, row.campaign_id));
    return;
  }
  const first = await tx
    .update(campaignRecipients)
    .set({
      clickCount: sql`${campaignRecipients.clickCount} + 1`,
      firstClickedAt: sql`coalesce(${campaignRecipients.firstClickedAt}, now())`,
    })
    .where(eq(campaignRecipients.id, row.id))
    .returning({ clickCount: campaignRecipients.clickCount });
  if (first[0]?.clickCount === 1) {
    await tx
      .update(campaigns)
      .set({ clickCount: sql`${campaigns.clickCount} + 1` })
      .where(eq(campaigns.id, row.campaign_id));
  }
  await countFirstOpen(tx, row);
}

/** a.***@example.com: enough for the reader to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export interface UnsubscribeView {
  email: string;
  senderName: string;
  campaignName: string;
  unsubscribed: boolean;
}

/** What the unsubscribe page shows (GET: changes nothing, since mail scanners fetch links). */
export async function unsubscribeInfo(deps: Deps, token: string): Promise<UnsubscribeView | null> {
  const recipientId = verifyRecipientToken(secretOf(deps), 'unsubscribe', token);
  if (!recipientId) return null;
  const [row] = await deps.db
    .select({
      email: campaignRecipients.email,
      campaignName: campaigns.name,
      userName: users.name,
      userEmail: users.email,
      reason: emailSuppressions.reason,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .innerJoin(users, eq(users.id, campaigns.userId))
    .leftJoin(
      emailSuppressions,
      and(eq(emailSuppressions.userId, campaigns.userId), eq(emailSuppressions.email, campaignRecipients.email)),
    )
    .where(eq(campaignRecipients.id, recipientId));
  if (!row) return null;
  return {
    email: maskEmail(row.email),
    senderName: senderName({ name: row.userName, email: row.userEmail }),
    campaignName: row.campaignName,
    unsubscribed: row.reason !== null,
  };
}

/**
 * Unsubscribes the recipient from every later campaign of that sender (POST only: the page's
 * confirmation, or a mail client's one-click POST per RFC 8058). Repeating it changes nothing.
 */
export async function unsubscribe(deps: Deps, token: string): Promise<boolean> {
  const recipientId = verifyRecipientToken(secretOf(deps), 'unsubscribe', token);
  if (!recipientId) return false;
  return deps.db.transaction(async (tx) => {
    const row = await trackedRecipient(tx, recipientId);
    if (!row) return false;
    await tx
      .insert(emailSuppressions)
      .values({ userId: row.user_id, email: row.email, reason: 'unsubscribed', campaignId: row.campaign_id })
      .onConflictDoNothing();
    const first = await tx
      .update(campaignRecipients)
      .set({ unsubscribedAt: sql`now()` })
      .where(and(eq(campaignRecipients.id, row.id), isNull(campaignRecipients.unsubscribedAt)))
      .returning({ id: campaignRecipients.id });
    if (first.length > 0) {
      await tx
        .update(campaigns)
        .set({ unsubscribeCount: sql`${campaigns.unsubscribeCount} + 1` })
        .where(eq(campaigns.id, row.campaign_id));
    }
    return true;
  });
}

const OUTBOX_MESSAGE_ID = /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@trading-portal>?$/i;

/**
 * A bounce or complaint reported by the relay. With the bounced message's Message-ID, only its
 * sender is concerned; without, every sender whose campaigns went to the address (the newest
 * such message is marked). Hard bounces and complaints block the address for that sender.
 */
export async function recordBounce(
  deps: Deps,
  event: Required<Pick<BounceWebhook, 'email' | 'type'>> & { messageId?: string },
): Promise<{ blocked: number; recorded: number }> {
  const outboxId = event.messageId ? OUTBOX_MESSAGE_ID.exec(event.messageId.trim())?.[1] : undefined;
  return deps.db.transaction(async (tx) => {
    const matched = await executeRows<{ id: string; campaign_id: string; user_id: string }>(
      tx,
      outboxId
        ? sql`
            select r.id, r.campaign_id, c.user_id from campaign_recipients r
            join campaigns c on c.id = r.campaign_id
            where r.outbox_id = ${outboxId} and r.email = ${event.email}`
        : sql`
            select distinct on (c.user_id) r.id, r.campaign_id, c.user_id from campaign_recipients r
            join campaigns c on c.id = r.campaign_id
            where r.email = ${event.email} and r.outbox_id is not null
            order by c.user_id, c.started_at desc nulls last`,
    );
    const reason: SuppressionReason | null =
      event.type === 'hard' ? 'hard_bounce' : event.type === 'complaint' ? 'complaint' : null;
    let blocked = 0;
    let recorded = 0;
    for (const row of matched) {
      if (reason) {
        const added = await tx
          .insert(emailSuppressions)
          .values({ userId: row.user_id, email: event.email, reason, campaignId: row.campaign_id })
          .onConflictDoUpdate({
            target: [emailSuppressions.userId, emailSuppressions.email],
            set: { reason, campaignId: row.campaign_id },
            // an unsubscribe is overtaken by the harder fact; a bounce is not undone by a later complaint
            setWhere: sql`${emailSuppressions.reason} = 'unsubscribed'`,
          })
          .returning({ email: emailSuppressions.email });
        blocked += added.length;
      }
      const first = await tx
        .update(campaignRecipients)
        .set({ bouncedAt: sql`now()`, bounceType: event.type })
        .where(and(eq(campaignRecipients.id, row.id), isNull(campaignRecipients.bouncedAt)))
        .returning({ id: campaignRecipients.id });
      if (first.length > 0) {
        recorded += 1;
        await tx
          .update(campaigns)
          .set({ bounceCount: sql`${campaigns.bounceCount} + 1` })
          .where(eq(campaigns.id, row.campaign_id));
      }
    }
    return { blocked, recorded };
  });
}
