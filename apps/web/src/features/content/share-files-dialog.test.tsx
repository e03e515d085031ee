import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '@tp/shared';
import { apiError, buildContentFile, mockApi, renderApp } from '@/testing';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';
import { defaultShareSubject, withOneEmptyRow } from './share-form';

const invoice = buildContentFile({ id: '22222222-2222-4222-8222-000000000001', name: 'invoice.pdf', size: 524_288 });
const photo = buildContentFile({
  id: '22222222-2222-4222-8222-000000000002',
  name: 'figs.jpg',
  size: 1_572_864,
  category: 'image',
  type: 'image/jpeg',
  isPublic: true,
});

describe('share form rules', () => {
  it('names three files in the default subject, then "and N more"', () => {
    expect(defaultShareSubject(['a.pdf'])).toBe('Shared Files: a.pdf');
    expect(defaultShareSubject(['a', 'b', 'c'])).toBe('Shared Files: a, b, c');
    expect(defaultShareSubject(['a', 'b', 'c', 'd', 'e'])).toBe('Shared Files: a, b, c and 2 more');
  });

  it('always keeps exactly one empty recipient row', () => {
    expect(withOneEmptyRow(['a@x.io'])).toEqual(['a@x.io', '']);
    expect(withOneEmptyRow(['a@x.io', '', ''])).toEqual(['a@x.io', '']);
    expect(withOneEmptyRow([])).toEqual(['']);
  });
});

const shared = {
  body: { success: true, message: 'Files shared', expiresAt: '2026-11-22T14:30:00.000Z' },
};

async function openShareDialog(file: typeof invoice) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: `Select ${file.name}` }));
  await user.click(screen.getByRole('button', { name: 'Share Files (1)' }));
  return { user, modal: within(await screen.findByRole('dialog', { name: 'Share Files via Email' })) };
}

