import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildRawMessage } from './raw-message';

const message = {
  from: 'Trading Portal <no-reply@example.com>',
  to: 'ada@example.com',
  replyTo: '"Zoë Exporter" <zoe@example.com>',
  subject: 'Prix de printemps — 春の価格表, a subject long enough to be folded over several lines',
  html: '<p>Bonjour Zoë, <a href="https://portal.example.com/api/email/track/click/abc.def/0">les prix</a></p>',
  text: 'Bonjour Zoë,\nles prix: https://portal.example.com/api/email/track/click/abc.def/0\n',
  headers: {
    'List-Unsubscribe': '<https://portal.example.com/api/unsubscribe/abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'X-Campaign-Id': 'c-1',
  },
  messageId: '<0b6f3c1e-5a8e-4a43-9a77-1c1f0f6c2d10@trading-portal>',
};

describe('raw campaign messages', () => {
  it('builds a message every part of which a mail parser reads back as given', async () => {
    const built = buildRawMessage(message, new Date('2026-11-23T10:00:00Z'))!;
    expect(built.envelope).toEqual({ from: 'no-reply@example.com', to: ['ada@example.com'] });
    const raw = built.raw.toString('utf8');
    // 7-bit on the wire, no line longer than RFC 5322 allows
    expect([...raw].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    expect(Math.max(...raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(998);
    const parsed = await simpleParser(built.raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value[0]).toMatchObject({ address: 'no-reply@example.com', name: 'Trading Portal' });
    expect(parsed.replyTo?.value[0]).toMatchObject({ address: 'zoe@example.com', name: 'Zoë Exporter' });
    expect(parsed.messageId).toBe(message.messageId);
    expect(parsed.date?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    expect(raw).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(parsed.headers.get('x-campaign-id')).toBe('c-1');
    expect(raw).toContain('\r\nList-Unsubscribe: <https://portal.example.com/api/unsubscribe/abc.def>\r\n');
  });

  it('builds the shared headers once per sender and subject, the recipient’s own per message', () => {
    const first = buildRawMessage(message)!.raw.toString();
    const second = buildRawMessage({
      ...message,
      to: 'bob@example.com',
      messageId: '<b@trading-portal>',
    })!.raw.toString();
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];
    expect(boundary(first)).toBeDefined();
    expect(boundary(second)).toBe(boundary(first));
    expect(second).toContain('\r\nTo: bob@example.com\r\n');
    expect(second).toContain('\r\nMessage-ID: <b@trading-portal>\r\n');
    expect(second).not.toContain('ada@example.com');
  });

  it('leaves anything unusual to Nodemailer’s composer', () => {
    expect(buildRawMessage({ ...message, to: 'zoë@exämple.com' })).toBeNull();
    expect(buildRawMessage({ ...message, headers: { 'X-Note': 'café' } })).toBeNull();
    expect(buildRawMessage({ ...message, from: 'not an address' })).toBeNull();
  });
});
