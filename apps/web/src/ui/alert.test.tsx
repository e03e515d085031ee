import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

afterEach(() => vi.useRealTimers());

describe('Alert', () => {
  it('announces errors as alerts and others as status', () => {
    render(
      <>
        <Alert variant="error" title="Upload failed" />
        <Alert variant="success">Saved</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('with autoClose hides itself after 5000 ms by default', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <Alert autoClose onClose={onClose}>
        Section Changed
      </Alert>,
    );
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('honours a custom duration, and stays without autoClose', () => {
    vi.useFakeTimers();
    render(
      <>
        <Alert autoClose duration={2000}>
          Short
        </Alert>
        <Alert variant="warning">Stays</Alert>
      </>,
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Short')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    render(
      <Alert dismissible variant="info">
        Note
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Note')).not.toBeInTheDocument();
  });
});
