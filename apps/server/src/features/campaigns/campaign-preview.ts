import { sql } from 'drizzle-orm';
import type { CampaignPreview, MergeRecipient, ParsedCampaignPreviewRequest } from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import type { UserRow } from '../users/users.tables';
import { resolveAttachments } from './campaign-attachments';
import { PREVIEW_LINKS, recipientBodies, renderCampaignSkeleton } from './campaign-templates';
import { senderName } from './campaigns.service';
import { audienceSize, campaignAudience, requireOwnLists } from './contacts.service';
import { mergeSubject } from './merge-fields';

/** The contact at `position` of an audience in address order: the order the preview steps through. */
async function audienceMember(
  db: DbExecutor,
  userId: string,
  listIds: string[],
  position: number,
): Promise<MergeRecipient | null> {
  const [row] = await executeRows<MergeRecipient>(
    db,
    sql`select c.email, c.name ${campaignAudience(userId, listIds)} order by c.email limit 1 offset ${position}`,
  );
  return row ? { email: row.email, name: row.name } : null;
}

/**
 * POST /api/campaigns/preview: the composer's message rendered as it goes out — the same
 * rendering and merge as a send — for a real recipient of the chosen lists (those a send reaches:
 * each address once, suppressed ones left out), its links leading nowhere. Lists that reach nobody
 * give the message with its fallbacks and no recipient.
 */
export async function previewCampaign(
  deps: Deps,
  user: UserRow,
  request: ParsedCampaignPreviewRequest,
): Promise<CampaignPreview> {
  const listIds = [...new Set(request.selectedLists)];
  await requireOwnLists(deps.db, user.id, listIds, 'selectedLists');
  const attachments = await resolveAttachments(deps, user.id, request.attachedFiles, 'attachedFiles');
  const recipients = listIds.length > 0 ? await audienceSize(deps.db, user.id, listIds) : 0;
  const position = Math.min(request.recipient, Math.max(0, recipients - 1));
  const recipient = recipients > 0 ? await audienceMember(deps.db, user.id, listIds, position) : null;
  const skeleton = await renderCampaignSkeleton({
    template: request.template,
    subject: request.subject,
    message: request.message,
    senderName: senderName(user),
    attachments,
  });
  const reader = recipient ?? { email: '', name: '' };
  return {
    subject: mergeSubject(request.subject, reader),
    ...recipientBodies(skeleton, PREVIEW_LINKS, reader),
    recipient,
    position: recipient ? position : 0,
    recipients: recipient ? recipients : 0,
  };
}
