import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing';
import { DashboardWidget } from './dashboard-widget';

afterEach(() => vi.useRealTimers());

describe('DashboardWidget', () => {
  it('is the content variant by default', () => {
    renderApp(<DashboardWidget items={[{ id: '1', title: 'Q3 price list', url: '/files/1' }]} />);
    expect(screen.getByRole('region', { name: 'Content' }).closest('[data-widget]')).toHaveAttribute(
      'data-widget',
      'content',
    );
    expect(screen.getByRole('link', { name: 'Q3 price list' })).toHaveAttribute('href', '/files/1');
  });

  it('has knowledge and media variants with empty texts', () => {
    renderApp(
      <>
        <DashboardWidget
          type="knowledge"
          items={[{ id: 'k', title: 'Letters of credit', description: 'How they work' }]}
        />
        <DashboardWidget type="media" />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Knowledge base' })).toHaveTextContent('How they work');
    expect(screen.getByRole('region', { name: 'Media' })).toHaveTextContent('No media yet.');
  });

  it('the search variant simulates a search: 500 ms, one sample result; a blank query does nothing', async () => {
    vi.useFakeTimers();
    renderApp(<DashboardWidget type="search" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();

    fireEvent.change(box, { target: { value: ' cocoa ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Sample result for “cocoa”')).toBeInTheDocument();
  });

  it('shows "No results found" for an empty answer', async () => {
    renderApp(<DashboardWidget type="search" onSearch={async () => []} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zzz' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
