import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;
}

const items = [
  { value: 'one', label: 'One', content: <Counter /> },
  { value: 'two', label: 'Two', content: <p>Second panel</p> },
];

describe('Tabs', () => {
  it('shows one panel at a time; arrow keys move between tabs', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Sections" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Clicked 0');
    screen.getByRole('tab', { name: 'One' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    expect(screen.queryByText(/Clicked/)).not.toBeInTheDocument();
  });

  it('keeps hidden panels mounted with keepMounted, so their state survives a tab change', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Sections" items={items} keepMounted />);
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'One' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  });
});