describe('content hub: Share Files via Email', () => {
  it('asks for a selection first', async () => {
    mockApi(contentRoutes([invoice]));
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    await screen.findByRole('list', { name: 'Files' });
    await userEvent.click(screen.getByRole('button', { name: 'Share Files (0)' }));
    expect(await screen.findByText('Please select files to share')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates, sends one e-mail per recipient asking to make the files public, and reports successes and failures', async () => {
    const calls = mockApi(
      contentRoutes([invoice, photo], {
        'POST /api/email/send/content-share': ({ body }) =>
          (body as { to: string }).to === 'li@buyer.cn'
            ? apiError(429, 'You have reached the daily limit of recipients for sharing files.', {
                code: 'RATE_LIMITED',
              })
            : shared,
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select figs.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Share Files (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share Files via Email' });
    const modal = within(dialog);
    expect(modal.getByText('0.50 MB')).toBeInTheDocument();
    expect(modal.getByText('1.50 MB')).toBeInTheDocument();
    expect(
      modal.getByRole('checkbox', { name: 'Make files publicly accessible (recommended for email sharing)' }),
    ).toBeChecked();
    const subject = modal.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Shared Files: invoice.pdf, figs.jpg');
    expect(modal.getByRole('button', { name: 'Send to 0 recipient(s)' })).toBeDisabled();

    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'ana');
    await user.click(modal.getByRole('button', { name: 'Send to 0 recipient(s)' }));
    expect(await modal.findByText('Please add at least one valid email address')).toBeInTheDocument();

    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), '@lisbon-traders.pt');
    await user.type(modal.getByRole('textbox', { name: 'Recipient 2' }), 'li@buyer.cn');
    expect(modal.getByRole('textbox', { name: 'Recipient 3' })).toHaveValue(''); // one empty row stays
    await user.clear(subject);
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));
    expect(await modal.findByText('Please add a subject')).toBeInTheDocument();

    await user.type(subject, 'Documents for the Lisbon order');
    await user.type(modal.getByRole('textbox', { name: 'Message (optional)' }), 'As promised.');
    const preview = modal.getByRole('region', { name: 'Email preview' });
    expect(preview).toHaveTextContent('To: ana@lisbon-traders.pt, li@buyer.cn');
    expect(preview).toHaveTextContent('Subject: Documents for the Lisbon order');
    expect(preview).toHaveTextContent('As promised.');
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));

    // the dialog stays, naming the recipient the e-mail did not reach and why, left in the rows
    const partial = await modal.findByRole('alert');
    expect(partial).toHaveTextContent('Successfully sent to 1 recipient(s), 1 failed');
    expect(partial).toHaveTextContent('li@buyer.cn: You have reached the daily limit of recipients for sharing files.');
    expect(partial).not.toHaveTextContent('ana@lisbon-traders.pt');
    expect(modal.getByRole('textbox', { name: 'Recipient 1' })).toHaveValue('li@buyer.cn');
    expect(modal.getByRole('textbox', { name: 'Recipient 2' })).toHaveValue('');
    // the server makes the files public with each share it accepts: no separate toggle first
    expect(calls.filter((c) => c.key.startsWith('PUT '))).toEqual([]);
    const sent = calls.filter((c) => c.key === 'POST /api/email/send/content-share').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      to: 'ana@lisbon-traders.pt',
      subject: 'Documents for the Lisbon order',
      message: 'As promised.',
      senderName: 'Ada Lovelace',
      makePublic: true,
      expiresInDays: 7,
      files: [
        { id: invoice.id, name: 'invoice.pdf' },
        { id: photo.id, name: 'figs.jpg' },
      ],
    });
  }, 30_000); // a long story of typing: slow on a busy two-core machine

  it('closes on a full success and says "Files shared successfully!" with the result beneath', async () => {
    mockApi(contentRoutes([photo], { 'POST /api/email/send/content-share': shared }));
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select figs.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Share Files (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Files via Email' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Recipient 1' }), 'ana@lisbon-traders.pt');
    await user.click(within(dialog).getByRole('button', { name: 'Send to 1 recipient(s)' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(CONTENT_MESSAGES.filesShared);
    expect(banner).toHaveTextContent(
      'Successfully sent to 1 recipient(s). The links work until Nov 22, 2026, 2:30 PM.',
    );
    expect(screen.getByRole('button', { name: 'Share Files (0)' })).toBeInTheDocument();
  });

  it('checks every address before sending anything: one typo shares nothing and makes nothing public', async () => {
    const calls = mockApi(contentRoutes([invoice], { 'POST /api/email/send/content-share': shared }));
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const { user, modal } = await openShareDialog(invoice);
    expect(modal.getByRole('checkbox', { name: /Make files publicly accessible/ })).toBeChecked();
    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'ana@lisbon-traders.pt');
    await user.type(modal.getByRole('textbox', { name: 'Recipient 2' }), 'li@');
    await user.click(modal.getByRole('button', { name: 'Send to 2 recipient(s)' }));
    const wrong = modal.getByRole('textbox', { name: 'Recipient 2' });
    expect(wrong).toHaveAttribute('aria-invalid', 'true');
    expect(wrong).toHaveAccessibleDescription('Enter a valid e-mail address: “li@” is not one.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets the sender choose how long the links work, 7 days unless changed', async () => {
    const calls = mockApi(contentRoutes([invoice], { 'POST /api/email/send/content-share': shared }));
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const { user, modal } = await openShareDialog(invoice);
    const lifetime = modal.getByRole('combobox', { name: 'Links work for' });
    expect(lifetime).toHaveValue('7');
    expect([...lifetime.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '1 day',
      '3 days',
      '7 days',
      '14 days',
      '30 days',
    ]);
    await user.selectOptions(lifetime, '30 days');
    expect(modal.getByRole('region', { name: 'Email preview' })).toHaveTextContent(
      /This link works until \w{3} \d+, \d{4}/,
    );
    await user.click(modal.getByRole('checkbox', { name: /Make files publicly accessible/ }));
    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'ana@lisbon-traders.pt');
    await user.click(modal.getByRole('button', { name: 'Send to 1 recipient(s)' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/email/send/content-share')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/email/send/content-share')!.body).toMatchObject({
      expiresInDays: 30,
      makePublic: false,
    });
  });

  it('says "All emails failed to send" with the reason, and "Sending..." while busy', async () => {
    let release: () => void = () => undefined;
    mockApi(
      contentRoutes([invoice], {
        'POST /api/email/send/content-share': () =>
          new Promise((resolve) => {
            release = () =>
              resolve(
                apiError(429, 'You have reached the daily limit of recipients for sharing files.', {
                  code: 'RATE_LIMITED',
                }),
              );
          }),
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Share Files (1)' }));
    const modal = within(await screen.findByRole('dialog'));
    await user.click(modal.getByRole('checkbox', { name: /Make files publicly accessible/ }));
    await user.type(modal.getByRole('textbox', { name: 'Recipient 1' }), 'ana@lisbon-traders.pt');
    await user.click(modal.getByRole('button', { name: 'Send to 1 recipient(s)' }));
    expect(await modal.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    const alert = await modal.findByRole('alert');
    expect(alert).toHaveTextContent('All emails failed to send');
    expect(alert).toHaveTextContent('You have reached the daily limit of recipients for sharing files.');
  });
});
