import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { componentStateStore, useComponentState } from './component-state';
import { loadingStore, useComponentLoading, useGlobalLoading, withGlobalLoading } from './loading-store';

afterEach(() => {
  loadingStore.reset();
  componentStateStore.reset();
});

describe('loading store', () => {
  it('has a global flag and per-component flags', async () => {
    const global = renderHook(() => useGlobalLoading());
    const upload = renderHook(() => useComponentLoading('upload'));
    expect(global.result.current).toBe(false);
    act(() => loadingStore.setComponent('upload', true));
    expect(upload.result.current).toBe(true);
    expect(global.result.current).toBe(false);

    let release!: () => void;
    let done!: Promise<void>;
    act(() => {
      done = withGlobalLoading(() => new Promise<void>((r) => (release = r)));
    });
    expect(global.result.current).toBe(true);
    await act(async () => {
      release();
      await done;
    });
    expect(global.result.current).toBe(false);
  });
});

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
