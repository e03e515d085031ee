import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_LOADING_DELAYS_MS, loadWithRetry, useDataLoading } from './data-loading';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loadWithRetry', () => {
  it('retries 3 times, waiting 2, 4 and 8 seconds, then fails with the last error', async () => {
    expect(DATA_LOADING_DELAYS_MS).toEqual([2000, 4000, 8000]);
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const result = loadWithRetry(load).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(7999);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(4);
    expect(((await result) as Error).message).toBe('down');
  });

  it('succeeds on a later attempt', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValue('data');
    const result = loadWithRetry(load);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe('data');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not retry when retry is off, nor after an abort', async () => {
    const load = vi.fn().mockRejectedValue(new Error('down'));
    await expect(loadWithRetry(load, { retry: false })).rejects.toThrow('down');
    expect(load).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const again = loadWithRetry(load, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('gone'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(((await again) as Error).message).toBe('gone');
  });
});

describe('useDataLoading', () => {
  function Probe({ load, retry }: { load: () => Promise<string>; retry: boolean }) {
    const { data, error, isLoading, state } = useDataLoading(load, { retry });
    if (isLoading) return <p>Loading (attempt {state.attempt})</p>;
    if (error) return <p role="alert">Error: {error.message}</p>;
    return <p>{data}</p>;
  }

  it('shows the data after retries', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('x'))
      .mockRejectedValueOnce(new Error('y'))
      .mockResolvedValue('ok');
    render(<Probe load={load} retry />);
    expect(screen.getByText('Loading (attempt 0)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Loading (attempt 1)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000 + 4000));
    expect(screen.getByText('ok')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows the error at once without retry', async () => {
    const load = vi.fn().mockRejectedValue(new Error('boom'));
    render(<Probe load={load} retry={false} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: boom');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops retrying once unmounted', async () => {
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const { unmount } = render(<Probe load={load} retry />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
