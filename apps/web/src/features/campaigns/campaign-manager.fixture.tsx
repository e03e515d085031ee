import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignDetail, User } from '@tp/shared';
import { buildCompleteUser, mockApi, renderApp, signedInAs, type ApiAnswer, type ApiRoute } from '@/testing';
import { EmailCampaignButton } from './index';

/** The campaign manager's test arrangement: two lists, the templates, a campaign, and the API around them. */

export const LIST_A = '11111111-1111-4111-8111-111111111111';
export const LIST_B = '22222222-2222-4222-8222-222222222222';
export const CAMPAIGN_ID = '33333333-3333-4333-8333-333333333333';

export const lists = [
  { id: LIST_A, name: 'traders', count: 245 },
  { id: LIST_B, name: 'vip', count: 42 },
];

export const templates = {
  success: true,
  templates: [
    {
      id: 'campaign',
      name: 'Custom Message',
      description: 'Your message as you wrote it.',
      kind: 'campaign',
      preview: { subject: 'Custom Message: sample', html: '<p>sample</p>', text: 'sample' },
    },
    { id: 'newsletter', name: 'Newsletter', description: 'A newsletter issue.', kind: 'campaign' },
    { id: 'magic-link', name: 'Sign-in link', description: 'The site’s own.', kind: 'system' },
  ],
};

export function detail(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    id: CAMPAIGN_ID,
    name: 'Spring prices',
    subject: 'Our spring prices',
    status: 'sending',
    sentAt: null,
    scheduledFor: null,
    recipients: 287,
    opens: 0,
    clicks: 0,
    awaitingConfirmation: false,
    deletedLists: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    template: 'campaign',
    message: '',
    selectedLists: [LIST_A],
    attachedFiles: [],
    isImmediate: true,
    startedAt: '2026-03-01T09:00:00.000Z',
    delivered: 100,
    failed: 0,
    pending: 187,
    unsubscribes: 0,
    machineOpens: 0,
    machineClicks: 0,
    bounces: 0,
    error: null,
    ...overrides,
  };
}

export type ApiRequest = Parameters<Extract<ApiRoute, (...args: never[]) => unknown>>[0];

/** The server's exact count: 15 of the vip list are also traders, so both lists reach 272, not 287. */
export const recipientCount = ({ url }: ApiRequest): ApiAnswer => {
  const ids = (url.searchParams.get('lists') ?? '').split(',').filter(Boolean);
  const recipients = ids.length === 2 ? 272 : (lists.find((l) => l.id === ids[0])?.count ?? 0);
  return { body: { data: { lists: ids.length, recipients } } };
};

export function api(extra: Record<string, ApiRoute> = {}, user: User = buildCompleteUser()) {
  return mockApi({
    ...signedInAs(user),
    'GET /api/contact-lists': { body: { data: lists } },
    'GET /api/contact-lists/recipients': recipientCount,
    'GET /api/email/templates': { body: templates },
    'GET /api/campaigns': { body: { data: [] } },
    'GET /api/contacts': {
      body: { data: [], pagination: { page: 1, limit: 50, total: 0, hasNext: false, hasPrev: false } },
    },
    [`GET /api/campaigns/${CAMPAIGN_ID}/recipients`]: {
      body: { data: [], pagination: { page: 1, limit: 50, total: 0, hasNext: false, hasPrev: false } },
    },
    ...extra,
  });
}

export async function openManager() {
  renderApp(<EmailCampaignButton />);
  await userEvent.click(await screen.findByRole('button', { name: 'Email Campaign' }));
  return screen.findByRole('dialog', { name: 'Email Campaign Manager' });
}

/** An immediate send asks first: answers "Send now" to the question, which names the recipients. */
export async function confirmSend(question: string) {
  const confirm = await screen.findByRole('dialog', { name: question });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Send now' }));
  return confirm;
}
