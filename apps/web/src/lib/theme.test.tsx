import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '@/testing';
import { createPersistor, PERSIST_KEY, type PersistStorage } from './persist';
import { useTheme } from './theme';
import { ThemeProvider } from './theme-boot';
import { createThemeStore, type ThemeStore } from './theme-store';

/** A controllable prefers-color-scheme / prefers-reduced-motion. */
function fakeMedia(initial: { dark: boolean; reduce: boolean }) {
  const lists = new Map<string, { matches: boolean; listeners: Set<() => void> }>();
  lists.set('(prefers-color-scheme: dark)', { matches: initial.dark, listeners: new Set() });
  lists.set('(prefers-reduced-motion: reduce)', { matches: initial.reduce, listeners: new Set() });
  const matchMedia = (query: string) => {
    const entry = lists.get(query)!;
    return {
      get matches() {
        return entry.matches;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => entry.listeners.add(l),
      removeEventListener: (_: string, l: () => void) => entry.listeners.delete(l),
    } as unknown as MediaQueryList;
  };
  const set = (query: string, matches: boolean) => {
    const entry = lists.get(query)!;
    entry.matches = matches;
    entry.listeners.forEach((l) => l());
  };
  return {
    matchMedia,
    setDark: (v: boolean) => set('(prefers-color-scheme: dark)', v),
    setReduce: (v: boolean) => set('(prefers-reduced-motion: reduce)', v),
  };
}

let root: HTMLElement;
let store: ThemeStore | undefined;
const make = (media = fakeMedia({ dark: true, reduce: false }), storage: PersistStorage = localStorage) => {
  store = createThemeStore({ persistor: createPersistor({ storage }), root, matchMedia: media.matchMedia });
  return store;
};

beforeEach(() => {
  root = document.createElement('html');
});
afterEach(() => store?.destroy());

describe('theme store', () => {
  it('is dark by default, medium text, animations on', () => {
    const s = make();
    expect(s.getState()).toMatchObject({ mode: 'dark', fontSize: 'md', animations: true, highContrast: false });
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
  });

  it('applies light, high contrast, text size and a primary colour to <html>', () => {
    const s = make();
    s.update({ mode: 'light', fontSize: 'lg', primaryColor: '#ff8800' });
    expect(root.className).toContain('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.fontSize).toBe('112.5%');
    expect(root.style.getPropertyValue('--tp-accent')).toBe('#ff8800');
    s.update({ highContrast: true });
    expect(root.classList.contains('high-contrast')).toBe(true);
    expect(root.style.getPropertyValue('--tp-accent')).toBe(''); // high contrast wins
  });

  it('rejects values that are not colours or known options', () => {
    const s = make();
    s.update({ primaryColor: 'red; background: url(x)', mode: 'neon' as never });
    expect(s.getState()).toMatchObject({ primaryColor: null, mode: 'dark' });
  });

  it('auto mode follows the system preference as it changes', () => {
    const media = fakeMedia({ dark: false, reduce: false });
    const s = make(media);
    s.update({ mode: 'auto' });
    expect(root.classList.contains('light')).toBe(true);
    act(() => media.setDark(true));
    expect(root.classList.contains('dark')).toBe(true);
    expect(s.getResolvedMode()).toBe('dark');
  });

  it('reduced motion follows the system; turning animations off also reduces motion', () => {
    const media = fakeMedia({ dark: true, reduce: true });
    const s = make(media);
    expect(s.getState().reducedMotion).toBe(true);
    expect(root.classList.contains('reduce-motion')).toBe(true);
    act(() => media.setReduce(false));
    expect(root.classList.contains('reduce-motion')).toBe(false);
    s.update({ animations: false });
    expect(root.classList.contains('reduce-motion')).toBe(true);
  });

  it('a reduced-motion setting overrides the system either way', () => {
    const media = fakeMedia({ dark: true, reduce: false });
    const s = make(media);
    s.update({ reducedMotionSetting: 'on' });
    expect(s.getState().reducedMotion).toBe(true);
    expect(root.classList.contains('reduce-motion')).toBe(true);
    act(() => media.setReduce(true));
    s.update({ reducedMotionSetting: 'off' });
    expect(s.getState().reducedMotion).toBe(false);
    expect(root.classList.contains('reduce-motion')).toBe(false);
    // the stylesheet's prefers-reduced-motion rule stands aside
    expect(root.classList.contains('allow-motion')).toBe(true);
    s.update({ reducedMotionSetting: 'system' });
    expect(root.classList.contains('reduce-motion')).toBe(true);
    expect(root.classList.contains('allow-motion')).toBe(false);
  });

  it('tells user-change listeners about changes made here, not about a copy adopted from elsewhere', () => {
    const s = make();
    const heard: unknown[] = [];
    const stop = s.onUserChange((patch) => heard.push(patch));
    s.adopt({ mode: 'light', fontSize: 'lg', reducedMotionSetting: 'on' });
    expect(s.getState()).toMatchObject({ mode: 'light', fontSize: 'lg', reducedMotion: true });
    expect(root.classList.contains('light')).toBe(true);
    // adopted choices are stored here too, so the next first paint has them
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY)!).slices.theme).toMatchObject({
      mode: 'light',
      reducedMotionSetting: 'on',
    });
    expect(heard).toEqual([]);
    s.update({ highContrast: true, mode: 'neon' as never });
    expect(heard).toEqual([{ highContrast: true }]);
    stop();
    s.update({ mode: 'dark' });
    expect(heard).toHaveLength(1);
  });

  it('persists under the one versioned key and is restored by the next visit', () => {
    make().update({ mode: 'light', highContrast: true });
    const saved = JSON.parse(localStorage.getItem(PERSIST_KEY)!);
    expect(saved.version).toBe(1);
    expect(saved.slices.theme).toMatchObject({ mode: 'light', highContrast: true });
    expect(saved.slices.theme).not.toHaveProperty('reducedMotion');

    root = document.createElement('html');
    const next = make();
    expect(next.getState()).toMatchObject({ mode: 'light', highContrast: true });
    expect(root.classList.contains('light')).toBe(true);
  });

  it('keeps defaults when restoring from a storage that never answers (gives up after 5 s)', async () => {
    vi.useFakeTimers();
    const never: PersistStorage = { getItem: () => new Promise(() => {}), setItem: vi.fn(), removeItem: vi.fn() };
    const s = make(undefined, never);
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.getState().mode).toBe('dark');
    vi.useRealTimers();
  });
});

describe('useTheme', () => {
  it('throws outside ThemeProvider', () => {
    expectConsoleError(2);
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
  });

  it('reads and changes the theme', async () => {
    const s = make();
    function Probe() {
      const theme = useTheme();
      return (
        <button
          onClick={() => theme.setMode(theme.mode === 'dark' ? 'light' : 'dark')}
        >{`mode ${theme.resolvedMode}`}</button>
      );
    }
    render(
      <ThemeProvider store={s}>
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'mode dark' }));
    expect(screen.getByRole('button', { name: 'mode light' })).toBeInTheDocument();
    expect(root.classList.contains('light')).toBe(true);
  });
});
