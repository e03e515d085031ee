import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Upload } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing';
import { componentStateStore } from './component-state';
import { ActionCard } from './action-card';

afterEach(() => componentStateStore.reset());

describe('ActionCard', () => {
  it('clamps the progress to 0-100', () => {
    const over = renderApp(<ActionCard title="Upload Content" progress={140} />);
    expect(screen.getByRole('progressbar', { name: 'Upload Content progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('100%')).toBeInTheDocument();
    over.unmount();
    renderApp(<ActionCard title="Upload Content" progress={-20} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0%')).toBeInTheDocument();
  });

  it('shows points, level and badge, and the XP earned once complete', () => {
    renderApp(<ActionCard title="Daily Summary" icon={Upload} points={3} level={2} badge="New" progress={100} />);
    expect(screen.getByText('+3 XP')).toBeInTheDocument();
    expect(screen.getByText('Level 2')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText(/Completed/)).toHaveTextContent('Completed· 3 XP earned');
  });

  it('expands and collapses on click when interactive', async () => {
    renderApp(
      <ActionCard title="Enhanced Trading" interactive points={20}>
        Place a paper trade.
      </ActionCard>,
    );
    const toggle = screen.getByRole('button', { name: /Enhanced Trading/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Place a paper trade.')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Place a paper trade.')).toBeVisible();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not expand when not interactive, disabled or loading', async () => {
    const still = renderApp(<ActionCard title="Static">Hidden</ActionCard>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    still.unmount();
    const off = renderApp(
      <ActionCard title="Off" interactive disabled>
        Hidden
      </ActionCard>,
    );
    expect(screen.getByRole('button', { name: /Off/ })).toBeDisabled();
    off.unmount();
    renderApp(
      <ActionCard title="Busy" interactive loading>
        Hidden
      </ActionCard>,
    );
    expect(screen.getByRole('button', { name: /Busy/ })).toBeDisabled();
  });

  it('keeps its expanded state per component id across remounts', async () => {
    const { unmount } = renderApp(
      <ActionCard title="Goals" interactive componentId="goals">
        Details
      </ActionCard>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Goals/ }));
    unmount();
    renderApp(
      <ActionCard title="Goals" interactive componentId="goals">
        Details
      </ActionCard>,
    );
    expect(screen.getByRole('button', { name: /Goals/ })).toHaveAttribute('aria-expanded', 'true');
  });
});
