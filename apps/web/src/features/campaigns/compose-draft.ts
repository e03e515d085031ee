import { CAMPAIGN_MESSAGES, DEFAULT_CAMPAIGN_TEMPLATE, type CampaignDraft, type CampaignTemplateId } from '@tp/shared';

/** The composer's form (spec 02 §3 campaign draft), as the inputs hold it. */
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

/** Spec 02 §5: name, subject and at least one contact list, else the one message; a schedule needs a time. */
export function composeProblem(form: ComposeForm): string | null {
  if (!form.name.trim() || !form.subject.trim() || form.selectedLists.length === 0) {
    return CAMPAIGN_MESSAGES.draftIncomplete;
  }
  if (!form.isImmediate && !form.scheduledFor) return 'Pick the date and time to send the campaign';
  return null;
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
