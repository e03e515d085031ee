import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { OutgoingMessage } from './outgoing-message';
import { buildRawMessage } from './raw-message';

export type DeliveryResult = { status: 'sent'; messageId: string } | { status: 'dev_mailbox' };

export interface MailTransport {
  deliver(message: OutgoingMessage): Promise<DeliveryResult>;
  /** Connects to the relay, greets it and logs in, sending nothing; null without a relay. */
  verify: (() => Promise<unknown>) | null;
  close(): void;
}

/** SMTP through Nodemailer when SMTP_URL is set; otherwise the dev mailbox keeps the message. */
export function createTransport(config: AppConfig): MailTransport {
  if (!config.mail.smtpUrl) {
    return { deliver: async () => ({ status: 'dev_mailbox' }), verify: null, close: () => undefined };
  }
  const url = new URL(config.mail.smtpUrl);
  for (const [key, value] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transporter: Transporter = nodemailer.createTransport(url.toString());
  return {
    async deliver(message) {
      // built without Nodemailer's composer when the message is plain enough (every campaign message is)
      const built = buildRawMessage(message);
      if (built) {
        await transporter.sendMail({ envelope: built.envelope, raw: built.raw });
        return { status: 'sent', messageId: message.messageId };
      }
      // Nodemailer builds and encodes every header; our inputs are validated addresses and CR/LF-free text.
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
        messageId: message.messageId,
      });
      return { status: 'sent', messageId: info.messageId };
    },
    verify: () => transporter.verify(),
    close: () => transporter.close(),
  };
}
