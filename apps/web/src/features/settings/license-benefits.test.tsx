import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BASE_FEATURES } from '@tp/shared';
import { buildCompleteUser, buildLicenseState, mockApi, renderApp, signedInAs } from '@/testing';
import { LicensePanel } from './components/license-panel';
import { PORTAL_TODAY, tierAdds } from './license-benefits';

/** The lines of the list named `name`, as read. */
const lines = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('what a license gives, in words', () => {
  it('says what each plan adds to the one below it, and what is still to come', () => {
    expect(tierAdds('developer')).toEqual({
      now: ['Everything without a license', 'Up to 5 users on one key', 'Help from our team by e-mail'],
      coming: ['Premium dashboard widgets', 'Your own brand colours'],
    });
    expect(tierAdds('team').now).toEqual([
      'Everything in Developer',
      'Up to 25 users on one key',
      'Priority answers from our team',
    ]);
    expect(tierAdds('enterprise').now).toEqual([
      'Everything in Team',
      'Any number of users',
      'A named contact in our team',
    ]);
    expect(tierAdds('enterprise').coming).toContain('The portal under your own brand');
  });

  it('shows a free account what it has and what each plan adds, never the list of component names', async () => {
    mockApi({ ...signedInAs(buildCompleteUser()), 'GET /api/me/license': { body: buildLicenseState() } });
    renderApp(<LicensePanel />);
    expect(await screen.findByText('No license')).toBeInTheDocument();
    expect(lines('What your license gives you')).toEqual([PORTAL_TODAY, 'For 1 user']);
    expect(lines('Developer, $49.00 a month')).toEqual([
      'Everything without a license',
      'Up to 5 users on one key',
      'Help from our team by e-mail',
      'Premium dashboard widgets (coming)',
      'Your own brand colours (coming)',
    ]);
    expect(lines('Team, $149.00 a month')).toContain('Everything in Developer');
    expect(lines('Enterprise, $499.00 a month')).toContain('Any number of users');
    const panel = screen.getByRole('region', { name: 'License' });
    for (const identifier of [...BASE_FEATURES, 'premium-components', 'basic-analytics'])
      expect(panel).not.toHaveTextContent(new RegExp(`\\b${identifier}\\b`));
  });

  it("lists a Developer license's own benefits, and no plans to choose from", async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/me/license': { body: buildLicenseState('developer') },
    });
    renderApp(<LicensePanel />);
    expect(await screen.findByText('Developer')).toBeInTheDocument();
    expect(lines('What your license gives you')).toEqual([
      PORTAL_TODAY,
      'Up to 5 users on one key',
      'Help from our team by e-mail',
      'Premium dashboard widgets (coming)',
      'Your own brand colours (coming)',
    ]);
    expect(screen.queryByRole('list', { name: /a month$/ })).not.toBeInTheDocument();
  });
});
