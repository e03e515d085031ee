import { randomUUID } from 'node:crypto';
import { CONTACT_SUBJECT, type ContactMessageRequest } from '@tp/shared';
import type { Deps } from '../../deps';
import { contactMessages } from './contact-us.tables';
import { ContactMessageEmail } from './emails/contact-message-email';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/**
 * Stores the message and its e-mail to support in one transaction: the contact row, the outbox row
 * and its delivery job exist together or not at all. The outbox delivers over SMTP with retries, so
 * a relay outage delays the e-mail but loses nothing.
 */
export async function submitContactMessage(
  deps: Deps,
  input: Parsed<ContactMessageRequest>,
  ipAddress: string,
): Promise<{ id: string; outboxId: string }> {
  const id = randomUUID();
  const receivedAt = new Date();
  // rendered before the transaction, which then only writes (PGlite has one connection)
  const mail = await deps.mail.prepare({
    to: deps.config.mail.supportEmail,
    subject: CONTACT_SUBJECT, // fixed by the spec, whatever subject the visitor's client sent
    template: 'contact-message',
    // a quoted display name: commas or angle brackets in a visitor's name cannot split the address
    replyTo: `"${input.name.replace(/["\\\r\n]/g, '')}" <${input.email}>`,
    react: ContactMessageEmail({ ...input, receivedAt: receivedAt.toISOString() }),
    headers: { 'X-Contact-Message-Id': id },
  });
  return deps.db.transaction(async (tx) => {
    const { id: outboxId } = await deps.mail.send(tx, mail);
    await tx.insert(contactMessages).values({ ...input, id, ipAddress, outboxId, createdAt: receivedAt });
    return { id, outboxId };
  });
}
