import {
  CAMPAIGN_MESSAGES,
  DEFAULT_CAMPAIGN_TEMPLATE,
  parseMergeTags,
  type CampaignDraft,
  type CampaignPreviewRequest,
  type CampaignTemplateId,
} from '@tp/shared';

/** The composer's form (docs/product/campaigns.md#compose), as the inputs hold it. */
export interface ComposeForm {
  name: string;
  subject: string;
  template: CampaignTemplateId;
  message: string;
  selectedLists: string[];
  attachedFiles: string[];
  isImmediate: boolean;
  /** The value of a datetime-local input (the user's local time), '' when none. */
  scheduledFor: string;
}

export const emptyComposeForm = (): ComposeForm => ({
  name: '',
  subject: '',
  template: DEFAULT_CAMPAIGN_TEMPLATE,
  message: '',
  selectedLists: [],
  attachedFiles: [],
  isImmediate: true,
  scheduledFor: '',
});

/**
 * The personalisation problem of the subject and of the message (an unknown field, one left open,
 * one inside a link), shown at the field as the user types: the server refuses them the same way.
 */
export function mergeProblems(form: Pick<ComposeForm, 'subject' | 'message'>): { subject?: string; message?: string } {
  const subject = parseMergeTags(form.subject).problem;
  const message = parseMergeTags(form.message, { links: true }).problem;
  return { ...(subject && { subject }), ...(message && { message }) };
}

/**
 * Compose validation (docs/product/campaigns.md#compose-validation): name, subject and at least one
 * contact list, else the one message; a schedule needs
 * a time; a personalisation field must be one the server knows.
 */
export function composeProblem(form: ComposeForm): string | null {
  if (!form.name.trim() || !form.subject.trim() || form.selectedLists.length === 0) {
    return CAMPAIGN_MESSAGES.draftIncomplete;
  }
  const merge = mergeProblems(form);
  if (merge.subject) return 'Correct the personalisation field in the subject';
  if (merge.message) return 'Correct the personalisation field in the message';
  if (!form.isImmediate && !form.scheduledFor) return 'Pick the date and time to send the campaign';
  return null;
}

/** What the preview renders: the form's message for the recipient at `recipient` of its lists. */
export function toPreviewRequest(form: ComposeForm, recipient: number): CampaignPreviewRequest {
  return {
    subject: form.subject.trim(),
    template: form.template,
    message: form.message,
    selectedLists: form.selectedLists,
    attachedFiles: form.attachedFiles,
    recipient,
  };
}

/** The request body: a datetime-local value is the user's local time, sent as an instant (UTC). */
export function toDraft(form: ComposeForm): CampaignDraft {
  return {
    name: form.name.trim(),
    subject: form.subject.trim(),
    template: form.template,
    message: form.message,
    selectedLists: form.selectedLists,
    attachedFiles: form.attachedFiles,
    isImmediate: form.isImmediate,
    scheduledFor: form.isImmediate ? null : new Date(form.scheduledFor).toISOString(),
  };
}
