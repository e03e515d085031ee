import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION_HEADER } from '@tp/shared';
import { apiError, mockApi, mockUploads, networkFailure, type ApiRequest } from '@/testing';
import { AnswerFormatError } from './contract';
import {
  ApiError,
  apiRequest,
  apiStream,
  CLIENT_RETRIES,
  errorMessage,
  installAuthHooks,
  TimeoutError,
} from './api-client';
import { uploadRequest } from './upload-request';

declare const __CONTRACT_VERSION__: string;

afterEach(() => {
  vi.useRealTimers();
  installAuthHooks(null);
});

/** A session whose access token is `token`; `refresh` swaps in `fresh`, or is refused when it is null. */
function session(token: string, fresh: string | null) {
  let current = token;
  const hooks = {
    getAccessToken: () => current,
    refresh: vi.fn(async () => {
      if (fresh === null) return false;
      current = fresh;
      return true;
    }),
    onUnauthorized: vi.fn(),
  };
  installAuthHooks(hooks);
  return hooks;
}

/** A route that takes only the bearer token `valid`, else answers the server's 401. */
const onlyFor = (valid: string) => (request: ApiRequest) =>
  request.headers.authorization === `Bearer ${valid}`
    ? { body: { ok: true } }
    : apiError(401, 'Your session has expired. Please log in again.', { code: 'UNAUTHORIZED' });

