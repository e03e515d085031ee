import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing';
import { componentStateStore, useComponentState } from './component-state';

afterEach(() => componentStateStore.reset());

describe('component state', () => {
  it('is kept per component id across remounts', () => {
    function Probe() {
      const [open, setOpen] = useComponentState('card-1', false);
      return <button onClick={() => setOpen(!open)}>{open ? 'open' : 'closed'}</button>;
    }
    const first = renderApp(<Probe />);
    act(() => screen.getByRole('button').click());
    first.unmount();
    renderApp(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('open');
  });
});
