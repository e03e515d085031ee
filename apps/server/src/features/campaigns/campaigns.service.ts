import { and, eq, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type CampaignDetail, type CampaignTemplateId, type ParsedCampaignDraft } from '@tp/shared';
import { executeCount, executeRows, type Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, validationFailed } from '../../plugins/errors';
import { users, type UserRow } from '../users/users.tables';
import { idempotencyKeyReused, requestHash } from '../../plugins/idempotency';
import { attachmentLinks, resolveAttachments } from './campaign-attachments';
import { renderCampaignSkeleton, type CampaignSkeleton } from './campaign-templates';
import { campaigns, emailSuppressions, type CampaignKind, type CampaignRowStatus } from './campaigns.tables';
import { pgTextArray } from './contact-import';
import { detailOf, getCampaign, requireCampaign, type CampaignRow } from './campaign-views';

/** The composer's templates, each with its preview: what other features (the e-mail service's GET /templates) may list. */
export { campaignTemplatesWithPreviews } from './campaign-templates';
import {
  campaignAudience,
  isUniqueViolation,
  LIST_DELETED,
  requireLiveLists,
  requireOwnLists,
} from './contacts.service';

export const CAMPAIGN_SEND_QUEUE = 'campaign-send';
export const CAMPAIGN_START_QUEUE = 'campaign-start';
/** Pump jobs queued when a campaign starts: with several instances, a second one shares the work at once. */
const PUMPS_PER_START = 2;
/** A schedule this far in the past still counts as "now" (the clock of the browser that sent it). */
const SCHEDULE_SLACK_MS = 60_000;

export function senderName(user: Pick<UserRow, 'name' | 'email'>): string {
  return user.name.trim() || user.email;
}

function replyToOf(user: Pick<UserRow, 'name' | 'email'>): string {
  const name = user.name.replace(/["\\\r\n<>]/g, '').trim();
  return name ? `"${name}" <${user.email}>` : user.email;
}

// ---------------------------------------------------------------- views

export type RecipientSource =
  { kind: 'lists'; listIds: string[] } | { kind: 'addresses'; recipients: Array<{ email: string; name: string }> };

/**
 * Makes the campaign's recipient rows and marks it sending, in the caller's transaction: the
 * user's row is locked so two starts cannot both pass the daily quota; suppressed addresses (this
 * sender's unsubscribes, hard bounces, complaints) get no row; the message is stored as rendered,
 * so every recipient gets the same one even across restarts and deploys. Throws (and so rolls
 * back) when nobody is left to send to, or the quota would be passed.
 */
async function beginSending(
  deps: Deps,
  tx: Transaction,
  campaign: Pick<CampaignRow, 'id' | 'userId'>,
  from: CampaignRowStatus[],
  recipients: RecipientSource,
  skeleton: CampaignSkeleton,
  replyTo: string,
): Promise<number> {
  await tx.execute(sql`select id from users where id = ${campaign.userId} for update`);
  // a list deleted since the campaign was made would silently reach fewer people (or nobody)
  if (recipients.kind === 'lists') await requireLiveLists(tx, campaign.userId, recipients.listIds);
  const count = await executeCount(
    tx,
    recipients.kind === 'lists'
      ? sql`
          insert into campaign_recipients (campaign_id, email, name)
          select ${campaign.id}, c.email, c.name
          ${campaignAudience(campaign.userId, recipients.listIds)}
          on conflict do nothing`
      : insertAddresses(campaign, recipients.recipients),
  );
  if (count === 0) throw badRequest(CAMPAIGN_MESSAGES.noRecipients);

  const quota = deps.config.campaigns.dailyRecipientQuota;
  const [used] = await executeRows<{ used: number }>(
    tx,
    sql`
    select coalesce(sum(recipient_count), 0)::int as used from campaigns
    where user_id = ${campaign.userId} and started_at > now() - interval '24 hours' and id <> ${campaign.id}`,
  );
  const left = Math.max(0, quota - Number(used!.used));
  if (count > left) {
    throw new AppError(
      429,
      `${CAMPAIGN_MESSAGES.quotaExceeded}: ${left} of ${quota} recipients left in the last 24 hours, and this campaign has ${count}`,
      'QUOTA_EXCEEDED',
    );
  }

  const [started] = await tx
    .update(campaigns)
    .set({
      status: 'sending',
      startedAt: sql`now()`,
      recipientCount: count,
      html: skeleton.html,
      text: skeleton.text,
      links: skeleton.links,
      replyTo,
      awaitingConfirmation: false,
      error: null,
    })
    .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, from)))
    .returning({ id: campaigns.id });
  if (!started) throw conflict('This campaign has already started');
  for (let i = 0; i < PUMPS_PER_START; i += 1) {
    await deps.jobs.enqueue(tx, CAMPAIGN_SEND_QUEUE, { campaignId: campaign.id });
  }
  return count;
}

