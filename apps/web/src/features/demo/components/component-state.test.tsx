import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { componentStateStore, useComponentState } from './component-state';

afterEach(() => componentStateStore.reset());

describe('component state', () => {
  it('is kept per component id across remounts', () => {
    function Probe() {
      const [open, setOpen] = useComponentState('card-1', false);
      return <button onClick={() => setOpen(!open)}>{open ? 'open' : 'closed'}</button>;
    }
    const first = render(<Probe />);
    act(() => screen.getByRole('button').click());
    first.unmount();
    render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('open');
  });
});
