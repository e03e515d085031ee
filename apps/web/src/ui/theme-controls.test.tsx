import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing';
import { ThemeControls } from './theme-controls';

describe('ThemeControls', () => {
  it('changes the mode and high contrast of <html>', async () => {
    const user = userEvent.setup();
    const { themeRoot: root } = renderApp(<ThemeControls />, { themeStorage: localStorage });
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(root.classList.contains('light')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Violet' }));
    expect(root.style.getPropertyValue('--tp-accent')).toBe('#8b5cf6');
    // text on the chosen colour is the one that contrasts more (4.5:1 against 4.2:1 for white)
    expect(root.style.getPropertyValue('--tp-accent-fg')).toBe('#04111d');
    await user.click(screen.getByRole('radio', { name: 'Indigo' }));
    expect(root.style.getPropertyValue('--tp-accent-fg')).toBe('#ffffff');
    await user.click(screen.getByRole('radio', { name: 'Default' }));
    expect(root.style.getPropertyValue('--tp-accent')).toBe('');
    await user.click(screen.getByRole('combobox', { name: 'Reduced motion' }));
    await user.click(screen.getByRole('option', { name: 'Always reduce motion' }));
    expect(root.classList.contains('reduce-motion')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Animations' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Reduced motion' }));
    await user.click(screen.getByRole('option', { name: 'Never reduce motion' }));
    expect(root.classList.contains('reduce-motion')).toBe(false);
    expect(root.classList.contains('allow-motion')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'High contrast' }));
    expect(root.classList.contains('high-contrast')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Animations' }));
    expect(root.classList.contains('reduce-motion')).toBe(true);
  });
});
