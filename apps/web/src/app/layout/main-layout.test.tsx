import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths, storyPath } from '@/lib/paths';
import { buildCompleteUser, buildPublicConfig, mockApi, renderApp, signedInAs } from '@/testing';
import { MainLayout } from './main-layout';

const ada = buildCompleteUser({ name: 'Ada Lovelace', contentCount: 3, viewCount: 12 });

/** The layout around a page, as `user` (or a visitor) sees it at `path` on a screen `width` px wide. */
function renderAt(path: string, width: number, user: typeof ada | null = null) {
  window.innerWidth = width;
  mockApi({
    ...(user && signedInAs(user)),
    // the footer's support address and the chat widget read the public config
    'GET /api/config': { body: buildPublicConfig() },
  });
  renderApp(
    [
      {
        path: paths.home,
        element: <MainLayout />,
        children: [
          { index: true, element: <p>home</p> },
          { path: '*', element: <p>page</p> },
        ],
      },
    ],
    { path },
  );
}

/** The header shows the signed-in entry once the session is restored. */
const signedInHeader = () => screen.findByRole('link', { name: 'Dashboard' });

describe('MainLayout sidebar rules', () => {
  it('has no sidebar for an anonymous visitor, who gets the page with the header and footer', async () => {
    renderAt(paths.dashboard, 1280);
    expect(within(await screen.findByRole('main')).getByText('page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('All rights reserved.');
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sidebar/i })).not.toBeInTheDocument();
  });

  it('has no sidebar on landing paths even when signed in', async () => {
    renderAt(storyPath('github-cloudflare'), 1280, ada);
    await signedInHeader();
    expect(within(screen.getByRole('main')).getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sidebar/i })).not.toBeInTheDocument();
  });

  it('is open by default on wide screens with the spec entries, badges, goals and stats', async () => {
    renderAt(paths.dashboard, 1280, ada);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const labels = [
      'Home',
      'Dashboard',
      'Access Content',
      'Analytics',
      'Trading',
      'Profile',
      'Achievements',
      'Settings',
    ];
    for (const label of labels)
      expect(within(sidebar).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: /Analytics/ })).toHaveTextContent('New');
    expect(sidebar).toHaveTextContent('Ada Lovelace');
    expect(sidebar).toHaveTextContent('Daily Login');
    expect(sidebar).toHaveTextContent('Check Analytics');
    expect(sidebar).toHaveTextContent('Upload Content');
    await userEvent.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('starts closed at 768 px or narrower and opens as an overlay that closes on click', async () => {
    renderAt(paths.dashboard, 768, ada);
    await signedInHeader();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    await act(async () => {
      screen.getByTestId('sidebar-overlay').click();
    });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
