import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TAGLINE } from '@tp/shared';
import { APP_SHELL_ID } from '@/lib/app-shell';
import { useAuth } from '@/lib/auth-context';
import { paths, storyPath } from '@/lib/paths';
import { userStorageKey } from '@/lib/user-storage';
import {
  apiError,
  buildActivity,
  buildCompleteUser,
  buildPublicConfig,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import AnalyticsPage from '@/features/analytics/analytics-page';
import { MainLayout } from './main-layout';

const ada = buildCompleteUser({ name: 'Ada Lovelace', contentCount: 3, viewCount: 12 });

/** The layout around a page, as `user` (or a visitor) sees it at `path` on a screen `width` px wide. */
function renderAt(
  path: string,
  width: number,
  user: typeof ada | null = null,
  activity = buildActivity(),
  config = buildPublicConfig(),
) {
  window.innerWidth = width;
  const calls = mockApi({
    ...(user && signedInAs(user)),
    'GET /api/me/activity': { body: activity },
    // the footer's support address and the chat widget read the public config
    'GET /api/config': { body: config },
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
  return calls;
}

/** The header shows the signed-in entry once the session is restored. */
const signedInHeader = () => screen.findByRole('link', { name: 'Dashboard' });

describe('MainLayout and the prerendered shell', () => {
  it('removes the shell when it shows the page, so the page is not hidden behind it', async () => {
    const shell = document.createElement('div');
    shell.id = APP_SHELL_ID;
    document.body.append(shell);
    renderAt(paths.dashboard, 360, ada);
    expect(within(await screen.findByRole('main')).getByText('page')).toBeInTheDocument();
    expect(document.getElementById(APP_SHELL_ID)).toBeNull();
  });
});

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
      'Exporter desk',
      'Profile',
      'Achievements',
      'Settings',
    ];
    for (const label of labels)
      expect(within(sidebar).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    // a user who has not opened Analytics yet (as the server says)
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: /Analytics/ })).toHaveTextContent('New'));
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
    await userEvent.click(screen.getByTestId('sidebar-overlay'));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument());
  });

  it('keeps focus inside the overlay, closes on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderAt(paths.dashboard, 768, ada);
    await signedInHeader();
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    await user.click(toggle);
    const overlay = await screen.findByRole('dialog', { name: 'Sidebar' });
    await waitFor(() => expect(overlay).toContainElement(document.activeElement as HTMLElement));
    // Tab past the last control wraps to the first: focus never reaches the page behind
    for (let i = 0; i < 15; i++) {
      await user.tab();
      expect(overlay).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());

    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Close sidebar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
  });
});

/** Where the links of a landmark go, in the order the page lists them. */
const hrefsIn = (landmark: HTMLElement) =>
  within(landmark)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('header and footer (docs/product/shell.md#header, #footer)', () => {
  it("list their links in the spec's order, with the tagline beside the product name", async () => {
    renderAt(paths.about, 360);
    const header = await screen.findByRole('banner');
    expect(hrefsIn(within(header).getByRole('navigation', { name: 'Main' }))).toEqual([
      paths.login,
      storyPath('github-cloudflare'),
      paths.stories,
    ]);
    expect(within(header).getByText(TAGLINE)).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByRole('navigation').flatMap(hrefsIn)).toEqual([
      paths.about,
      paths.services,
      paths.careers,
      paths.terms,
      paths.privacy,
      paths.contact,
      paths.faq,
      paths.resources,
    ]);
  });

  it("link the company's own social pages when the server names them (SOCIAL_LINKS), and none otherwise", async () => {
    renderAt(paths.about, 1280);
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'help@portal.test' });
    expect(within(footer).queryByRole('list', { name: 'Social media' })).not.toBeInTheDocument();
  });

  it('show the social pages the server names, each by its site', async () => {
    const url = 'https://www.linkedin.com/company/acme-exports';
    renderAt(
      paths.about,
      1280,
      null,
      buildActivity(),
      buildPublicConfig({ socialLinks: [{ label: 'LinkedIn', url }] }),
    );
    const social = await screen.findByRole('list', { name: 'Social media' });
    expect(within(social).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', url);
  });

  it('put the dashboard where sign-in was once the user is signed in', async () => {
    renderAt(paths.about, 1280, ada);
    await signedInHeader();
    expect(hrefsIn(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
      paths.dashboard,
      storyPath('github-cloudflare'),
      paths.stories,
    ]);
  });
});

