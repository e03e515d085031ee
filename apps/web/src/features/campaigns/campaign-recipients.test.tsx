import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignRecipientResult } from '@tp/shared';
import { apiError, buildCompleteUser, type ApiRequest, type ApiRoute } from '@/testing';
import { api, CAMPAIGN_ID, detail, openManager } from './campaign-manager.fixture';

const sent = detail({ status: 'sent', sentAt: '2026-03-01T10:00:00.000Z', delivered: 3, failed: 1, pending: 0 });
const RECIPIENTS_PATH = `GET /api/campaigns/${CAMPAIGN_ID}/recipients`;

function result(overrides: Partial<CampaignRecipientResult>): CampaignRecipientResult {
  return {
    id: crypto.randomUUID(),
    email: 'someone@example.com',
    name: '',
    delivery: 'delivered',
    deliveredAt: '2026-03-01T09:01:00.000Z',
    bounce: null,
    bouncedAt: null,
    openedAt: null,
    opens: 0,
    machineOpens: 0,
    clickedAt: null,
    clicks: 0,
    machineClicks: 0,
    unsubscribedAt: null,
    ...overrides,
  };
}

const RESULTS = [
  result({
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    openedAt: '2026-03-01T10:15:00.000Z',
    opens: 2,
    machineOpens: 1,
    clickedAt: '2026-03-01T10:16:00.000Z',
    clicks: 1,
  }),
  result({ email: 'bob@example.com', machineOpens: 1, machineClicks: 2 }),
  result({ email: 'cy@example.com', bounce: 'hard', bouncedAt: '2026-03-01T09:05:00.000Z' }),
  result({ email: 'gone@example.com', delivery: 'failed', deliveredAt: null }),
  result({ email: 'left@example.com', unsubscribedAt: '2026-03-02T08:00:00.000Z' }),
];

const page = (data: CampaignRecipientResult[], { page = 1, limit = 50, total = data.length } = {}) => ({
  body: {
    data,
    pagination: { page, limit, total, hasNext: page * limit < total, hasPrev: page > 1 },
  },
});

/** The detail of a sent campaign, opened from the history, as a user in Kolkata (UTC+5:30). */
async function openResults(
  recipients: (request: ApiRequest) => ReturnType<typeof page>,
  extra: Record<string, ApiRoute> = {},
) {
  const calls = api(
    {
      'GET /api/campaigns': { body: { data: [sent] } },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: { body: { data: sent } },
      [RECIPIENTS_PATH]: recipients,
      ...extra,
    },
    buildCompleteUser({ timezone: 'Asia/Kolkata' }),
  );
  const manager = await openManager();
  await userEvent.click(within(manager).getByRole('tab', { name: 'Campaigns' }));
  await userEvent.click(await within(manager).findByRole('button', { name: 'Spring prices' }));
  const section = await within(manager).findByRole('region', { name: 'Recipients' });
  return { calls, section };
}

/** Spies of a test, undone after it (the setup's own console spy stays). */
const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()));

describe('a campaign’s results per recipient', () => {
  it('shows who was delivered, bounced, opened, clicked and unsubscribed, machines marked, times in the user’s zone', async () => {
    const { section } = await openResults(() => page(RESULTS));
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const [ada, bob, cy, gone, left] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('Delivered');
    // 10:15 UTC is 3:45 PM in Kolkata
    expect(ada).toHaveTextContent(/Mar 1, 2026, 3:45\sPM · 2×/);
    expect(ada).toHaveTextContent(/Mar 1, 2026, 3:46\sPM/);
    expect(within(ada).getByText('machine ×1')).toHaveAttribute('title', expect.stringMatching(/mail scanners/));
    expect(bob).toHaveTextContent('Not opened');
    expect(bob).toHaveTextContent('No clicks');
    expect(within(bob).getByText('machine ×2')).toBeInTheDocument();
    expect(cy).toHaveTextContent('Bounced (hard)');
    expect(gone).toHaveTextContent('Failed');
    expect(left).toHaveTextContent(/Mar 2, 2026, 1:30\sPM/);
    expect(within(section).getByText('1–5 of 5')).toBeInTheDocument();
  });

  it('pages through a large campaign and filters by what happened', async () => {
    const { calls, section } = await openResults(({ url }) => {
      const number = Number(url.searchParams.get('page'));
      const filter = url.searchParams.get('filter');
      if (filter === 'clicked') return page([RESULTS[0]!]);
      const rows = Array.from({ length: number === 3 ? 20 : 50 }, (_, i) =>
        result({ email: `p${number}-${i}@example.com` }),
      );
      return page(rows, { page: number, total: 120 });
    });
    expect(await within(section).findByText('1–50 of 120')).toBeInTheDocument();
    const nav = within(section).getByRole('navigation', { name: 'Recipient pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('51–100 of 120')).toBeInTheDocument();
    expect(within(section).getByText('p2-0@example.com')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('101–120 of 120')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(within(section).getByLabelText('Show'), 'Clicked');
    expect(await within(section).findByText('1–1 of 1')).toBeInTheDocument();
    const last = calls.filter((c) => c.key === RECIPIENTS_PATH).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ page: '1', limit: '50', filter: 'clicked' });
  });

  it('says when nobody is in a view, and shows a failed load with a retry', async () => {
    let fail = true;
    const { section } = await openResults(({ url }) => {
      // a refusal (retrying cannot help) shows at once
      if (fail) return apiError(404, 'Campaign not found', { code: 'NOT_FOUND' }) as ReturnType<typeof page>;
      return url.searchParams.get('filter') === 'bounced' ? page([]) : page(RESULTS);
    });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Error: Campaign not found');
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('table')).toBeInTheDocument();
    await userEvent.selectOptions(within(section).getByLabelText('Show'), 'Bounced');
    expect(await within(section).findByText('No bounces')).toBeInTheDocument();
  });

  it('exports every recipient as CSV, downloaded with the session, named after the campaign', async () => {
    const saved: Array<{ name: string; href: string }> = [];
    spies.push(
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.href });
      }),
    );
    const blobs: Blob[] = [];
    spies.push(
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        blobs.push(blob as Blob);
        return 'blob:http://localhost/recipients';
      }),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    );
    const csv = '\uFEFFEmail,Name\r\nada@example.com,Ada Lovelace\r\n';
    const exportCall = `GET /api/campaigns/${CAMPAIGN_ID}/recipients/export`;
    const { calls, section } = await openResults(() => page(RESULTS), {
      [exportCall]: { raw: { body: csv, contentType: 'text/csv; charset=utf-8' } },
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'Spring prices - recipients.csv', href: 'blob:http://localhost/recipients' }]),
    );
    // the file as the server sent it, its byte-order mark included
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
    // a plain link could not carry the session: the request does
    expect(calls.find((c) => c.key === exportCall)?.headers.authorization).toBe('Bearer access-token');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
