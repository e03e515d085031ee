import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadingStore } from '@/lib/loading-store';
import { renderApp } from '@/testing';
import { Button } from './button';

afterEach(() => loadingStore.reset());

describe('Button', () => {
  it('is a keyboard-operable button (type=button by default)', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading loadingText="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('button-spinner')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is disabled while the global loading flag is set', () => {
    renderApp(<Button>Send</Button>);
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button).toBeEnabled();
    act(() => loadingStore.setGlobal(true));
    expect(button).toBeDisabled();
    act(() => loadingStore.setGlobal(false));
    expect(button).toBeEnabled();
  });

  it('can render a link with the button look', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Dashboard</a>
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveClass('min-h-11');
  });
});