describe('sidebar figures', () => {
  it("shows the server's streak, goals, Files and Views, and the fire badge above a 5-day streak", async () => {
    const base = buildActivity();
    const calls = renderAt(paths.dashboard, 1280, ada, {
      ...base,
      streak: { current: 6, longest: 9, lastVisitDate: base.date },
      counts: { files: 4, views: 27, streak: 6 },
      goals: base.goals.map((g) => (g.id === 'check-analytics' ? { ...g, status: 'done' as const } : g)),
    });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await within(sidebar).findByText('27');
    const stats = within(sidebar)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(stats).toEqual(['4', '27', '6']);
    expect(within(sidebar).getByText('Check Analytics').nextSibling).toHaveTextContent('Done');
    expect(within(sidebar).getByText('Upload Content').nextSibling).toHaveTextContent('Pending');
    expect(within(sidebar).getByRole('link', { name: /Achievements/ })).toContainElement(
      within(sidebar).getByLabelText('6-day streak'),
    );
    // the browser's zone goes with the call; the streak is cached as the spec's local copy
    const call = calls.find((c) => c.key === 'GET /api/me/activity')!;
    expect(call.headers['x-time-zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse(localStorage.getItem(userStorageKey(ada.id, 'streak'))!)).toEqual({
      count: 6,
      lastDate: base.date,
      timeZone: base.timeZone,
    });
  });

  it('reads its figures again when an upload elsewhere refreshes the signed-in user', async () => {
    let files = 3;
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/activity': () => ({ body: buildActivity({ counts: { files, views: 12, streak: 1 } }) }),
      'GET /api/config': { body: buildPublicConfig() },
    });
    /** Stands for the upload: the server counts the file and the page refreshes the session's user. */
    function Uploader() {
      const { user, setUser } = useAuth();
      return (
        <button
          onClick={() => {
            files = 4;
            setUser({ ...user!, contentCount: 4 });
          }}
        >
          upload
        </button>
      );
    }
    window.innerWidth = 1280;
    renderApp([{ path: paths.home, element: <MainLayout />, children: [{ path: '*', element: <Uploader /> }] }], {
      path: paths.dashboard,
    });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await waitFor(() => expect(within(sidebar).getAllByRole('definition')[0]).toHaveTextContent('3'));
    await userEvent.click(screen.getByRole('button', { name: 'upload' }));
    await waitFor(() => expect(within(sidebar).getAllByRole('definition')[0]).toHaveTextContent('4'));
  });

  it('shows "New" on Analytics until the user opens it, then never again', async () => {
    let opened = false;
    mockApi({
      ...signedInAs(ada),
      'GET /api/config': { body: buildPublicConfig() },
      'GET /api/me/activity': () => ({ body: buildActivity({ analyticsOpened: opened }) }),
      // the Analytics page's own read is the recorded visit
      'GET /api/me/analytics': () => {
        opened = true;
        const none = { available: true, note: null, points: [], total: 0 };
        return {
          body: {
            start: '2026-10-25',
            end: '2026-11-23',
            timeZone: 'UTC',
            content: { uploads: none, views: none },
            campaigns: { sends: none, opens: none, clicks: none },
            activity: { xp: none, trades: none },
            trading: { performance: '/api/analytics/performance', risk: '/api/analytics/risk' },
          },
        };
      },
      'GET /api/analytics/performance': apiError(500, 'A server error occurred. Please try again later.'),
      'GET /api/analytics/risk': apiError(500, 'A server error occurred. Please try again later.'),
    });
    window.innerWidth = 1280;
    renderApp(
      [
        {
          path: paths.home,
          element: <MainLayout />,
          children: [
            { path: paths.analytics, element: <AnalyticsPage /> },
            { path: '*', element: <p>page</p> },
          ],
        },
      ],
      { path: paths.dashboard },
    );
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const analytics = within(sidebar).getByRole('link', { name: /^Analytics/ });
    await waitFor(() => expect(analytics).toHaveTextContent('New'));
    await userEvent.click(analytics);
    await screen.findByRole('heading', { name: 'Analytics', level: 1 });
    await waitFor(() => expect(opened).toBe(true));
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: /^Analytics/ })).not.toHaveTextContent('New'));
  });

  it('shows no "New" on Analytics for a user who opened it before, nor while the activity loads', async () => {
    renderAt(paths.dashboard, 1280, ada, buildActivity({ analyticsOpened: true }));
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: /^Analytics/ })).not.toHaveTextContent('New');
    await within(sidebar).findByText('Daily Login');
    await waitFor(() => expect(within(sidebar).getByText('Daily Login').nextSibling).toHaveTextContent('Done'));
    expect(within(sidebar).getByRole('link', { name: /^Analytics/ })).not.toHaveTextContent('New');
  });

  it('has no fire badge at a streak of 5', async () => {
    renderAt(paths.dashboard, 1280, ada, { ...buildActivity(), counts: { files: 0, views: 0, streak: 5 } });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await waitFor(() =>
      expect(
        within(sidebar)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['0', '0', '5']),
    );
    expect(within(sidebar).queryByLabelText('5-day streak')).not.toBeInTheDocument();
  });

  it('says the streak is unavailable, not "—-day streak", when the activity cannot load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.innerWidth = 1280;
      mockApi({
        ...signedInAs(ada),
        'GET /api/me/activity': apiError(500, 'A server error occurred. Please try again later.'),
        'GET /api/config': { body: buildPublicConfig() },
      });
      renderApp([{ path: paths.home, element: <MainLayout />, children: [{ path: '*', element: <p>page</p> }] }], {
        path: paths.dashboard,
      });
      const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(within(sidebar).getByText('Streak unavailable')).toBeInTheDocument());
      expect(sidebar).not.toHaveTextContent('-day streak');
    } finally {
      vi.useRealTimers();
    }
  });
});
