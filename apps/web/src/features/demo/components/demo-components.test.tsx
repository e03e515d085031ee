import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing';
import { Button } from '@/ui/button';
import { Calendar } from './calendar';
import { HoverCard } from './hover-card';
import { ModalWidget } from './modal-widget';
import { Popover } from './popover';
import { Slider } from './slider';

describe('Popover', () => {
  it('opens and closes on trigger clicks; Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    renderApp(
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
    renderApp(
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
    renderApp(
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

describe('Slider', () => {
  it('moves with the arrow keys and Home/End, showing the value', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [v, setV] = useState(10);
      return (
        <Slider
          label="Quantity"
          value={v}
          onValueChange={setV}
          min={0}
          max={100}
          step={5}
          formatValue={(n) => `${n} shares`}
        />
      );
    }
    renderApp(<Controlled />);
    const thumb = screen.getByRole('slider', { name: 'Quantity' });
    expect(thumb).toHaveAttribute('aria-valuenow', '10');
    thumb.focus();
    await user.keyboard('{ArrowRight}');
    expect(thumb).toHaveAttribute('aria-valuenow', '15');
    expect(thumb).toHaveAttribute('aria-valuetext', '15 shares');
    expect(screen.getByText('15 shares')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(thumb).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}');
    expect(thumb).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('Calendar', () => {
  it('selects a day by click and moves by keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    function Controlled() {
      const [day, setDay] = useState<Date | undefined>();
      return (
        <Calendar
          mode="single"
          defaultMonth={new Date(2026, 2, 1)}
          selected={day}
          onSelect={(d) => {
            onSelect(d);
            setDay(d);
          }}
        />
      );
    }
    renderApp(<Controlled />);
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tuesday 10 March 2026' }));
    expect(onSelect.mock.calls[0]![0]).toEqual(new Date(2026, 2, 10));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Wednesday 11 March 2026');
    expect(screen.getByRole('button', { name: 'Tuesday 10 March 2026, selected' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next month/i }));
    expect(screen.getByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
  });
});

describe('ModalWidget', () => {
  it('the modal widget is a placeholder at most 500 px wide', async () => {
    const user = userEvent.setup();
    renderApp(<ModalWidget trigger={<Button>Widget</Button>} />);
    await user.click(screen.getByRole('button', { name: 'Widget' }));
    const dialog = screen.getByRole('dialog', { name: 'Modal widget' });
    expect(within(dialog).getByTestId('dialog-box').className).toContain('max-w-[500px]');
    expect(dialog).toHaveTextContent('placeholder');
  });
});
