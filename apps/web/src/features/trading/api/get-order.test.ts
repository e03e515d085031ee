import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, buildOrder, mockApi } from '@/testing';
import { orderQuery } from './get-order';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the followed order', () => {
  it('is loaded with one layer of retries: 4 requests over 2, 4 and 8 s, then the error', async () => {
    const placed = buildOrder({ status: 'pending' });
    const calls = mockApi({ [`GET /api/trades/${placed.id}`]: apiError(503, 'Service unavailable') });
    const queryClient = createQueryClient();
    const failure = queryClient
      .fetchQuery({ ...orderQuery(placed), initialData: undefined, staleTime: 0 })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000);
    expect(calls).toHaveLength(4);
    expect(await failure).toMatchObject({ status: 503, message: 'Service unavailable' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
  });
});
