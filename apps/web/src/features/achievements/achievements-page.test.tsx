import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, type Achievement, type AchievementsResponse } from '@tp/shared';
import { apiError, buildCompleteUser, mockApi, renderApp, signedInAs } from '@/testing';
import AchievementsPage from './achievements-page';

const ada = buildCompleteUser({ name: 'Ada Lovelace' });

/** The server's answer with `progress[id]` toward each badge (earned at the target). */
function buildAchievements(progress: Partial<Record<string, number>>): AchievementsResponse {
  const achievements: Achievement[] = ACHIEVEMENTS.map(({ metric: _metric, ...a }) => {
    const current = Math.min(progress[a.id] ?? 0, a.target);
    const earned = current >= a.target;
    return {
      ...a,
      current,
      progressPercent: Math.floor((current / a.target) * 100),
      earned,
      earnedAt: earned ? '2026-11-21T09:30:00.000Z' : null,
    };
  });
  const locked = achievements.filter((a) => !a.earned).sort((a, b) => b.progressPercent - a.progressPercent);
  return {
    achievements,
    earned: achievements.filter((a) => a.earned).length,
    total: achievements.length,
    next: locked[0] ?? null,
  };
}

describe('achievements page', () => {
  it('shows the earned badges with their date, and progress toward each locked one, by category', async () => {
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/achievements': {
        body: buildAchievements({
          'first-visit': 1,
          'first-trade': 1,
          'active-trader': 5,
          'streak-7': 6,
          'xp-100': 40,
        }),
      },
    });
    renderApp(<AchievementsPage />);

    const summary = await screen.findByText(/earned\./);
    expect(summary).toHaveTextContent(`2 of ${ACHIEVEMENTS.length} earned. Next within reach: Week Streak (6/7).`);

    const trading = screen.getByRole('region', { name: 'Trading' });
    const firstTrade = within(trading).getByRole('heading', { name: 'First Trade (earned)' }).closest('li')!;
    expect(within(firstTrade).getByText(/Earned/)).toHaveTextContent(/Earned Nov 21, 2026/);
    expect(within(firstTrade).queryByRole('progressbar')).not.toBeInTheDocument();
    const activeTrader = within(trading).getByRole('heading', { name: 'Active Trader (locked)' }).closest('li')!;
    expect(within(activeTrader).getByRole('progressbar', { name: 'Active Trader: 5 of 25' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );

    const streaks = screen.getByRole('region', { name: 'Streaks' });
    expect(within(streaks).getByRole('progressbar', { name: 'Week Streak: 6 of 7' })).toHaveAttribute(
      'aria-valuenow',
      '85',
    );
    expect(within(streaks).getByRole('heading', { name: 'Month Streak (locked)' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Experience' })).getByRole('progressbar', {
        name: 'Century: 40 of 100',
      }),
    ).toHaveAttribute('aria-valuenow', '40');
    // every category the spec lists, each badge once
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(ACHIEVEMENTS.length);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Getting started',
      'Trading',
      'Content',
      'Campaigns',
      'Streaks',
      'Experience',
    ]);
  });

  it('shows a new user every badge locked at zero', async () => {
    mockApi({ ...signedInAs(ada), 'GET /api/me/achievements': { body: buildAchievements({}) } });
    renderApp(<AchievementsPage />);
    expect(await screen.findByText(/earned\./)).toHaveTextContent(`0 of ${ACHIEVEMENTS.length} earned.`);
    expect(screen.queryByRole('heading', { name: /\(earned\)/ })).not.toBeInTheDocument();
    for (const bar of screen.getAllByRole('progressbar')) expect(bar).toHaveAttribute('aria-valuenow', '0');
  });

  it('says what failed and loads again on Retry', async () => {
    let calls = 0;
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/achievements': () => {
        calls += 1;
        return calls === 1
          ? apiError(400, 'Achievements are resting')
          : { body: buildAchievements({ 'first-visit': 1 }) };
      },
    });
    renderApp(<AchievementsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Achievements are resting');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'First Steps (earned)' })).toBeVisible();
  });
});
