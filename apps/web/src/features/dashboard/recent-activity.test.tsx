import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing';
import { RecentActivity } from './components/recent-activity';

describe('RecentActivity', () => {
  it('says the XP an event earned, and nothing for one that earned none', () => {
    renderApp(
      <RecentActivity
        timeZone="UTC"
        events={[
          {
            id: '2',
            kind: 'quick_action',
            action: 'daily-summary',
            label: 'Quick action: Daily Summary',
            xp: 0,
            occurredAt: '2026-11-24T10:05:00.000Z',
            day: '2026-11-24',
          },
          {
            id: '1',
            kind: 'daily_login',
            action: null,
            label: 'Signed in for the day',
            xp: 5,
            occurredAt: '2026-11-24T10:00:00.000Z',
            day: '2026-11-24',
          },
        ]}
      />,
    );
    const [clicked, visit] = within(screen.getByRole('region', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(clicked).toHaveTextContent(/^Quick action: Daily SummaryNov 24, 2026/);
    expect(clicked).not.toHaveTextContent('XP');
    expect(visit).toHaveTextContent('Signed in for the day+5 XP');
  });
});
