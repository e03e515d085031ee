import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPersistor } from '@/lib/persist';
import { ThemeProvider } from '@/lib/theme-boot';
import { createThemeStore } from '@/lib/theme-store';
import { ThemeControls } from './theme-controls';

describe('ThemeControls', () => {
  it('changes the mode and high contrast of <html>', async () => {
    const user = userEvent.setup();
    const root = document.createElement('html');
    const store = createThemeStore({
      persistor: createPersistor({ storage: localStorage }),
      root,
      matchMedia: undefined,
    });
    render(
      <ThemeProvider store={store}>
        <ThemeControls />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(screen.getByRole('option', { name: 'Light' }));
    expect(root.classList.contains('light')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'High contrast' }));
    expect(root.classList.contains('high-contrast')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Animations' }));
    expect(root.classList.contains('reduce-motion')).toBe(true);
  });
});