function insertAddresses(
  campaign: Pick<CampaignRow, 'id' | 'userId'>,
  recipients: Array<{ email: string; name: string }>,
) {
  const emails = pgTextArray(recipients.map((r) => r.email));
  const names = pgTextArray(recipients.map((r) => r.name));
  return sql`
    insert into campaign_recipients (campaign_id, email, name)
    select ${campaign.id}, a.email, a.name
    from unnest(${emails}::text[], ${names}::text[]) as a(email, name)
    where not exists (select 1 from email_suppressions s where s.user_id = ${campaign.userId} and s.email = a.email)
    on conflict do nothing`;
}

/** Inserts a campaign and, given what to send, starts sending it in the same transaction; its id. */
async function insertCampaign(
  deps: Deps,
  tx: Transaction,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  values: typeof campaigns.$inferInsert,
  start: { recipients: RecipientSource; skeleton: CampaignSkeleton } | null,
): Promise<string> {
  const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id });
  const campaign = { id: row!.id, userId: user.id };
  if (start) {
    await beginSending(deps, tx, campaign, ['draft'], start.recipients, start.skeleton, replyToOf(user));
  }
  return campaign.id;
}

/** The message as it goes out, with the attached files' links made now (see attachmentLinks). */
async function skeletonFor(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  campaign: Pick<CampaignRow, 'template' | 'subject' | 'message' | 'attachedFiles'>,
): Promise<CampaignSkeleton> {
  return renderCampaignSkeleton({
    template: campaign.template as CampaignTemplateId,
    subject: campaign.subject,
    message: campaign.message,
    senderName: senderName(user),
    attachments: await attachmentLinks(deps, user.id, campaign.attachedFiles),
  });
}

export interface CreatedCampaign {
  campaign: CampaignDetail;
  /** The Idempotency-Key had already created this campaign: it is answered again, not created (nor sent) again. */
  replayed: boolean;
}

/** The campaign this user's Idempotency-Key created, checked against the request that created it. */
async function replayed(deps: Deps, userId: string, key: string, hash: string): Promise<CreatedCampaign | null> {
  const [row] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.idempotencyKey, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw idempotencyKeyReused();
  return { campaign: await detailOf(deps.db, row), replayed: true };
}

/**
 * POST /api/campaigns: send now, schedule, or keep as a draft (neither immediate nor scheduled).
 * With an Idempotency-Key a retried or doubled request creates (and sends) the campaign once: the
 * key is unique per user, so of two concurrent requests the second waits for the first's
 * transaction and, once it committed, answers its campaign.
 */
export async function createCampaign(
  deps: Deps,
  user: UserRow,
  draft: ParsedCampaignDraft,
  idempotencyKey: string | null = null,
): Promise<CreatedCampaign> {
  const hash = idempotencyKey ? requestHash(draft) : null;
  if (idempotencyKey) {
    const earlier = await replayed(deps, user.id, idempotencyKey, hash!);
    if (earlier) return earlier;
  }
  await requireOwnLists(deps.db, user.id, draft.selectedLists, 'selectedLists');
  const attachedFiles = await resolveAttachments(deps, user.id, draft.attachedFiles, 'attachedFiles');
  const scheduledFor = !draft.isImmediate && draft.scheduledFor ? new Date(draft.scheduledFor) : null;
  if (scheduledFor && scheduledFor.getTime() < Date.now() - SCHEDULE_SLACK_MS) {
    throw validationFailed(
      [{ field: 'scheduledFor', message: CAMPAIGN_MESSAGES.scheduleInPast }],
      CAMPAIGN_MESSAGES.scheduleInPast,
    );
  }
  const values = {
    userId: user.id,
    kind: 'campaign' as const,
    name: draft.name,
    subject: draft.subject,
    template: draft.template,
    message: draft.message,
    selectedLists: [...new Set(draft.selectedLists)],
    attachedFiles,
    isImmediate: draft.isImmediate,
    scheduledFor,
    idempotencyKey,
    requestHash: hash,
  };
  const skeleton = draft.isImmediate ? await skeletonFor(deps, user, values) : null;
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const status = scheduledFor ? 'scheduled' : 'draft';
      const recipients = { kind: 'lists' as const, listIds: values.selectedLists };
      const created = await insertCampaign(deps, tx, user, { ...values, status }, skeleton && { recipients, skeleton });
      if (scheduledFor) {
        await deps.jobs.enqueue(tx, CAMPAIGN_START_QUEUE, { campaignId: created }, { startAfter: scheduledFor });
      }
      return created;
    });
  } catch (error) {
    // the same key's other request committed first: its campaign is the answer
    const earlier =
      idempotencyKey && isUniqueViolation(error) ? await replayed(deps, user.id, idempotencyKey, hash!) : null;
    if (earlier) return earlier;
    throw error;
  }
  return { campaign: await getCampaign(deps, user.id, id), replayed: false };
}

