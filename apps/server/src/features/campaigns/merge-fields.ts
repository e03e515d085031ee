import { isMergeField, mergeText, mergeValue, parseMergeTags, type MergeField, type MergeRecipient } from '@tp/shared';
import { escapeHtml } from '../stories';

/**
 * Personalisation (`{{name}}`, `{{email}}`, `{{name|there}}`; grammar in @tp/shared merge-fields;
 * docs/decisions/0038)
 * without rendering per recipient: before a campaign's message is rendered once, each field becomes
 * a token that React's escaping and the plain-text conversion leave as it is — ASCII letters,
 * digits, `%`, `:` and `-`, with the fallback percent-encoded inside it — and each recipient's
 * message replaces the tokens with that contact's values: HTML-escaped in the HTML part, as they
 * are in the text part. The token carries the fallback, so a stored rendering merges the same way
 * after a restart or a deploy. (The plain-text conversion writes headings in capitals, tokens
 * included: a token in capitals gets its value in capitals.)
 */

const TOKEN = /\{\{tp-merge:([a-z]+):([A-Za-z0-9%_.-]*)\}\}/gi;

/** encodeURIComponent leaves these as they are; React would escape the quote. */
const encodeFallback = (fallback: string) =>
  encodeURIComponent(fallback).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const tokenOf = (field: MergeField, fallback: string) => `{{tp-merge:${field}:${encodeFallback(fallback)}}}`;

/** A subject or message with its fields as tokens, for rendering; a text with a problem is kept as written. */
export function withMergeTokens(value: string): string {
  const { tags, problem } = parseMergeTags(value);
  if (problem) return value;
  let tokenized = '';
  let last = 0;
  for (const tag of tags) {
    tokenized += value.slice(last, tag.start) + tokenOf(tag.field, tag.fallback);
    last = tag.end;
  }
  return tokenized + value.slice(last);
}

/** The longest start of a tokenized text within `max` characters that does not cut a token in two. */
export function cutBeforeToken(tokenized: string, max: number): string {
  if (tokenized.length <= max) return tokenized;
  let end = max;
  for (const token of tokenized.matchAll(TOKEN)) {
    if (token.index < max && token.index + token[0].length > max) end = token.index;
  }
  return tokenized.slice(0, end);
}

function decodeFallback(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return '';
  }
}

/** One recipient's part of a rendered message: each token replaced by that contact's value. */
export function mergeRecipient(content: string, recipient: MergeRecipient, part: 'html' | 'text'): string {
  return content.replace(TOKEN, (token, field: string, fallback: string) => {
    const name = field.toLowerCase();
    if (!isMergeField(name)) return token;
    const tag = { field: name, fallback: decodeFallback(fallback) };
    const value = token.startsWith('{{TP-MERGE')
      ? mergeValue(tag, recipient).toUpperCase()
      : mergeValue(tag, recipient);
    return part === 'html' ? escapeHtml(value) : value;
  });
}

/** A recipient's subject line: the fields merged, on one line whatever a contact's name holds. */
export const mergeSubject = (subject: string, recipient: MergeRecipient) =>
  mergeText(subject, recipient).replace(/\s+/g, ' ').trim();
