import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPublicConfig, mockApi, renderApp } from '@/testing';
import { signUpPath } from '@/lib/paths';
import LandingPage from './landing-page';

function api(stats: { signupsLastHour: number; totalUsers: number }) {
  return mockApi({
    'GET /api/config': { body: buildPublicConfig() },
    'GET /api/stats/public': { body: stats },
  });
}

describe('LandingPage', () => {
  it('has every section of the landing page with its texts', async () => {
    api({ signupsLastHour: 0, totalUsers: 0 });
    renderApp(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Maximize Your Merchant Exports Profits' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why exporters trust us' })).toBeInTheDocument();
    const features = screen.getByRole('region', { name: 'Everything an exporter needs in one place' });
    expect(within(features).getAllByRole('listitem')).toHaveLength(4);
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    // no invented customers: the examples say what they are
    const useCases = screen.getByRole('region', { name: 'What traders use it for' });
    expect(useCases).toHaveTextContent('illustrations, not quotes from customers');
    expect(within(useCases).queryByRole('blockquote')).toBeNull();
    expect(within(useCases).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('complementary', { name: 'Limited-time offer' })).toHaveTextContent(
      'Get 2 months free on an annual subscription.',
    );
    expect(screen.getByRole('link', { name: 'Download the guide' })).toHaveAttribute(
      'href',
      '/guides/merchant-exporters-trading-guide.pdf',
    );
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('button')).toHaveLength(5);
    const mission = screen.getByRole('region', { name: 'Our mission' });
    expect(within(within(mission).getByRole('list', { name: 'Our team' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });

  it('shows the pricing tiers served by /api/config', async () => {
    api({ signupsLastHour: 0, totalUsers: 0 });
    renderApp(<LandingPage />);
    const pricing = screen.getByRole('region', { name: 'Plans and pricing' });
    expect(await within(pricing).findByRole('heading', { name: 'Developer' })).toBeInTheDocument();
    expect(pricing).toHaveTextContent('$49.00 per month');
    expect(pricing).toHaveTextContent('$149.00 per month');
    expect(pricing).toHaveTextContent('$499.00 per month');
    expect(pricing).toHaveTextContent('$490.00 per year: 2 months free');
  });

  it('shows the real number of sign-ups in the last hour and the real total', async () => {
    api({ signupsLastHour: 12, totalUsers: 1250 });
    renderApp(<LandingPage />);
    expect(await screen.findByText('joined in the last hour', { exact: false })).toHaveTextContent(
      '12 joined in the last hour',
    );
    expect(screen.getByRole('list', { name: 'Why exporters trust us' })).toHaveTextContent('1,250 registered users');
  });

  it('shows no number at all when nobody joined and there are no users yet', async () => {
    api({ signupsLastHour: 0, totalUsers: 0 });
    renderApp(<LandingPage />);
    expect(await screen.findByText('Join merchant exporters trading smarter with Trading Portal.')).toBeInTheDocument();
    expect(screen.queryByText(/joined in the last hour/)).not.toBeInTheDocument();
    expect(screen.queryByText(/registered user/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/5,000|12 joined/);
  });

  it('shows no count while the real figures are too small to help (a young installation)', async () => {
    api({ signupsLastHour: 1, totalUsers: 1 });
    renderApp(<LandingPage />);
    expect(await screen.findByText('Join merchant exporters trading smarter with Trading Portal.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/joined in the last hour|registered user/);
  });

  it('opens sign-up from every call to action, carrying the chosen plan', async () => {
    api({ signupsLastHour: 0, totalUsers: 0 });
    renderApp(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Get started free' })).toHaveAttribute('href', signUpPath());
    const pricing = screen.getByRole('region', { name: 'Plans and pricing' });
    for (const [name, plan] of [
      ['Developer', 'developer'],
      ['Team', 'team'],
      ['Enterprise', 'enterprise'],
    ]) {
      expect(await within(pricing).findByRole('link', { name: `Choose ${name}` })).toHaveAttribute(
        'href',
        signUpPath(plan),
      );
    }
  });
});
