import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { HoverCard } from './hover-card';
import { Popover } from './popover';

describe('Popover', () => {
  it('opens and closes on trigger clicks; Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    render(
      <Popover label="Filters" trigger={<Button>Filters</Button>}>
        <p>Type and date range</p>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveTextContent('Type and date range');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(trigger);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});

describe('HoverCard', () => {
  it('opens on mouse enter and closes on leave', () => {
    vi.useFakeTimers();
    render(
      <HoverCard trigger={<a href="/stories/a">Ada Lovelace</a>} openDelay={300} closeDelay={150}>
        <p>Analyst at Mensah Trading</p>
      </HoverCard>,
    );
    const trigger = screen.getByRole('link', { name: 'Ada Lovelace' });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Analyst at Mensah Trading')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Analyst at Mensah Trading')).toBeInTheDocument();
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByText('Analyst at Mensah Trading')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('opens on keyboard focus too', () => {
    vi.useFakeTimers();
    render(
      <HoverCard trigger={<a href="/x">Profile</a>} openDelay={0}>
        <p>Details</p>
      </HoverCard>,
    );
    act(() => screen.getByRole('link', { name: 'Profile' }).focus());
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('Details')).toBeInTheDocument();
    vi.useRealTimers();
  });
});
