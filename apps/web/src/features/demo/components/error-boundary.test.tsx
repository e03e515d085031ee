import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, renderApp } from '@/testing';
import { ErrorBoundary } from './error-boundary';

let broken = true;
function Widget() {
  if (broken) throw new Error('widget exploded');
  return <p>Widget works</p>;
}

describe('ErrorBoundary', () => {
  it('shows the spec fallback, logs the error, and recovers on retry', async () => {
    expectConsoleError(2); // React's report and ours
    broken = true;
    function Page() {
      const [n] = useState(0);
      return (
        <>
          <p>Rest of the page {n}</p>
          <ErrorBoundary>
            <Widget />
          </ErrorBoundary>
        </>
      );
    }
    renderApp(<Page />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'An unexpected error occurred. Please refresh the page or contact support if the problem persists.',
    );
    expect(screen.getByText('Rest of the page 0')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('A component failed to render:', expect.any(Error), expect.any(String));

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Widget works')).toBeInTheDocument();
  });
});
