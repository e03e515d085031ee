import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, buildContentFile, mockApi, renderApp } from '@/testing';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

// a two-kilobyte invoice, already public (no visibility call before the e-mails)
const invoice = buildContentFile({
  id: '22222222-2222-4222-8222-000000000011',
  name: 'invoice-MCC-2026-0042.pdf',
  size: 2_048,
  isPublic: true,
});
const refusedAddress = {
  status: 400,
  error: 'Invalid request: to: Please enter a valid email address',
  details: [{ field: 'to', message: 'Please enter a valid email address' }],
};

async function openShareDialog() {
  const user = userEvent.setup();
  renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
  await user.click(await screen.findByRole('checkbox', { name: `Select ${invoice.name}` }));
  await user.click(screen.getByRole('button', { name: 'Share Files (1)' }));
  return { user, modal: within(await screen.findByRole('dialog', { name: 'Share Files via Email' })) };
}

describe('Share Files via Email: figures and errors in words', () => {
  it('gives a small file "< 0.01 MB", in the list and in the preview', async () => {
    mockApi(contentRoutes([invoice]));
    const { modal } = await openShareDialog();
    expect(modal.getByText('< 0.01 MB')).toBeInTheDocument();
    expect(modal.getByRole('region', { name: 'Email preview' })).toHaveTextContent(`${invoice.name} (< 0.01 MB)`);
    expect(modal.queryByText(/0\.00 MB/)).not.toBeInTheDocument();
  });

  it('names an address that is not one at its row, and sends nothing until it is corrected', async () => {
    const calls = mockApi(
      contentRoutes([invoice], {
        'POST /api/email/send/content-share': {
          body: { success: true, message: 'Files shared', expiresAt: '2026-12-04T14:30:00.000Z' },
        },
      }),
    );
    const { user, modal } = await openShareDialog();
    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'li@buyer.cn');
    await user.type(modal.getByRole('textbox', { name: 'Recipient 2' }), 'ana@lisbon');
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));

    const wrong = modal.getByRole('textbox', { name: 'Recipient 2' });
    expect(wrong).toHaveAttribute('aria-invalid', 'true');
    expect(wrong).toHaveAccessibleDescription('Enter a valid e-mail address: “ana@lisbon” is not one.');
    expect(wrong).toHaveFocus();
    expect(modal.getByRole('textbox', { name: 'Recipient 1' })).not.toHaveAttribute('aria-invalid');
    expect(modal.queryByText(/Invalid request/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/email/send/content-share')).toBe(false);

    await user.type(wrong, '-traders.pt');
    expect(wrong).not.toHaveAttribute('aria-invalid');
    expect(modal.queryByText(/Enter a valid e-mail address/)).not.toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));
    await screen.findByText('Successfully sent to 2 recipient(s)', { exact: false });
    expect(
      calls.filter((c) => c.key === 'POST /api/email/send/content-share').map((c) => (c.body as { to: string }).to),
    ).toEqual(['li@buyer.cn', 'ana@lisbon-traders.pt']);
  });

  it('words an address the server refused, never "Invalid request: to: …"', async () => {
    mockApi(
      contentRoutes([invoice], {
        'POST /api/email/send/content-share': ({ body }) =>
          (body as { to: string }).to === 'li@buyer.cn'
            ? { body: { success: true, message: 'Files shared', expiresAt: '2026-12-04T14:30:00.000Z' } }
            : apiError(refusedAddress.status, refusedAddress.error, {
                code: 'VALIDATION_FAILED',
                details: refusedAddress.details,
              }),
      }),
    );
    const { user, modal } = await openShareDialog();
    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'li@buyer.cn');
    // an address the browser takes and the server does not (its checks are the last word)
    await user.type(modal.getByRole('textbox', { name: 'Recipient 2' }), 'ana@lisbon-traders.pt');
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));
    const partial = await modal.findByRole('alert');
    expect(partial).toHaveTextContent('Enter a valid e-mail address: “ana@lisbon-traders.pt” is not one.');
    expect(partial).not.toHaveTextContent('Invalid request');
  });
});
