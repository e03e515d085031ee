import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRIES } from '@tp/shared';
import { AnswerFormatError } from './contract';
import { installTestAuthHooks } from '@/testing';
import { ApiError } from './api-client';
import { createQueryClient, FIRST_READ_FRESH_MS, prefetchFirstReads, retryDataLoading } from './query-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const fetchWithRetry = (load: () => Promise<string>) =>
  createQueryClient().fetchQuery({ queryKey: ['data'], queryFn: load, ...retryDataLoading });

describe('retryDataLoading', () => {
  it('retries 3 times, waiting 2, 4 and 8 seconds, then fails with the last error', async () => {
    expect(RETRIES.dataLoadingDelaysMs).toEqual([2000, 4000, 8000]);
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const result = fetchWithRetry(load).catch((e: Error) => e);
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
    const result = fetchWithRetry(load);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe('data');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['with retryDataLoading', fetchWithRetry],
    ['by default', (load: () => Promise<string>) => createQueryClient().fetchQuery({ queryKey: ['d'], queryFn: load })],
  ])('does not retry a refusal (4xx) or an answer that does not match the contract %s', async (_, fetch) => {
    for (const error of [new ApiError('Not found', 404), new AnswerFormatError('/stats/public', [])]) {
      const load = vi.fn().mockRejectedValue(error);
      const result = fetch(load).catch((e: Error) => e);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(load).toHaveBeenCalledTimes(1);
      expect(await result).toBe(error);
    }
  });

  function Probe({ load }: { load: (signal: AbortSignal) => Promise<string> }) {
    const query = useQuery({ queryKey: ['probe'], queryFn: ({ signal }) => load(signal), ...retryDataLoading });
    if (query.isError) return <p role="alert">Error: {query.error.message}</p>;
    if (query.isPending) return <p>Loading (attempt {query.failureCount})</p>;
    return <p>{query.data}</p>;
  }

  it('shows the data after retries, counting the failed attempts meanwhile', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('x'))
      .mockRejectedValueOnce(new Error('y'))
      .mockResolvedValue('ok');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe load={load} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading (attempt 0)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Loading (attempt 1)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000 + 4000));
    expect(load).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersToNextTimerAsync()); // TanStack tells its readers in a task of its own
    expect(screen.getByText('ok')).toBeInTheDocument();
  });

  it('stops retrying once its reader is gone', async () => {
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe load={load} />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the default retry of a load', () => {
  const fetchPlain = (load: () => Promise<string>) =>
    createQueryClient().fetchQuery({ queryKey: ['plain'], queryFn: load });

  it("is the generic client's, in one place: 3 more tries after 1, 2 and 3 s (the fetcher sends once)", async () => {
    const load = vi.fn().mockRejectedValue(new ApiError('Simulated outage', 500));
    const result = fetchPlain(load).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(((await result) as Error).message).toBe('Simulated outage');
  });
});

describe("a page's first reads", () => {
  beforeEach(() => {
    vi.useRealTimers();
    installTestAuthHooks();
  });

  // a read that is stale at once, as the portfolio and the desk's are
  const read = (load: () => Promise<string>) => ({ queryKey: ['first'], queryFn: load, staleTime: 0 });

  function Reader({ load }: { load: () => Promise<string> }) {
    const query = useQuery(read(load));
    return <p>{query.isPending ? 'Loading' : `Shows ${query.data}`}</p>;
  }

  const renderReader = (client: ReturnType<typeof createQueryClient>, load: () => Promise<string>) =>
    render(
      <QueryClientProvider client={client}>
        <Reader load={load} />
      </QueryClientProvider>,
    );

  it('are shown by the first reader without asking again; a reader after it left asks again', async () => {
    const client = createQueryClient();
    const load = vi.fn().mockResolvedValueOnce('the first answer').mockResolvedValue('a later answer');
    await prefetchFirstReads([read(load)], client);
    expect(load).toHaveBeenCalledTimes(1);

    const first = renderReader(client, load);
    expect(screen.getByText('Shows the first answer')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    first.unmount();

    renderReader(client, load);
    await waitFor(() => expect(screen.getByText('Shows a later answer')).toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('are asked for again when the page came too late to show them', async () => {
    const client = createQueryClient();
    const load = vi.fn().mockResolvedValueOnce('the first answer').mockResolvedValue('a later answer');
    await prefetchFirstReads([read(load)], client);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + FIRST_READ_FRESH_MS + 1);
    renderReader(client, load);
    await waitFor(() => expect(screen.getByText('Shows a later answer')).toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
