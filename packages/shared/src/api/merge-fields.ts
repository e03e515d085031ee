import type { z } from 'zod';

/**
 * Personalisation fields of a campaign's subject and message: `{{name}}` and `{{email}}` are
 * replaced per recipient by that contact's name and address, and `{{name|there}}` says what stands
 * in when the contact's value is empty ("Dear {{name|partner}}," reads "Dear partner," for a
 * contact without a name). Spaces inside the braces are allowed and the field's case is not
 * significant. Anything else between `{{` and `}}`, a brace pair left open, or a field inside a
 * link (links are the same for every recipient) is refused when the campaign is composed, naming
 * the field, rather than reaching people as written. The same grammar checks the composer as the
 * user types and the server's requests.
 */

export const MERGE_FIELDS = ['name', 'email'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
/** What a recipient gives the fields. */
export type MergeRecipient = Record<MergeField, string>;

export const MERGE_LIMITS = { fallbackMax: 100 } as const;

const ALLOWED = 'use {{name}} or {{email}}, with a fallback such as {{name|there}}';
export const MERGE_FIELD_MESSAGES = {
  unknown: (field: string) => `Unknown personalisation field {{${field}}}: ${ALLOWED}`,
  incomplete: (near: string) => `Incomplete personalisation field “${near}”: ${ALLOWED}`,
  fallbackTooLong: (field: string) =>
    `The fallback of {{${field}|…}} is longer than ${MERGE_LIMITS.fallbackMax} characters`,
  inLink: (field: string) =>
    `{{${field}}} cannot be part of a link: a link is the same for every recipient, so write the field outside it`,
} as const;

/** A URL in a message's text: linked (and click-tracked) in the HTML part. */
export const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** One `{{field|fallback}}` of a text: where it is (`start`, `end`), the field and its fallback ('' when none). */
export interface MergeTag {
  start: number;
  end: number;
  field: MergeField;
  fallback: string;
}

const TAG = /\{\{([^{}\n]*)\}\}/g;
const STRAY = /\{\{|\}\}/;

export const isMergeField = (value: string): value is MergeField => (MERGE_FIELDS as readonly string[]).includes(value);

/**
 * The fields of a text, or the first problem with them (`null` when there is none). `links`: the
 * text is a message whose URLs are linked, where a field may not stand inside a URL.
 */
export function parseMergeTags(value: string, { links = false } = {}): { tags: MergeTag[]; problem: string | null } {
  const tags: MergeTag[] = [];
  for (const match of value.matchAll(TAG)) {
    const inner = match[1]!;
    const bar = inner.indexOf('|');
    const field = (bar < 0 ? inner : inner.slice(0, bar)).trim().toLowerCase();
    const fallback = bar < 0 ? '' : inner.slice(bar + 1).trim();
    if (!isMergeField(field)) return { tags, problem: MERGE_FIELD_MESSAGES.unknown(field) };
    if (fallback.length > MERGE_LIMITS.fallbackMax)
      return { tags, problem: MERGE_FIELD_MESSAGES.fallbackTooLong(field) };
    tags.push({ start: match.index, end: match.index + match[0].length, field, fallback });
  }
  const stray = STRAY.exec(value.replace(TAG, (tag) => ' '.repeat(tag.length)));
  if (stray) return { tags, problem: MERGE_FIELD_MESSAGES.incomplete(value.slice(stray.index, stray.index + 24)) };
  if (links) {
    for (const url of value.matchAll(URL_IN_TEXT)) {
      const inside = tags.find((tag) => tag.start >= url.index && tag.start < url.index + url[0].length);
      if (inside) return { tags, problem: MERGE_FIELD_MESSAGES.inLink(inside.field) };
    }
  }
  return { tags, problem: null };
}

/** A contact's value for a field, or the tag's fallback when the contact has none. */
export function mergeValue(tag: Pick<MergeTag, 'field' | 'fallback'>, recipient: MergeRecipient): string {
  return recipient[tag.field].trim() || tag.fallback;
}

/**
 * A text with its fields replaced by the recipient's values, as they are (the subject and the
 * plain-text part; the HTML part escapes them). A text with a problem is returned as written.
 */
export function mergeText(value: string, recipient: MergeRecipient): string {
  const { tags, problem } = parseMergeTags(value);
  if (problem) return value;
  let merged = '';
  let last = 0;
  for (const tag of tags) {
    merged += value.slice(last, tag.start) + mergeValue(tag, recipient);
    last = tag.end;
  }
  return merged + value.slice(last);
}

const mergeFieldsChecked =
  (options: { links: boolean }) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const { problem } = parseMergeTags(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
/** The schema check of a subject: its fields, the problem naming the field (`.superRefine`). */
export const subjectFieldsChecked = mergeFieldsChecked({ links: false });
/** The schema check of a message, whose URLs are links: its fields, the problem naming the field. */
export const messageFieldsChecked = mergeFieldsChecked({ links: true });