describe('apiRequest', () => {
  it('parses the answer with the named schema of the contract', async () => {
    const calls = mockApi({ 'GET /api/stats/public': { body: { signupsLastHour: 2, totalUsers: 40, extra: 'x' } } });
    const stats = await apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' });
    expect(stats).toEqual({ signupsLastHour: 2, totalUsers: 40 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-request-id']).toMatch(/.+/);
  });

  it("parses with a schema of the whole contract as with one of the public pages' chunk", async () => {
    mockApi({ 'POST /api/auth/logout': { body: { success: true, extra: 'x' } } });
    const answer = await apiRequest('/auth/logout', { method: 'POST', body: {}, schema: 'successResponseSchema' });
    expect(answer).toEqual({ success: true });
  });

  it("uses an answer that names this page's contract as it came: the server wrote it from the same schemas", async () => {
    const sameContract = { [CONTRACT_VERSION_HEADER]: __CONTRACT_VERSION__ };
    // a body no parse would keep as it is: it shows that the answer was not parsed
    mockApi({
      'GET /api/stats/public': { body: { signupsLastHour: 2, totalUsers: 40, extra: 'x' }, headers: sameContract },
    });
    const stats = await apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' });
    expect(stats).toEqual({ signupsLastHour: 2, totalUsers: 40, extra: 'x' });
  });

  it('parses an answer that names another contract (a server newer or older than the page)', async () => {
    mockApi({
      'GET /api/stats/public': {
        body: { signupsLastHour: 'many', totalUsers: 40 },
        headers: { [CONTRACT_VERSION_HEADER]: `${__CONTRACT_VERSION__}-other` },
      },
    });
    await expect(apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' })).rejects.toBeInstanceOf(
      AnswerFormatError,
    );
  });

  it('refuses an answer that does not match, without retrying, in the words of the spec', async () => {
    const calls = mockApi({ 'GET /api/stats/public': { body: { signupsLastHour: 'many' } } });
    const refusal = apiRequest('/stats/public', { schema: 'publicStatsResponseSchema' });
    await expect(refusal).rejects.toBeInstanceOf(AnswerFormatError);
    await expect(refusal).rejects.toMatchObject({
      message: 'Invalid response format from server',
      path: '/stats/public',
      issues: [
        expect.objectContaining({ path: ['signupsLastHour'] }),
        expect.objectContaining({ path: ['totalUsers'] }),
      ],
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

  it("sends once by default: the retries of a query are the query layer's alone", async () => {
    const calls = mockApi({ 'GET /api/config': apiError(503, 'Service unavailable') });
    await expect(apiRequest('/config')).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    expect(calls).toHaveLength(1);
  });

  it('retries a server fault 3 times when asked, 1 s × the attempt apart', async () => {
    vi.useFakeTimers();
    const calls = mockApi({ 'GET /api/config': apiError(503, 'Service unavailable') });
    const failure = apiRequest('/config', { retries: CLIENT_RETRIES }).catch((error: unknown) => error);
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
    await expect(apiRequest('/config')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('the session on every transport', () => {
  it('refreshes once on a 401 and sends again with the new token, without counting a fault retry', async () => {
    const hooks = session('old', 'new');
    const calls = mockApi({ 'GET /api/auth/me': onlyFor('new') });
    expect(await apiRequest('/auth/me')).toEqual({ ok: true });
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it("ends the session with the server's 401 when the refresh is refused", async () => {
    const hooks = session('old', null);
    const calls = mockApi({ 'GET /api/auth/me': onlyFor('new') });
    const failure = await apiRequest('/auth/me').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, message: 'Your session has expired. Please log in again.' });
    expect(hooks.onUnauthorized).toHaveBeenCalledWith(failure);
    expect(calls).toHaveLength(1);
  });

  it('sends no token and refreshes nothing for a request without auth', async () => {
    const hooks = session('old', 'new');
    const calls = mockApi({ 'POST /api/auth/refresh': onlyFor('new') });
    await expect(apiRequest('/auth/refresh', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.map((call) => call.headers.authorization)).toEqual([undefined]);
    expect(hooks.refresh).not.toHaveBeenCalled();
  });

  it('does the same for a streamed answer', async () => {
    const hooks = session('old', 'new');
    const calls = mockApi({ 'POST /api/campaigns/import': onlyFor('new') });
    const response = await apiStream('/campaigns/import', { body: new Blob(['name,email'], { type: 'text/csv' }) });
    expect(await response.json()).toEqual({ ok: true });
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('errorMessage', () => {
  it("says the server's message when it answered with one, else the fallback", () => {
    expect(errorMessage(new ApiError('Email already subscribed', 409), 'Failed')).toBe('Email already subscribed');
    expect(errorMessage(new ApiError('', 500), 'Failed')).toBe('Failed');
  });

  it('says the unreachable text when no answer came (network, timeout, not an API error)', () => {
    const options = { unreachable: 'Check your connection' };
    expect(errorMessage(new ApiError('Network error', 0, 'NETWORK'), 'Failed', options)).toBe('Check your connection');
    expect(errorMessage(new TimeoutError('/api/x', 1000), 'Failed', options)).toBe('Check your connection');
    expect(errorMessage(new Error('boom'), 'Failed', options)).toBe('Check your connection');
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });

  it('says the fallback, not the unreachable text, when an answer came but did not match the contract', () => {
    const mismatch = new AnswerFormatError('/auth/verify', [{ path: ['token'], message: 'Required' }]);
    expect(errorMessage(mismatch, 'Failed', { unreachable: 'Check your connection' })).toBe('Failed');
  });

  it("trusts only a 4xx's message when asked to", () => {
    const options = { clientErrorsOnly: true };
    expect(errorMessage(new ApiError('Phone is invalid', 400), 'Try again', options)).toBe('Phone is invalid');
    expect(errorMessage(new ApiError('Internal error', 500), 'Try again', options)).toBe('Try again');
  });
});

describe('uploadRequest', () => {
  const upload = (form = new FormData()) => uploadRequest('/content/upload', form, { schema: 'successResponseSchema' });

  it("uses an answer that names this page's contract as it came, and parses any other", async () => {
    const xhr = mockUploads();
    const trusted = upload();
    (await xhr.sent(0)).respond(
      200,
      { success: true, extra: 'x' },
      { [CONTRACT_VERSION_HEADER]: __CONTRACT_VERSION__ },
    );
    await expect(trusted).resolves.toEqual({ success: true, extra: 'x' });

    const parsed = upload();
    (await xhr.sent(1)).respond(200, { success: true, extra: 'x' });
    await expect(parsed).resolves.toEqual({ success: true });

    const refused = upload();
    (await xhr.sent(2)).respond(200, { success: 'yes' }, { [CONTRACT_VERSION_HEADER]: 'another-contract' });
    await expect(refused).rejects.toBeInstanceOf(AnswerFormatError);
  });
});
