import { MAILED_PAGES } from '@tp/shared';
import { purposeKey, sameBytes, sign } from '../../plugins/tokens/signatures';

/**
 * The per-recipient links of a campaign message: open pixel, click-through and unsubscribe. Each
 * token is `<recipient id, base64url>.<HMAC-SHA256, 16 bytes>` over the purpose and the recipient
 * (and the link's index for clicks), keyed by a key derived from AUTH_SECRET for this use only. A
 * click redirects to the URL stored with the campaign at that index, never to one in the request.
 */

export type LinkPurpose = 'open' | 'click' | 'unsubscribe';

const UUID_HEX = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

function compactId(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

function expandId(compact: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(compact)) return null;
  const bytes = Buffer.from(compact, 'base64url');
  // only the canonical spelling: the last character also carries bits the decoder ignores
  if (bytes.length !== 16 || bytes.toString('base64url') !== compact) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, purpose: LinkPurpose, recipientId: string, linkIndex?: number): Buffer {
  const subject = linkIndex === undefined ? `${purpose}:${recipientId}` : `${purpose}:${recipientId}:${linkIndex}`;
  return sign(purposeKey(secret, 'tp:campaign-links:v1'), subject, 16);
}

export function signRecipientToken(secret: string, purpose: LinkPurpose, recipientId: string, linkIndex?: number) {
  if (!UUID_HEX.test(recipientId)) throw new RangeError('recipientId must be a UUID');
  return `${compactId(recipientId)}.${mac(secret, purpose, recipientId.toLowerCase(), linkIndex).toString('base64url')}`;
}

/** The recipient id of a token with a valid signature (compared in constant time), else null. */
export function verifyRecipientToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  linkIndex?: number,
): string | null {
  const [compact, signature, extra] = token.split('.');
  if (extra !== undefined || !compact || !signature || !/^[A-Za-z0-9_-]{22}$/.test(signature)) return null;
  const recipientId = expandId(compact);
  if (!recipientId) return null;
  // compared as text, so a spelling that decodes to the same bytes is not accepted either
  const expected = Buffer.from(mac(secret, purpose, recipientId, linkIndex).toString('base64url'));
  const given = Buffer.from(signature);
  return sameBytes(given, expected) ? recipientId : null;
}

export interface RecipientLinks {
  openUrl: string;
  unsubscribeApiUrl: string;
  unsubscribePageUrl: string;
  clickUrl(linkIndex: number): string;
}

/** Where each link of one recipient's message points (PUBLIC_URL; https in production, RFC 8058). */
export function recipientLinks(secret: string, publicUrl: string, recipientId: string): RecipientLinks {
  const unsubscribe = signRecipientToken(secret, 'unsubscribe', recipientId);
  return {
    openUrl: `${publicUrl}/api/email/track/open/${signRecipientToken(secret, 'open', recipientId)}`,
    unsubscribeApiUrl: `${publicUrl}/api/unsubscribe/${unsubscribe}`,
    unsubscribePageUrl: `${publicUrl}${MAILED_PAGES.unsubscribe}/${unsubscribe}`,
    clickUrl: (i) => `${publicUrl}/api/email/track/click/${signRecipientToken(secret, 'click', recipientId, i)}/${i}`,
  };
}
