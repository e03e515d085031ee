import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, TimeoutError } from '@/lib/api-client';
import { AnswerFormatError } from '@/lib/contract';
import { LoadError } from './load-error';

const shown = (error: unknown, fallback?: string) => {
  const { unmount } = render(<LoadError error={error} fallback={fallback} onRetry={() => undefined} />);
  const text = screen.getByRole('alert').textContent;
  unmount();
  return text;
};

describe('LoadError', () => {
  it("says an API error's own words: the server's message, the network, a time-out naming the request", () => {
    expect(shown(new ApiError('The requested resource was not found.', 404))).toBe(
      'Error: The requested resource was not found. Retry',
    );
    expect(shown(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK'))).toBe(`Error: ${NETWORK_ERROR_MESSAGE} Retry`);
    expect(shown(new TimeoutError('/api/portfolio', 10_000))).toBe(
      'Error: Request timed out after 10 s: /api/portfolio Retry',
    );
    expect(shown(new AnswerFormatError('/api/portfolio', []))).toBe('Error: Invalid response format from server Retry');
  });

  it("says the region's catalogue text for anything else, never a parser's or a stack's wording", () => {
    expect(shown(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      'Error: An error occurred Retry',
    );
    expect(shown(new Error('[{"code":"invalid_type"}]'), 'Failed to load files')).toBe(
      'Error: Failed to load files Retry',
    );
  });

  it('retries from its button', async () => {
    const onRetry = vi.fn();
    render(
      <LoadError error={new ApiError('A server error occurred. Please try again later.', 500)} onRetry={onRetry} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