/**
 * POST /api/campaigns/{id}/send: sends a draft, or a scheduled campaign now — which is also how
 * the user confirms one that waits because its time passed while the server was down.
 */
export async function sendCampaignNow(deps: Deps, user: UserRow, id: string): Promise<CampaignDetail> {
  const campaign = await requireCampaign(deps.db, user.id, id);
  if (campaign.status !== 'draft' && campaign.status !== 'scheduled') {
    throw conflict(`This campaign cannot be sent now (it is ${campaign.status})`);
  }
  const skeleton = await skeletonFor(deps, user, campaign);
  await deps.db.transaction((tx) =>
    beginSending(deps, tx, campaign, ['draft', 'scheduled'], recipientSourceOf(campaign), skeleton, replyToOf(user)),
  );
  return getCampaign(deps, user.id, id);
}

function recipientSourceOf(campaign: CampaignRow): RecipientSource {
  return { kind: 'lists', listIds: campaign.selectedLists };
}

export type ScheduledStart = 'started' | 'awaiting_confirmation' | 'failed' | 'not_due';

/**
 * Starts a scheduled campaign whose time has come (the delayed job, or the monitor after a
 * restart). One whose time passed longer ago than CAMPAIGN_START_GRACE_MINUTES is not sent late
 * unseen: it waits for the user's confirmation, as does one of whose lists one has been deleted
 * (it would reach fewer people unseen; POST /send sends it once its lists exist). One that cannot
 * start (quota, nobody left) fails with the reason.
 */
export async function startScheduledCampaign(deps: Deps, id: string, now = new Date()): Promise<ScheduledStart> {
  const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign || campaign.status !== 'scheduled' || campaign.awaitingConfirmation || !campaign.scheduledFor)
    return 'not_due';
  if (campaign.scheduledFor.getTime() > now.getTime()) return 'not_due';
  if (now.getTime() - campaign.scheduledFor.getTime() > deps.config.campaigns.startGraceMinutes * 60_000) {
    await deps.db
      .update(campaigns)
      .set({ awaitingConfirmation: true })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'scheduled')));
    deps.log.warn(
      { campaignId: id, scheduledFor: campaign.scheduledFor },
      'scheduled campaign overdue: waiting for confirmation',
    );
    return 'awaiting_confirmation';
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, campaign.userId));
  if (!user) return 'not_due';
  try {
    const skeleton = await skeletonFor(deps, user, campaign);
    await deps.db.transaction((tx) =>
      beginSending(deps, tx, campaign, ['scheduled'], recipientSourceOf(campaign), skeleton, replyToOf(user)),
    );
    return 'started';
  } catch (error) {
    if (error instanceof AppError && error.code === LIST_DELETED) {
      // held, not failed: once it goes to lists that exist, POST /send sends it
      await deps.db
        .update(campaigns)
        .set({ awaitingConfirmation: true })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'scheduled')));
      deps.log.warn({ campaignId: id }, 'scheduled campaign held: one of its lists has been deleted');
      return 'awaiting_confirmation';
    }
    if (!(error instanceof AppError) || error.statusCode === 409) throw error;
    await deps.db
      .update(campaigns)
      .set({ status: 'failed', error: error.message })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'scheduled')));
    return 'failed';
  }
}

/**
 * PATCH /api/campaigns/{id}: other lists for a campaign that has not started — how the user
 * picks another list for one whose list was deleted. A held scheduled one still waits for POST /send.
 */
