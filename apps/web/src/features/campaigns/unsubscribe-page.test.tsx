import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '@tp/shared';
import { unsubscribePath } from '@/lib/paths';
import { apiError, mockApi, renderApp } from '@/testing';
import UnsubscribePage from './unsubscribe-page';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
const info = (unsubscribed = false) => ({
  body: {
    data: { email: 'a.***@example.com', senderName: 'Ada Exporter', campaignName: 'Spring prices', unsubscribed },
  },
});

const renderPage = () =>
  renderApp([{ path: unsubscribePath(':token'), element: <UnsubscribePage /> }], { path: unsubscribePath(TOKEN) });

describe('unsubscribe page', () => {
  it('changes nothing on opening; the button unsubscribes and confirms', async () => {
    const calls = mockApi({
      [`GET /api/unsubscribe/${TOKEN}`]: info(),
      [`POST /api/unsubscribe/${TOKEN}`]: {
        body: { data: { unsubscribed: true, message: CAMPAIGN_MESSAGES.unsubscribed } },
      },
    });
    renderPage();
    expect(await screen.findByText(/Stop e-mails from/)).toHaveTextContent(
      'Stop e-mails from Ada Exporter to a.***@example.com? You received “Spring prices”',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CAMPAIGN_MESSAGES.unsubscribed);
    expect(
      screen.getByText('a.***@example.com will no longer receive campaigns from Ada Exporter.'),
    ).toBeInTheDocument();
  });

  it('says so when the address is already unsubscribed', async () => {
    mockApi({ [`GET /api/unsubscribe/${TOKEN}`]: info(true) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('shows the server’s text for a bad link, and an error if the confirmation fails', async () => {
    mockApi({ [`GET /api/unsubscribe/${TOKEN}`]: apiError(404, CAMPAIGN_MESSAGES.badUnsubscribeLink) });
    const first = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.badUnsubscribeLink);
    first.unmount();

    mockApi({
      [`GET /api/unsubscribe/${TOKEN}`]: info(),
      [`POST /api/unsubscribe/${TOKEN}`]: apiError(404, CAMPAIGN_MESSAGES.badUnsubscribeLink),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.badUnsubscribeLink);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
