import {
  CONTACT_SUBJECT,
  MESSAGES,
  TIMEOUTS_MS,
  type ContactMessageRequest,
  type EmailActionResponse,
} from '@tp/shared';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';

export type ContactInput = Pick<ContactMessageRequest, 'name' | 'email' | 'message'> & { source?: string };

/**
 * POST /api/email/send/contact — its subject fixed (docs/product/public-site.md#contact-form-rules).
 * Not retried: a retry could send twice.
 */
export async function sendContactMessage(input: ContactInput): Promise<EmailActionResponse> {
  const answer = await apiRequest('/email/send/contact', {
    method: 'POST',
    auth: false,
    timeoutMs: TIMEOUTS_MS.email,
    body: { ...input, subject: CONTACT_SUBJECT, source: input.source ?? 'website' },
    schema: 'emailActionResponseSchema',
  });
  if (!answer.success) throw new ContactFailure(answer.message || MESSAGES.contactFailed);
  return answer;
}

class ContactFailure extends Error {}

/**
 * The texts (docs/product/public-site.md#contact-form-rules): the server's message, else the fallback;
 * on an exception the "contact us directly" text.
 */
export function contactErrorMessage(error: unknown): string {
  if (error instanceof ContactFailure) return error.message;
  return errorMessage(error, MESSAGES.contactFailed, { unreachable: MESSAGES.contactException });
}

/** A 400's messages for the form's own fields, each to go under its field. */
export const contactFieldErrors = (error: unknown) => fieldErrors(error, ['name', 'email', 'message'] as const);
