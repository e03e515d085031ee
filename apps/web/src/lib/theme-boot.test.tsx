import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEY } from './persist';
import { ThemeProvider } from './theme-boot';
import { applyTheme, paintStoredTheme, THEME_STORAGE_KEY } from './theme-paint';

const html = document.documentElement;
afterEach(async () => {
  // the provider loads the full theme store after the first paint: let it finish inside the test
  await vi.dynamicImportSettled();
  html.className = '';
  html.removeAttribute('style');
});

describe('theme boot', () => {
  it('reads the one versioned key the store writes', () => {
    expect(THEME_STORAGE_KEY).toBe(PERSIST_KEY);
  });

  it('the page paints the stored theme on <html> (its blocking script), before the app starts', () => {
    localStorage.setItem(
      THEME_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        slices: { theme: { mode: 'light', highContrast: true, fontSize: 'lg', animations: false } },
      }),
    );
    paintStoredTheme();
    expect(html.classList.contains('light')).toBe(true);
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.classList.contains('high-contrast')).toBe(true);
    expect(html.classList.contains('reduce-motion')).toBe(true);
    expect(html.style.fontSize).toBe('112.5%');
  });

  it('is dark with nothing (or junk) stored', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '{broken');
    paintStoredTheme();
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('the provider hands over to the full theme store, which keeps the stored theme painted', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ version: 1, slices: { theme: { mode: 'light' } } }));
    render(
      <ThemeProvider>
        <p>app</p>
      </ThemeProvider>,
    );
    await vi.dynamicImportSettled();
    await waitFor(() => expect(html.classList.contains('light')).toBe(true));
  });

  it('applies only real colours, and none in high contrast', () => {
    const root = document.createElement('html');
    applyTheme(root, { primaryColor: 'url(javascript:alert(1))', customColors: { gain: '#00aa00' } }, true);
    expect(root.style.getPropertyValue('--tp-accent')).toBe('');
    expect(root.style.getPropertyValue('--tp-gain')).toBe('#00aa00');
    expect(applyTheme(root, { mode: 'auto', highContrast: true, customColors: { gain: '#00aa00' } }, false)).toBe(
      'light',
    );
    expect(root.style.getPropertyValue('--tp-gain')).toBe('');
  });
});
