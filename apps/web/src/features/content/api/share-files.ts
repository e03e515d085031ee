import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_MESSAGES, TIMEOUTS_MS, type ContentFile, type ContentShareRequest } from '@tp/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { recipientError } from '../share-form';
import { contentKeys } from './keys';

/**
 * POST /api/email/send/content-share — one e-mail to one recipient, carrying a shared link per
 * file that lives `expiresInDays`; with `makePublic` the server also makes the files public, in
 * the same transaction and only once everything else is valid.
 */
export function sendContentShare(request: ContentShareRequest) {
  return apiRequest('/email/send/content-share', {
    method: 'POST',
    body: request,
    timeoutMs: TIMEOUTS_MS.email,
    schema: 'contentShareResponseSchema',
  });
}

export interface ShareInput {
  files: readonly ContentFile[];
  recipients: readonly string[];
  subject: string;
  message: string;
  makePublic: boolean;
  /** How long the e-mail's links live (1 to 30 days). */
  expiresInDays: number;
  senderName: string;
}

export interface ShareOutcome {
  sent: number;
  failed: number;
  /** The server's reason for the first failed recipient. */
  firstError?: string;
  /** Each recipient the e-mail did not reach, with the server's reason. */
  failures: { to: string; reason?: string }[];
  /** When the links of the e-mails sent stop working. */
  expiresAt?: string;
}

/** All emails failed to send, with the server's reason when it gave one. */
export class ShareError extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Why an e-mail to `to` failed, in words: a refused address is named, not the server's field path. */
function recipientReason(error: unknown, to: string) {
  const refusedAddress =
    error instanceof ApiError && error.status === 400 && error.details?.some((detail) => detail.field === 'to');
  return refusedAddress ? recipientError(to) : reasonOf(error);
}

/**
 * The share flow (docs/product/content-hub.md#share-rules), checked before anything changes
 * (share-form.ts): one e-mail per
 * recipient, each making the files public when asked (the server does so only for a share it
 * accepts, so a refused address changes nothing); counts successes and failures.
 */
export async function shareFiles({
  files,
  recipients,
  subject,
  message,
  makePublic,
  expiresInDays,
  senderName,
}: ShareInput) {
  const payloadFiles = files.map(({ id, name, url, size, type }) => ({ id, name, url, size, type }));
  const results = await Promise.allSettled(
    recipients.map((to) =>
      sendContentShare({ to, subject, message, files: payloadFiles, senderName, expiresInDays, makePublic }),
    ),
  );
  const failures = results.flatMap((result, index) =>
    result.status === 'rejected'
      ? [{ to: recipients[index]!, reason: recipientReason(result.reason, recipients[index]!) }]
      : [],
  );
  const sent = results.find((result) => result.status === 'fulfilled');
  const outcome: ShareOutcome = {
    sent: results.length - failures.length,
    failed: failures.length,
    firstError: failures[0]?.reason,
    failures,
    expiresAt: sent?.value.expiresAt,
  };
  if (outcome.sent === 0) throw new ShareError(CONTENT_MESSAGES.allEmailsFailed, outcome.firstError);
  return outcome;
}

/** "Successfully sent to N recipient(s)", plus ", M failed" if any (docs/product/content-hub.md#share-rules). */
export const shareResultMessage = ({ sent, failed }: ShareOutcome) =>
  `Successfully sent to ${sent} recipient(s)${failed > 0 ? `, ${failed} failed` : ''}`;

export function useShareFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareFiles,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.files() }),
  });
}
