import { vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  campaignResponseSchema,
  contactListResponseSchema,
  importResponseSchema,
  type CampaignDetail,
} from '@tp/shared';
import type { SignedInClient, TestSmtp } from '../../test/kit';
import type { HttpClient } from '../../test/server-process';
import { campaigns } from './campaigns.tables';

/** Arrangement steps of the campaign tests: a list with contacts, a campaign, and waiting for its end. */

export async function createList(client: SignedInClient, name: string): Promise<string> {
  const res = await client.post('/api/contact-lists', { name });
  if (res.statusCode !== 201) throw new Error(`create list ${res.statusCode}: ${res.body}`);
  return contactListResponseSchema.parse(res.json()).data.id;
}

export const addresses = (prefix: string, n: number, domain = 'example.com') =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}@${domain}`);

export async function listWithContacts(client: SignedInClient, name: string, emails: string[]): Promise<string> {
  const list = await createList(client, name);
  const res = await client.post('/api/contacts/import', { text: emails.join('\n'), lists: [list] });
  if (res.statusCode !== 200) throw new Error(`import ${res.statusCode}: ${res.body}`);
  importResponseSchema.parse(res.json());
  return list;
}

export const draft = (lists: string[], overrides: Record<string, unknown> = {}) => ({
  name: 'Spring price list',
  subject: 'Our spring prices',
  template: 'campaign',
  message: 'Dear partner,\n\nThe new prices: https://example.com/prices?season=spring&x=1\n\nAda',
  selectedLists: lists,
  attachedFiles: [],
  scheduledFor: null,
  isImmediate: true,
  ...overrides,
});

export async function createCampaign(client: SignedInClient, body: Record<string, unknown>): Promise<CampaignDetail> {
  const res = await client.post('/api/campaigns', body);
  if (res.statusCode !== 201) throw new Error(`create campaign ${res.statusCode}: ${res.body}`);
  return campaignResponseSchema.parse(res.json()).data;
}

export async function getCampaign(client: SignedInClient, id: string): Promise<CampaignDetail> {
  const res = await client.get(`/api/campaigns/${id}`);
  if (res.statusCode !== 200) throw new Error(`get campaign ${res.statusCode}: ${res.body}`);
  return campaignResponseSchema.parse(res.json()).data;
}

/** Polls the campaign (as the web's progress bar does) until the condition holds. */
export function waitForCampaign(
  client: SignedInClient,
  id: string,
  done: (campaign: CampaignDetail) => boolean,
  timeoutMs = 60_000,
): Promise<CampaignDetail> {
  return vi.waitFor(
    async () => {
      const campaign = await getCampaign(client, id);
      if (done(campaign)) return campaign;
      throw new Error(`campaign did not reach the state in ${timeoutMs} ms: ${JSON.stringify(campaign)}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

export async function campaignRow(app: FastifyInstance, id: string) {
  const [row] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

/** A list of `emails` and an immediate campaign to it, made through a running server (or a proxy). */
export async function startCampaignThrough(
  http: HttpClient,
  token: string,
  emails: string[],
  subject: string,
): Promise<string> {
  const listAnswer = await http('/api/contact-lists', { json: { name: subject }, token });
  const list = contactListResponseSchema.parse(await listAnswer.json()).data.id;
  const imported = await http('/api/contacts/import', { json: { text: emails.join('\n'), lists: [list] }, token });
  const count = importResponseSchema.parse(await imported.json()).data.imported;
  if (count !== emails.length) throw new Error(`imported ${count} of ${emails.length} contacts`);
  const created = await http('/api/campaigns', { json: draft([list], { subject }), token });
  if (created.status !== 201) throw new Error(`create campaign ${created.status}: ${await created.text()}`);
  return campaignResponseSchema.parse(await created.json()).data.id;
}

/** The Message-IDs of the messages with `subject` that reached the SMTP peer, by recipient. */
export function arrivalsBySubject(smtp: TestSmtp, subject: string): Map<string, string[]> {
  const byAddress = new Map<string, string[]>();
  for (const mail of smtp.messages.filter((m) => m.subject === subject)) {
    const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '';
    byAddress.set(to, [...(byAddress.get(to) ?? []), mail.messageId ?? '']);
  }
  return byAddress;
}
