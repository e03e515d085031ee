import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUICK_ACTIONS, type ActivityResponse } from '@tp/shared';
import {
  apiError,
  buildActivity,
  buildCompleteUser,
  buildPublicConfig,
  mockApi,
  deskAnswer,
  buildExposure,
  hamburgExposure,
  renderApp,
  signedInAs,
  orderList,
  buildPortfolio,
  envelope,
  expectNoneAskedAgain,
  withFirstReads,
  type ApiAnswer,
  type ApiRoute,
} from '@/testing';
import { paths } from '@/lib/paths';
import DashboardPage from './dashboard-page';
import { firstReads } from './reads';

const ada = buildCompleteUser({ name: 'Ada Lovelace' });

/**
 * A server like the real one: a quick action earns its XP once a day and ticks no goal; the goals
 * are what `server.activity` says was really done (a test changes it as if done elsewhere).
 * `routes` replace its answers (e.g. a failing activity).
 */
function dashboardApi(start: ActivityResponse = buildActivity(), routes: Record<string, ApiRoute> = {}) {
  const server = { activity: start };
  const calls = mockApi({
    ...signedInAs(ada),
    'GET /api/config': { body: buildPublicConfig() },
    'GET /api/me/activity': () => ({ body: server.activity }),
    'POST /api/me/activity': ({ body }) => {
      const action = QUICK_ACTIONS.find((a) => a.id === (body as { action: string }).action)!;
      const before = server.activity;
      const first = !before.quickActionsEarned.includes(action.id);
      const xpAwarded = first ? action.xp : 0;
      server.activity = {
        ...before,
        quickActionsEarned: first ? [...before.quickActionsEarned, action.id] : before.quickActionsEarned,
        xp: { total: before.xp.total + xpAwarded, today: before.xp.today + xpAwarded },
      };
      return {
        body: {
          replayed: false,
          action: action.id,
          section: action.section,
          xpAwarded,
          activity: server.activity,
          newAchievements: [],
        },
      };
    },
    'GET /api/portfolio': apiError(403, 'You do not have permission to perform this action.'),
    'GET /api/trades': orderList([]),
    'GET /api/content/files/stats': {
      body: {
        stats: {
          sessionUploads: 0,
          totalFiles: 0,
          totalSize: 0,
          categories: { image: 0, video: 0, document: 0, audio: 0, other: 0 },
          recentActivity: [],
        },
        message: 'ok',
      },
    },
    'GET /api/me/achievements': {
      body: { achievements: [], earned: 1, total: 14, next: null },
    },
    'GET /api/desk/exposure': deskAnswer(buildExposure()),
    ...routes,
  });
  return { calls, server };
}

const quickAction = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

afterEach(() => vi.useRealTimers());

describe('dashboard: first reads', () => {
  it('opens on the reads asked for as its route matched, and asks for none of them again', async () => {
    const { calls } = dashboardApi(buildActivity(), { 'GET /api/portfolio': envelope(buildPortfolio()) });
    const { queryClient, firstReads: asked } = await withFirstReads(firstReads(), calls);
    expect(asked).toEqual(['/api/me/activity', '/api/portfolio', '/api/trades?limit=10', '/api/desk/exposure']);
    renderApp(<DashboardPage />, { path: paths.dashboard, queryClient });
    const progress = await screen.findByRole('region', { name: "Today's Progress" });
    expect(await within(progress).findByTestId('streak')).toHaveTextContent('1');
    expect(await screen.findByText('Portfolio value')).toBeInTheDocument();
    expectNoneAskedAgain(calls, asked);
  });
});

