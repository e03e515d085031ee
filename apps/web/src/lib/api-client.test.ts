import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, networkFailure } from '@/testing';
import { ApiError, apiRequest } from './api-client';

afterEach(() => vi.useRealTimers());

describe('apiRequest', () => {
  it('parses the answer with the named schema of the contract', async () => {
    const calls = mockApi({ 'GET /api/stats/public': { body: { signupsLastHour: 2, totalUsers: 40, extra: 'x' } } });
    const stats = await apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' });
    expect(stats).toEqual({ signupsLastHour: 2, totalUsers: 40 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-request-id']).toMatch(/.+/);
  });

  it('refuses an answer that does not match, without retrying', async () => {
    const calls = mockApi({ 'GET /api/stats/public': { body: { signupsLastHour: 'many' } } });
    await expect(apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' })).rejects.toMatchObject({
      name: 'ZodError',
    });
    expect(calls).toHaveLength(1);
  });

  it("turns a refusal into an ApiError with the server's message, and does not retry it", async () => {
    const calls = mockApi({ 'POST /api/auth/logout': apiError(403, 'Not allowed', { code: 'FORBIDDEN' }) });
    const failure = await apiRequest('/auth/logout', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'Not allowed', code: 'FORBIDDEN' });
    expect(calls).toHaveLength(1);
  });

  it('retries a server fault 3 times, 1 s × the attempt apart (spec 01 §7)', async () => {
    vi.useFakeTimers();
    const calls = mockApi({ 'GET /api/config': apiError(503, 'Service unavailable') });
    const failure = apiRequest('/config').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toHaveLength(4);
    expect(await failure).toMatchObject({ status: 503, message: 'Service unavailable' });
  });

  it('reports a server it cannot reach as a network error once the retries are spent', async () => {
    mockApi({ 'GET /api/config': networkFailure });
    await expect(apiRequest('/config', { retries: 0 })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
