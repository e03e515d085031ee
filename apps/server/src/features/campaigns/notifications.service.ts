import { and, eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, type CampaignTemplateId } from '@tp/shared';
import type { Deps } from '../../deps';
import { AppError, RateLimitedError } from '../../plugins/errors';
import { hitCounter } from '../../plugins/rate-limit';
import type { UserRow } from '../users/users.tables';
import { sendDirect, type RecipientResult } from './campaigns.service';
import { contacts } from './campaigns.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NotificationInput {
  to: string;
  subject: string;
  template: CampaignTemplateId;
  message: string;
  name: string;
}

/**
 * Whom a notification may reach: the user's own address, or an address in the user's contacts —
 * never any address typed into the call (decision 0033). Addresses are stored lowercased.
 */
async function mayNotify(deps: Deps, user: Pick<UserRow, 'id' | 'email'>, to: string): Promise<boolean> {
  if (to === user.email.toLowerCase()) return true;
  const [contact] = await deps.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, user.id), eq(contacts.email, to)));
  return contact !== undefined;
}

/**
 * POST /api/email/send/notification: a one-recipient campaign (its quota, unsubscribe and tracking
 * apply) to the user's own address or one of their contacts (else 403 naming `to`, nothing
 * counted), at most NOTIFICATIONS_PER_DAY in 24 hours from the first (a counter in the database,
 * shared by every instance; past it 429 with Retry-After).
 */
export async function sendNotification(
  deps: Deps,
  user: UserRow,
  input: NotificationInput,
): Promise<{ campaignId: string; status: RecipientResult }> {
  if (!(await mayNotify(deps, user, input.to))) {
    throw new AppError(403, CAMPAIGN_MESSAGES.notificationRecipient, 'RECIPIENT_NOT_ALLOWED', [
      { field: 'to', message: CAMPAIGN_MESSAGES.notificationRecipient },
    ]);
  }
  const hit = await hitCounter(deps.connection, `notification:${user.id}`, DAY_MS);
  if (hit.count > deps.config.campaigns.notificationsPerDay) {
    throw new RateLimitedError(Math.max(1, Math.ceil(hit.ttlMs / 1000)), CAMPAIGN_MESSAGES.notificationLimitReached);
  }
  const result = await sendDirect(deps, user, {
    kind: 'notification',
    name: input.name,
    subject: input.subject,
    template: input.template,
    message: input.message,
    attachments: [],
    recipients: [{ email: input.to, name: '' }],
  });
  return { campaignId: result.campaignId, status: result.results[0]!.status };
}
