import { CAMPAIGN_TEMPLATE_IDS } from '@tp/shared';
import { onUserStorageCleared, userStorageKey } from '@/lib/user-storage';
import { emptyComposeForm, type ComposeForm } from './compose-draft';

/** A picked content file as the composer lists it. */
export interface DraftFile {
  id: string;
  name: string;
  size: number;
}

/** What the composer keeps between openings of the modal and across reloads. */
export interface ComposeDraft {
  form: ComposeForm;
  files: DraftFile[];
}

/** One key per user (a second account on this browser never opens the first one's draft), removed at sign-out. */
export const draftKey = (userId: string) => userStorageKey(userId, 'campaign-draft.v1');

/** Drafts a browser refused to store (quota, privacy mode): kept while the page lives or the user signs out. */
const memory = new Map<string, ComposeDraft>();
onUserStorageCleared((userId) => memory.delete(userId));

export const emptyDraft = (): ComposeDraft => ({ form: emptyComposeForm(), files: [] });

export function isEmptyDraft({ form, files }: ComposeDraft): boolean {
  const empty = emptyComposeForm();
  return (
    files.length === 0 &&
    form.name === empty.name &&
    form.subject === empty.subject &&
    form.template === empty.template &&
    form.message === empty.message &&
    form.selectedLists.length === 0 &&
    form.isImmediate === empty.isImmediate &&
    form.scheduledFor === empty.scheduledFor
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** A stored draft as this version writes it, or null (another version, edited by hand, cut short). */
function parseDraft(raw: string | null): ComposeDraft | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as { form?: Record<string, unknown>; files?: unknown };
    const form = data.form;
    if (
      !form ||
      !isString(form.name) ||
      !isString(form.subject) ||
      !(CAMPAIGN_TEMPLATE_IDS as readonly unknown[]).includes(form.template) ||
      !isString(form.message) ||
      !isStringArray(form.selectedLists) ||
      !isStringArray(form.attachedFiles) ||
      typeof form.isImmediate !== 'boolean' ||
      !isString(form.scheduledFor) ||
      !Array.isArray(data.files)
    ) {
      return null;
    }
    const files = (data.files as Array<Partial<DraftFile>>).filter(
      (file): file is DraftFile => isString(file?.id) && isString(file.name) && typeof file.size === 'number',
    );
    return { form: form as unknown as ComposeForm, files };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(userId: string): ComposeDraft {
  const kept = memory.get(userId);
  if (kept) return kept;
  let stored: ComposeDraft | null = null;
  try {
    stored = parseDraft(storage()?.getItem(draftKey(userId)) ?? null);
  } catch {
    // storage refused: nothing was kept
  }
  return stored ?? emptyDraft();
}

/** Keeps the draft; an empty one is forgotten. */
export function saveDraft(userId: string, draft: ComposeDraft): void {
  if (isEmptyDraft(draft)) {
    clearDraft(userId);
    return;
  }
  try {
    const stored = storage();
    if (!stored) throw new Error('no storage');
    stored.setItem(draftKey(userId), JSON.stringify(draft));
    memory.delete(userId);
  } catch {
    memory.set(userId, draft);
  }
}

export function clearDraft(userId: string): void {
  memory.delete(userId);
  try {
    storage()?.removeItem(draftKey(userId));
  } catch {
    // nothing stored
  }
}
