import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { ClaimedMail, PreparedBulkMail } from '../../plugins/mail';
import { recipientBodies } from './campaign-templates';
import { mergeSubject } from './merge-fields';
import { recordActivity } from '../activity';
import { campaigns, type CampaignKind } from './campaigns.tables';
import { deliveryCountsQuery } from './campaign-views';
import { CAMPAIGN_SEND_QUEUE } from './campaigns.service';
import { recipientLinks } from './tracking-links';
import { executeRows } from '../../db/client';

/** Recipients one lane claims at a time: small enough that a pause stops within a few messages. */
const CLAIM_SIZE = 20;
/** A pump hands over to a fresh job after this long, so campaigns queued behind it get their turn. */
export const PUMP_BUDGET_MS = 30_000;
/** Longest pause of a lane while the relay fails temporarily. */
const MAX_BACKOFF_MS = 30_000;

export type PumpOutcome = 'finished' | 'waiting' | 'stopped' | 'handed_over' | 'not_sending';

interface SendingCampaign {
  id: string;
  userId: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | null;
}

function listId(deps: Deps, userId: string): string {
  return `<${userId}.campaigns.${new URL(deps.config.publicUrl).hostname}>`;
}

interface ClaimedRecipient {
  id: string;
  email: string;
  name: string;
}

/**
 * One recipient's message: the stored rendering with their signed links and their personalisation
 * (filled in when the message is written and again when it is sent; the same each time), and the
 * list headers (RFC 2369, 8058).
 */
function messageFor(deps: Deps, campaign: SendingCampaign, recipient: ClaimedRecipient): PreparedBulkMail {
  const links = recipientLinks(deps.config.auth.secret, deps.config.publicUrl, recipient.id);
  return deps.mail.prepareBulk({
    to: recipient.email,
    subject: mergeSubject(campaign.subject, recipient),
    template: 'campaign',
    replyTo: campaign.replyTo ?? undefined,
    bodies: () => recipientBodies(campaign, links, recipient),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeApiUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': listId(deps, campaign.userId),
      'X-Campaign-Id': campaign.id,
    },
  });
}

/**
 * Claims up to `size` unclaimed recipients and writes their messages to the outbox, already
 * claimed for delivery by this worker, in one transaction: a recipient row gets its outbox id only
 * together with its message, so it is sent at most once by any number of workers (SKIP LOCKED lets
 * them claim side by side). The campaign row is read FOR SHARE: a pause waits for claims in
 * progress, and no claim follows it.
 */
async function claim(deps: Deps, campaign: SendingCampaign, size: number): Promise<ClaimedMail[] | 'not_sending'> {
  return deps.db.transaction(async (tx) => {
    const [current] = await executeRows<{ status: string }>(
      tx,
      sql`select status from campaigns where id = ${campaign.id} for share`,
    );
    if (current?.status !== 'sending') return 'not_sending';
    const recipients = await executeRows<ClaimedRecipient>(
      tx,
      sql`
      select id, email, name from campaign_recipients
      where campaign_id = ${campaign.id} and outbox_id is null
      order by id limit ${size}
      for update skip locked`,
    );
    if (recipients.length === 0) return [];
    const written = await deps.mail.writeClaimed(
      tx,
      recipients.map((r) => messageFor(deps, campaign, r)),
    );
    const pairs = recipients.map((r, i) => sql`(${r.id}::uuid, ${written[i]!.id}::uuid)`);
    await tx.execute(sql`
      update campaign_recipients r set outbox_id = v.outbox_id
      from (values ${sql.join(pairs, sql`, `)}) as v(id, outbox_id)
      where r.id = v.id`);
    return written;
  });
}

/**
 * Marks a campaign sent once every recipient is settled (delivered or refused permanently), with
 * its counts. Conditional, so a shutdown or a pause never marks a campaign finished with
 * recipients unsent, and two instances finishing together write it once. The same transaction
 * records the owner's `campaign_sent` activity (decision 0020) for a campaign they composed or
 * sent in bulk; a one-recipient notification is not a campaign to the user.
 */
export async function finishIfSettled(deps: Pick<Deps, 'db'>, campaignId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [finished] = await executeRows<{ user_id: string; kind: CampaignKind; sent_at: Date | string }>(
      tx,
      sql`
      update campaigns c set status = 'sent', sent_at = now(), delivered_count = x.delivered, failed_count = x.failed
      from (${deliveryCountsQuery(campaignId)}) x
      where c.id = ${campaignId} and c.status = 'sending' and x.pending = 0
      returning c.user_id, c.kind, c.sent_at`,
    );
    if (!finished) return false;
    if (finished.kind !== 'notification') {
      await recordActivity(tx, {
        userId: finished.user_id,
        kind: 'campaign_sent',
        key: `campaign:${campaignId}`,
        occurredAt: new Date(finished.sent_at),
      });
    }
    return true;
  });
}

/**
 * One run of a campaign's pump: MAIL_CONCURRENCY lanes each take send permits from the
 * deployment-wide rate, claim that many recipients and deliver them through the outbox, until
 * nobody is left, the campaign is paused, the budget is spent (a fresh job takes over) or the
 * process stops (the next start, or another instance, resumes with what is left).
 */
export async function pumpCampaign(deps: Deps, campaignId: string, signal: AbortSignal): Promise<PumpOutcome> {
  const [row] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!row || row.status !== 'sending' || row.html === null || row.text === null) return 'not_sending';
  const campaign: SendingCampaign = { ...row, html: row.html, text: row.text };
  const deadline = Date.now() + PUMP_BUDGET_MS;
  let exhausted = false;
  let notSending = false;
  let failed = false;
  const running = () => !exhausted && !notSending && !failed && !signal.aborted && Date.now() < deadline;
  const pause = (ms: number) => sleep(ms, undefined, { signal }).catch(() => undefined);

  const lane = async () => {
    let backoffMs = 0;
    while (running()) {
      if (backoffMs > 0) await pause(backoffMs);
      const permit = await deps.mail.takeSendPermits(CLAIM_SIZE);
      if (permit.granted === 0) {
        await pause(permit.retryInMs);
        continue;
      }
      const claimed = await claim(deps, campaign, permit.granted);
      if (claimed === 'not_sending') {
        notSending = true;
        return;
      }
      if (claimed.length === 0) {
        exhausted = true;
        return;
      }
      const outcomes = await deps.mail.deliverClaimed(claimed);
      // the relay is failing for now: its delivery jobs retry with backoff, and this lane slows down
      backoffMs = outcomes.includes('retrying') ? Math.min(MAX_BACKOFF_MS, Math.max(1_000, backoffMs * 2)) : 0;
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: deps.config.mail.concurrency }, () =>
      lane().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const broken = lanes.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (broken) throw broken.reason;

  if (notSending) return 'not_sending';
  if (exhausted) return (await finishIfSettled(deps, campaignId)) ? 'finished' : 'waiting';
  if (signal.aborted) return 'stopped';
  await deps.jobs.enqueue(deps.db, CAMPAIGN_SEND_QUEUE, { campaignId });
  return 'handed_over';
}
