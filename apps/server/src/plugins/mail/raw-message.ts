import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import MimeNode from 'nodemailer/lib/mime-node';
import type { OutgoingMessage } from './outgoing-message';

/**
 * Builds an outgoing message as raw MIME without Nodemailer's per-message composer (a stream
 * pipeline, header parsing and quoted-printable encoding in JavaScript: the largest share of a
 * campaign's CPU). What is the same for every recipient of a campaign — From, Reply-To and Subject,
 * encoded by Nodemailer's own MimeNode — is built once and cached; per message only plain ASCII is
 * written (Date, Message-ID, To, the list and X- headers) and the two bodies are base64 (native).
 * A message with anything else (a non-ASCII address or header value) returns null: the caller
 * lets Nodemailer compose it.
 */

export interface RawMessage {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** A bare address in printable ASCII that needs no quoting or encoding. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;
/** A header value written as is: printable ASCII, short enough for one line (RFC 5322 2.1.1). */
const PLAIN_VALUE = /^[\x20-\x7e]{0,900}$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const MESSAGE_ID = /^<[\x21-\x7e]+>$/;

interface StaticPart {
  /** From, Reply-To, Subject, MIME-Version and the multipart Content-Type, CRLF-terminated. */
  headers: string;
  boundary: string;
  envelopeFrom: string;
}

const staticParts = new Map<string, StaticPart>();
const STATIC_CACHE_LIMIT = 200;

/** Header fields of a built block, each with its folded continuation lines. */
function headerFields(block: string): string[] {
  const fields: string[] = [];
  for (const line of block.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += `\r\n${line}`;
    else fields.push(line);
  }
  return fields;
}

function staticPart(from: string, replyTo: string | null | undefined, subject: string): StaticPart | null {
  const key = JSON.stringify([from, replyTo ?? null, subject]);
  const cached = staticParts.get(key);
  if (cached) return cached;
  const sender = addressparser(from, { flatten: true })[0];
  if (!sender?.address || !PLAIN_ADDRESS.test(sender.address)) return null;
  const boundary = `--_tp_${randomBytes(12).toString('hex')}`;
  const node = new MimeNode(`multipart/alternative; boundary="${boundary}"`);
  node.setHeader('From', from);
  if (replyTo) node.setHeader('Reply-To', replyTo);
  node.setHeader('Subject', subject);
  // Nodemailer adds Date and Message-ID to a root node: those are written per message instead
  const headers = headerFields(node.buildHeaders())
    .filter((field) => !/^(date|message-id):/i.test(field))
    .join('\r\n');
  const part = { headers: `${headers}\r\n`, boundary, envelopeFrom: sender.address };
  if (staticParts.size >= STATIC_CACHE_LIMIT) staticParts.clear();
  staticParts.set(key, part);
  return part;
}

/** RFC 5322 date as Nodemailer writes it. */
const mailDate = (date: Date) => date.toUTCString().replace(/GMT/, '+0000');

/** Base64 in lines of 76 characters (RFC 2045 6.8). */
function base64Lines(content: string): string {
  const encoded = Buffer.from(content, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join('\r\n');
}

function textPart(boundary: string, type: 'text/plain' | 'text/html', content: string): string {
  return (
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n` +
    `${base64Lines(content)}\r\n`
  );
}

export function buildRawMessage(message: OutgoingMessage, now = new Date()): RawMessage | null {
  if (!PLAIN_ADDRESS.test(message.to) || !MESSAGE_ID.test(message.messageId)) return null;
  const extra = Object.entries(message.headers);
  if (extra.some(([name, value]) => !HEADER_NAME.test(name) || !PLAIN_VALUE.test(value))) return null;
  const part = staticPart(message.from, message.replyTo, message.subject);
  if (!part) return null;
  const head =
    `Date: ${mailDate(now)}\r\nMessage-ID: ${message.messageId}\r\nTo: ${message.to}\r\n` +
    extra.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    part.headers;
  const raw =
    `${head}\r\n` +
    textPart(part.boundary, 'text/plain', message.text) +
    textPart(part.boundary, 'text/html', message.html) +
    `--${part.boundary}--\r\n`;
  return { envelope: { from: part.envelopeFrom, to: [message.to] }, raw: Buffer.from(raw, 'utf8') };
}
