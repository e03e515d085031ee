import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { mockApi, notFound, renderApp } from '@/testing';
import MailboxPage from './mailbox-page';

const summary = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Your sign-in link',
  template: 'magic-link',
  status: 'dev_mailbox' as const,
  attempts: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const renderMailbox = () => renderApp(<MailboxPage />, { path: paths.devMailbox });

describe('dev mailbox page', () => {
  it('lists the outbox and shows a message: HTML in a sandboxed frame, the text, and its sign-in link', async () => {
    mockApi({
      'GET /api/dev/mailbox': () => ({ body: { messages: [summary] } }),
      'GET /api/dev/mailbox/m1': () => ({
        body: {
          ...summary,
          replyTo: null,
          lastError: null,
          sentAt: null,
          html: '<p>Sign in</p><script>parent.alert(1)</script>',
          text: 'Sign in: http://localhost:3000/login?token=abc_123',
        },
      }),
    });
    renderMailbox();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const row = within(list).getByRole('button', { name: /Your sign-in link/ });
    expect(row).toHaveTextContent('to ada@example.com');
    expect(row).toHaveTextContent('Kept here (no SMTP)');
    await userEvent.click(row);
    const frame = await screen.findByTitle('E-mail: Your sign-in link');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Sign in</p><script>parent.alert(1)</script>');
    expect(screen.getByText('Sign in: http://localhost:3000/login?token=abc_123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the sign-in link' })).toHaveAttribute(
      'href',
      'http://localhost:3000/login?token=abc_123',
    );
  });

  it('says so when the mailbox is switched off (404)', async () => {
    mockApi({ 'GET /api/dev/mailbox': notFound() });
    renderMailbox();
    expect(await screen.findByText('The dev mailbox is disabled on this server')).toBeInTheDocument();
  });

  it('tells what to do while the outbox is empty', async () => {
    mockApi({ 'GET /api/dev/mailbox': () => ({ body: { messages: [] } }) });
    renderMailbox();
    expect(await screen.findByText(/No e-mail yet/)).toBeInTheDocument();
  });
});
