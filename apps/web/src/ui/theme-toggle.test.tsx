import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERSIST_KEY } from '@/lib/persist';
import { renderApp } from '@/testing';
import HeaderThemeToggle, { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('steps dark → light → auto → dark on <html> and keeps the choice under the one key', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    const { themeRoot: root } = renderApp(<ThemeToggle />, { themeStorage: localStorage });
    expect(root.classList.contains('dark')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Theme: Dark. Switch to light' }));
    expect(root.classList.contains('light')).toBe(true);
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}').slices.theme.mode).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Theme: Light. Switch to auto' }));
    // auto without a system preference reads as dark
    expect(root.classList.contains('dark')).toBe(true);
    screen.getByRole('button', { name: 'Theme: Auto. Switch to dark' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Theme: Dark. Switch to light' })).toHaveFocus();
  });
});

describe('the header theme toggle', () => {
  it('renders nothing without a ThemeProvider', () => {
    const { container } = render(<HeaderThemeToggle />);
    expect(container).toBeEmptyDOMElement();
  });
});
