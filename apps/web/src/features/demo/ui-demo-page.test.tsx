import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadingStore } from '@/lib/loading-store';
import { paths } from '@/lib/paths';
import { expectConsoleError, renderApp } from '@/testing';
import { Button } from '@/ui/button';
import '@/ui/toast-list'; // loaded already, so the first toast needs no chunk
import UiDemoPage from './ui-demo-page';

const renderPage = () => renderApp(<UiDemoPage />, { path: paths.uiDemo });

afterEach(() => loadingStore.reset());

describe('UI demo page', () => {
  it('shows every component group', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'UI demo' })).toBeInTheDocument();
    for (const name of [
      'Theme',
      'Buttons',
      'Toast notifications',
      'Dialogs and overlays',
      'Form fields',
      'Alerts',
      'Progress, badges and avatars',
      'Cards',
      'Content cards',
      'Table',
      'Calendar',
      'Skeleton',
      'Navigation',
      'File list',
      'Dashboard widgets',
      'Sanitizer presets',
      'Error boundary',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('triggers a toast, disables buttons with the global flag, and sanitizes by preset', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Show success' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Sample success');

    await user.click(screen.getByRole('switch', { name: 'Global loading flag' }));
    expect(screen.getByRole('button', { name: 'Show success' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Global loading flag' }));
    expect(screen.getByRole('button', { name: 'Show success' })).toBeEnabled();

    const sanitized = screen.getByTestId('sanitized');
    expect(sanitized.textContent).toContain('onclick'); // the raw input until a preset is picked
    await user.click(screen.getByRole('button', { name: 'strict' }));
    expect(sanitized.textContent).not.toMatch(/onclick|onerror|script|<a/);
    await user.click(screen.getByRole('button', { name: 'moderate' }));
    expect(sanitized.textContent).toContain('<a href="https://example.com">');
    expect(sanitized.textContent).not.toMatch(/onclick|onerror|script/);
  });

  it('shows the error fallback when the demo widget breaks', async () => {
    expectConsoleError(2);
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Break the widget' }));
    const region = screen.getByRole('region', { name: 'Error boundary' });
    expect(within(region).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await act(async () => {});
  });

  it('turns the global loading flag off when the visitor leaves the page, so the app’s buttons work again', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      [
        { path: paths.uiDemo, element: <UiDemoPage /> },
        { path: paths.dashboard, element: <Button>Place order</Button> },
      ],
      { path: paths.uiDemo },
    );
    await user.click(screen.getByRole('switch', { name: 'Global loading flag' }));
    expect(screen.getByRole('button', { name: 'Show success' })).toBeDisabled();

    await act(() => router.navigate(paths.dashboard));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });
});