describe('dashboard', () => {
  it("shows a new user's honest figures: streak 1, signed in so 1 of 3 goals (33 %), zero files, views and trades", async () => {
    dashboardApi();
    renderApp(<DashboardPage />, { path: paths.dashboard });
    const progress = await screen.findByRole('region', { name: "Today's Progress" });
    expect(await within(progress).findByTestId('streak')).toHaveTextContent('1');
    expect(within(progress).getByRole('progressbar', { name: "Today's progress" })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(within(progress).getByTestId('progress-band')).toHaveTextContent('Good start!');
    expect(within(progress).getByTestId('goals-done')).toHaveTextContent('1 of 3 goals done today');
    const goals = within(progress).getByRole('list', { name: "Today's goals" });
    expect(within(goals).getByText('Daily Login').nextSibling).toHaveTextContent('Done');
    // the pending goals say where they are done
    expect(within(goals).getByRole('link', { name: 'Open Analytics' })).toHaveAttribute('href', paths.analytics);
    expect(within(goals).getByRole('link', { name: 'Upload a file' })).toHaveAttribute('href', paths.contentAccess);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(within(overview).getByText('Files').closest('div')).toHaveTextContent('0');
    expect(await within(overview).findByText('No trades yet: place a paper trade in Trading.')).toBeInTheDocument();
    expect(await within(overview).findByText(/Error: You do not have permission/)).toBeInTheDocument();
    expect(within(overview).getByText(/Nothing recorded yet/)).toBeInTheDocument();
  });

  it('offers "Edit Profile", which opens the profile in edit mode as arrived from the dashboard', async () => {
    dashboardApi();
    const { router } = renderApp(
      [
        { path: paths.dashboard, element: <DashboardPage /> },
        { path: paths.profile, element: <p>profile</p> },
      ],
      { path: paths.dashboard },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Profile' }));
    expect(router.state.location.pathname).toBe(paths.profile);
    expect(router.state.location.state).toEqual({ from: paths.dashboard });
  });

  it('lists the six quick actions with their XP labels', async () => {
    dashboardApi();
    renderApp(<DashboardPage />, { path: paths.dashboard });
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Upload Content+10 XP',
      'Test Enhanced Components+15 XP',
      'Enhanced Trading+20 XP',
      'View Analytics+5 XP',
      'Daily Summary+3 XP',
      'View Achievements+2 XP',
    ]);
  });

  it('offers the exporter desk after the six: a link to /desk that records nothing, and the desk in figures', async () => {
    const { calls } = dashboardApi(buildActivity(), {
      'GET /api/desk/exposure': deskAnswer(hamburgExposure()),
    });
    renderApp([{ path: paths.dashboard, element: <DashboardPage /> }], { path: paths.dashboard });
    const desk = await screen.findByRole('region', { name: 'Exporter desk' });
    // net exposure by currency in home currency, hedged against the policy, what falls due next
    const byCurrency = await within(desk).findByRole('list', { name: 'Net exposure by currency' });
    expect(byCurrency).toHaveTextContent(/EURUSD\s104,271\.50/);
    expect(byCurrency).toHaveTextContent('Hedged 0 % · target 80 %');
    expect(within(desk).getByText('INV-2026-0142 · Rösterei Hamburg GmbH')).toBeInTheDocument();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('link', { name: 'Exporter desk' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.desk);
    expect(calls.filter((c) => c.key === 'POST /api/me/activity')).toHaveLength(0);
  });

  it('a quick action switches the section and says so for 2 s, earns its XP once a day and ticks no goal', async () => {
    const { calls } = dashboardApi();
    renderApp(<DashboardPage />, { path: paths.dashboard });
    const progress = await screen.findByRole('region', { name: "Today's Progress" });
    await within(progress).findByTestId('streak');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(quickAction('Upload Content'));
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Section Changed')).toBeInTheDocument();
    expect(await screen.findByText('You have no files yet.', { exact: false })).toBeInTheDocument();
    const post = calls.find((c) => c.key === 'POST /api/me/activity')!;
    expect(post.body).toMatchObject({ action: 'upload-content' });
    // its XP counted (the label says so); the Upload Content goal still waits for a real upload
    await waitFor(() => expect(quickAction('Upload Content')).toHaveTextContent('earned today'));
    const xpToday = () => within(progress).getByText('XP today').nextSibling;
    expect(xpToday()).toHaveTextContent('15');
    expect(screen.getByRole('progressbar', { name: "Today's progress" })).toHaveAttribute('aria-valuenow', '33');
    expect(within(progress).getByRole('link', { name: 'Upload a file' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.getByText('Section Changed')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByText('Section Changed')).not.toBeInTheDocument();

    // the second click still switches and says so, and earns nothing
    fireEvent.click(quickAction('View Analytics'));
    fireEvent.click(quickAction('Upload Content'));
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByText('Section Changed')).not.toHaveLength(0);
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/me/activity')).toHaveLength(3));
    await waitFor(() => expect(xpToday()).toHaveTextContent('20'));
    expect(screen.getByRole('progressbar', { name: "Today's progress" })).toHaveAttribute('aria-valuenow', '33');
  });

  it('opens "Daily Goals Complete!" only when the day\'s goals are all really done, once a day', async () => {
    const { server } = dashboardApi(buildActivity({ done: ['daily-login', 'check-analytics'] }));
    const before = renderApp(<DashboardPage />, { path: paths.dashboard });
    expect(await screen.findByText('Halfway there!')).toBeInTheDocument();
    for (const action of ['View Achievements', 'Daily Summary', 'Upload Content']) {
      await userEvent.click(quickAction(action));
      await waitFor(() => expect(quickAction(action)).toHaveTextContent('earned today'));
    }
    expect(screen.getByRole('progressbar', { name: "Today's progress" })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    before.unmount();

    // a file uploaded in the content hub: coming back, the dashboard finds 100 % and celebrates
    server.activity = buildActivity({ done: ['daily-login', 'check-analytics', 'upload-content'] });
    const after = renderApp(<DashboardPage />, { path: paths.dashboard });
    const dialog = await screen.findByRole('dialog', { name: 'Daily Goals Complete!' });
    expect(dialog).toHaveTextContent("All 3 of today's goals are done");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('progress-band')).toHaveTextContent('All goals done!');
    expect(screen.getByRole('progressbar', { name: "Today's progress" })).toHaveAttribute('aria-valuenow', '100');
    after.unmount();

    // once a day: coming back again the same day opens nothing
    renderApp(<DashboardPage />, { path: paths.dashboard });
    expect(await screen.findByText('All goals done!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches sections from the keyboard', async () => {
    dashboardApi();
    renderApp(<DashboardPage />, { path: paths.dashboard });
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    overview.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  });

  it('fails in place when the activity cannot be loaded: the other sections keep working, each with its retry', async () => {
    let activity: ApiAnswer = apiError(400, 'Invalid request. Please check your input and try again.');
    dashboardApi(buildActivity(), { 'GET /api/me/activity': () => activity });
    renderApp(<DashboardPage />, { path: paths.dashboard });

    // Today's Progress keeps its place and says what failed, with its own retry
    const progress = await screen.findByRole('region', { name: "Today's Progress" });
    expect(await within(progress).findByText(/Error: Invalid request/)).toBeInTheDocument();
    const retryProgress = within(progress).getByRole('button', { name: 'Retry' });
    // the quick actions and the widget area stay
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getAllByRole('button')).toHaveLength(QUICK_ACTIONS.length);
    // the overview: the trades figure loads, the activity's parts fail in place
    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(await within(overview).findByText('No trades yet: place a paper trade in Trading.')).toBeInTheDocument();
    expect(within(overview).getAllByText(/Error: Invalid request/).length).toBeGreaterThan(0);
    expect(within(overview).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // a section that does not need the activity loads
    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    const achievements = screen.getByRole('tabpanel', { name: 'Achievements' });
    expect(await within(achievements).findByText(/achievements earned/)).toHaveTextContent(
      '1 of 14 achievements earned.',
    );

    activity = { body: buildActivity() };
    await userEvent.click(retryProgress);
    expect(await within(progress).findByTestId('streak')).toHaveTextContent('1');
    expect(within(progress).queryByText(/Error:/)).not.toBeInTheDocument();
  });
});
