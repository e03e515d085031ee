import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBE_BAD_TOKEN_MESSAGE, SUBSCRIBE_CONFIRMED_MESSAGE, SUBSCRIBE_PENDING_MESSAGE } from '@tp/shared';
import { mockApi, renderApp } from '@/testing';
import { paths } from '@/lib/paths';
import { SubscribeForm } from './components/subscribe-form';
import NewsletterConfirmPage from './newsletter-confirm-page';

const token = 'a'.repeat(43);

describe('newsletter', () => {
  it('subscribes to the general list and asks the reader to confirm by e-mail', async () => {
    const calls = mockApi({
      'POST /api/email/subscribe': () => ({ body: { success: true, message: SUBSCRIBE_PENDING_MESSAGE } }),
    });
    const user = userEvent.setup();
    renderApp(<SubscribeForm />);
    await user.type(screen.getByLabelText('Email for the newsletter'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIBE_PENDING_MESSAGE);
    expect(calls[0]?.body).toEqual({ email: 'reader@example.com', name: '', lists: ['general'] });
  });

  it('opening the link changes nothing; the click confirms with a POST', async () => {
    const calls = mockApi({
      'POST /api/email/subscribe/confirm': () => ({
        body: { success: true, message: SUBSCRIBE_CONFIRMED_MESSAGE, email: 'reader@example.com', lists: ['general'] },
      }),
    });
    const user = userEvent.setup();
    renderApp(<NewsletterConfirmPage />, { path: `${paths.newsletterConfirm}?token=${token}` });
    expect(screen.getByRole('heading', { name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('heading', { name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUBSCRIBE_CONFIRMED_MESSAGE);
    expect(calls.map(({ key, body }) => ({ key, body }))).toEqual([
      { key: 'POST /api/email/subscribe/confirm', body: { token } },
    ]);
  });

  it("shows the server's message for a used or expired link", async () => {
    mockApi({
      'POST /api/email/subscribe/confirm': () => ({
        status: 400,
        body: { success: false, error: SUBSCRIBE_BAD_TOKEN_MESSAGE, code: 'INVALID_TOKEN' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<NewsletterConfirmPage />, { path: `${paths.newsletterConfirm}?token=${token}` });
    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIBE_BAD_TOKEN_MESSAGE);
  });

  it('explains a link without a token', () => {
    renderApp(<NewsletterConfirmPage />, { path: paths.newsletterConfirm });
    expect(screen.getByRole('alert')).toHaveTextContent('This link has no confirmation token.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
