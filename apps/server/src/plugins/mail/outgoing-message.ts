/** One message as it leaves for the relay: what the transport sends and the raw message is built from. */
export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
}
