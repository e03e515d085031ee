import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHARED_LINK_MESSAGES, type SharedLink } from '@tp/shared';
import { apiError, buildCompleteUser, buildContentFile, mockApi, renderApp, signedInAs } from '@/testing';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

const invoice = buildContentFile({ id: '22222222-2222-4222-8222-000000000001', name: 'invoice-42.pdf' });
const prices = buildContentFile({ id: '22222222-2222-4222-8222-000000000002', name: 'price-list.txt' });

const link = (overrides: Partial<SharedLink>): SharedLink => ({
  id: '33333333-3333-4333-8333-000000000001',
  fileId: invoice.id,
  fileName: invoice.name,
  recipient: 'ana@lisbon-traders.pt',
  createdAt: '2026-11-10T09:00:00.000Z',
  expiresAt: '2026-11-17T09:00:00.000Z',
  downloads: 0,
  lastDownloadAt: null,
  ...overrides,
});

const opened = link({ downloads: 3, lastDownloadAt: '2026-11-12T22:30:00.000Z' });
const fresh = link({
  id: '33333333-3333-4333-8333-000000000002',
  fileId: prices.id,
  fileName: prices.name,
  recipient: 'li@buyer.cn',
  expiresAt: '2026-12-10T09:00:00.000Z',
});

const manage = `${paths.contentAccess}?tab=manage`;
// the user reads dates in their own zone: Nairobi, three hours ahead of UTC
const nairobi = signedInAs(buildCompleteUser({ timezone: 'Africa/Nairobi' }));

describe('content hub: shared links', () => {
  it('lists live links with recipient, end and downloads in the user’s zone, and marks the files that have one', async () => {
    mockApi(
      contentRoutes([invoice, prices], {
        ...nairobi,
        'GET /api/content/shared-links': { body: { links: [opened, fresh], total: 2 } },
      }),
    );
    renderApp(<ContentAccessPage />, { path: manage });
    const list = await screen.findByRole('list', { name: 'Live shared links' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('invoice-42.pdf');
    expect(first).toHaveTextContent('To ana@lisbon-traders.pt · until Nov 17, 2026, 12:00 PM');
    expect(first).toHaveTextContent('Opened 3 times, last on Nov 13, 2026, 1:30 AM');
    expect(second).toHaveTextContent('Not opened yet');

    const files = screen.getByRole('list', { name: 'Files' });
    const invoiceRow = within(files).getByText('invoice-42.pdf').closest('li')!;
    expect(invoiceRow).toHaveTextContent('Shared until Nov 17, 2026');
    expect(within(files).getByText('price-list.txt').closest('li')).toHaveTextContent('Shared until Dec 10, 2026');
  });

  it('says what to do when there is no live link, and offers a retry when the list fails', async () => {
    let fail = true;
    mockApi(
      contentRoutes([invoice], {
        'GET /api/content/shared-links': () =>
          fail ? apiError(429, 'Too many requests. Please try again later.') : { body: { links: [], total: 0 } },
      }),
    );
    renderApp(<ContentAccessPage />, { path: manage });
    const panel = await screen.findByRole('region', { name: 'Shared links' });
    expect(await within(panel).findByText('Error: Too many requests. Please try again later.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Files' })).queryByText(/Shared until/)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('No live links')).toBeInTheDocument();
  });

  it('revokes a link from the keyboard after a confirmation, and drops it from the list', async () => {
    let links = [opened, fresh];
    const calls = mockApi(
      contentRoutes([invoice, prices], {
        'GET /api/content/shared-links': () => ({ body: { links, total: links.length } }),
        [`DELETE /api/content/shared-links/${opened.id}`]: () => {
          links = [fresh];
          return { body: { success: true, message: SHARED_LINK_MESSAGES.revoked } };
        },
      }),
    );
    renderApp(<ContentAccessPage />, { path: manage });
    const user = userEvent.setup();
    const revoke = await screen.findByRole('button', {
      name: 'Revoke the link to invoice-42.pdf for ana@lisbon-traders.pt',
    });
    revoke.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link to invoice-42.pdf?' });
    expect(dialog).toHaveTextContent('ana@lisbon-traders.pt can no longer open invoice-42.pdf with it.');
    // nothing happens until confirmed
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    within(dialog).getByRole('button', { name: 'Revoke' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(SHARED_LINK_MESSAGES.revoked)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Live shared links' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveTextContent('price-list.txt');
    expect(within(screen.getByRole('list', { name: 'Files' })).getAllByText(/Shared until/)).toHaveLength(1);
  });

  it('keeps the link and says why when revoking fails', async () => {
    mockApi(
      contentRoutes([invoice], {
        'GET /api/content/shared-links': { body: { links: [opened], total: 1 } },
        [`DELETE /api/content/shared-links/${opened.id}`]: apiError(503, 'Content service is not available'),
      }),
    );
    renderApp(<ContentAccessPage />, { path: manage });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Revoke the link to invoice-42\.pdf/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Content service is not available')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Live shared links' })).toHaveTextContent('invoice-42.pdf');
  });
});