export async function changeCampaignLists(
  deps: Deps,
  userId: string,
  id: string,
  listIds: string[],
): Promise<CampaignDetail> {
  await requireCampaign(deps.db, userId, id);
  await requireOwnLists(deps.db, userId, listIds, 'selectedLists');
  const [row] = await deps.db
    .update(campaigns)
    .set({ selectedLists: [...new Set(listIds)] })
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), inArray(campaigns.status, ['draft', 'scheduled'])))
    .returning({ id: campaigns.id });
  if (!row) {
    const current = await requireCampaign(deps.db, userId, id);
    throw conflict(`The lists of this campaign cannot be changed (it is ${current.status})`);
  }
  return getCampaign(deps, userId, id);
}

// ---------------------------------------------------------------- pause, resume, cancel

async function transition(
  deps: Deps,
  userId: string,
  id: string,
  from: CampaignRowStatus[],
  to: CampaignRowStatus,
  verb: string,
  after?: (tx: Transaction) => Promise<void>,
): Promise<CampaignDetail> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: to, awaitingConfirmation: false })
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), inArray(campaigns.status, from)))
      .returning({ id: campaigns.id });
    if (!row) {
      const current = await requireCampaign(tx, userId, id);
      throw conflict(`This campaign cannot be ${verb} (it is ${current.status})`);
    }
    await after?.(tx);
  });
  return getCampaign(deps, userId, id);
}

/** Stops handing out recipients; what is in flight finishes. Resume continues with the rest. */
export const pauseCampaign = (deps: Deps, userId: string, id: string) =>
  transition(deps, userId, id, ['sending'], 'paused', 'paused');

export const resumeCampaign = (deps: Deps, userId: string, id: string) =>
  transition(deps, userId, id, ['paused'], 'sending', 'resumed', async (tx) => {
    for (let i = 0; i < PUMPS_PER_START; i += 1) await deps.jobs.enqueue(tx, CAMPAIGN_SEND_QUEUE, { campaignId: id });
  });

/** Scheduled campaigns and drafts; a paused one too (its unsent recipients are never sent). */
export const cancelCampaign = (deps: Deps, userId: string, id: string) =>
  transition(deps, userId, id, ['scheduled', 'draft', 'paused'], 'cancelled', 'cancelled');

// ---------------------------------------------------------------- e-mail service calls

export interface DirectSendInput {
  kind: Exclude<CampaignKind, 'campaign'>;
  name: string;
  subject: string;
  template: CampaignTemplateId;
  message: string;
  attachments: string[];
  recipients: Array<{ email: string; name: string }>;
}

export type RecipientResult = 'queued' | 'duplicate' | 'unsubscribed' | 'bounced' | 'complained';

/** The bulk-campaign and notification calls: a campaign to given addresses, started at once. */
export async function sendDirect(
  deps: Deps,
  user: UserRow,
  input: DirectSendInput,
): Promise<{ campaignId: string; results: Array<{ email: string; status: RecipientResult }> }> {
  const attachedFiles = await resolveAttachments(deps, user.id, input.attachments, 'attachments');
  const emails = input.recipients.map((r) => r.email);
  const suppressed = new Map(
    (
      await deps.db
        .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.userId, user.id), inArray(emailSuppressions.email, emails)))
    ).map((row) => [row.email, row.reason]),
  );
  const seen = new Set<string>();
  const results = input.recipients.map(({ email }) => {
    const reason = suppressed.get(email);
    let status: RecipientResult = 'queued';
    if (seen.has(email)) status = 'duplicate';
    else if (reason)
      status = reason === 'unsubscribed' ? 'unsubscribed' : reason === 'hard_bounce' ? 'bounced' : 'complained';
    seen.add(email);
    return { email, status };
  });
  if (!results.some((r) => r.status === 'queued')) throw badRequest(CAMPAIGN_MESSAGES.noAddressable);
  const values = {
    userId: user.id,
    kind: input.kind,
    name: input.name,
    subject: input.subject,
    template: input.template,
    message: input.message,
    attachedFiles,
    isImmediate: true,
  };
  const skeleton = await skeletonFor(deps, user, values);
  const campaignId = await deps.db.transaction(async (tx) => {
    const start = { recipients: { kind: 'addresses' as const, recipients: input.recipients }, skeleton };
    return insertCampaign(deps, tx, user, { ...values, status: 'draft' }, start);
  });
  return { campaignId, results };
}
