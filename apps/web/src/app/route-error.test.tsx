import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, renderApp } from '@/testing';
import { RouteError } from './route-error';
import { ChunkLoadError } from './lazy-route';

function renderFailingRoute(error: Error) {
  const Thrower = () => {
    throw error;
  };
  renderApp([{ path: '/', element: <Thrower />, errorElement: <RouteError /> }]);
}

describe('RouteError', () => {
  it('shows "Unexpected Application Error!" with the message', () => {
    expectConsoleError(2);
    renderFailingRoute(new Error('boom'));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });

  it('shows "Loading chunk failed" with a retry button for chunk errors', () => {
    expectConsoleError(2);
    renderFailingRoute(new ChunkLoadError());
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
