import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageResource, useResource, type PageResource } from './page-resource';

function Reader({ resource, label }: { resource: PageResource<number>; label: string }) {
  const state = useResource(resource);
  return (
    <p>
      {label}: {state.status} {state.data ?? '-'}
    </p>
  );
}

const flush = () => act(async () => {});

describe('pageResource', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once for every reader and shares the value', async () => {
    const load = vi.fn(async () => 7);
    const resource = pageResource(load);
    render(
      <>
        <Reader resource={resource} label="a" />
        <Reader resource={resource} label="b" />
      </>,
    );
    expect(screen.getByText('a: pending -')).toBeInTheDocument();
    await flush();
    expect(screen.getByText('a: success 7')).toBeInTheDocument();
    expect(screen.getByText('b: success 7')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failed first load as an error and loads again for the next reader', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(3);
    const resource = pageResource<number>(load);
    const first = render(<Reader resource={resource} label="a" />);
    await flush();
    expect(screen.getByText('a: error -')).toBeInTheDocument();
    first.unmount();
    render(<Reader resource={resource} label="b" />);
    await flush();
    expect(screen.getByText('b: success 3')).toBeInTheDocument();
  });

  it('refreshes while read and keeps the last good value when a refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const load = vi.fn().mockResolvedValueOnce(1).mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce(2);
    const resource = pageResource<number>(load, { refreshMs: 60_000 });
    const view = render(<Reader resource={resource} label="n" />);
    await flush();
    expect(screen.getByText('n: success 1')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('n: success 1')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('n: success 2')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    view.unmount();
    await act(async () => vi.advanceTimersByTime(180_000));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows mounted readers the reset and loads again for them', async () => {
    const load = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const resource = pageResource<number>(load);
    render(<Reader resource={resource} label="r" />);
    await flush();
    expect(screen.getByText('r: success 1')).toBeInTheDocument();
    act(() => resource.reset());
    expect(screen.getByText('r: pending -')).toBeInTheDocument();
    await flush();
    expect(screen.getByText('r: success 2')).toBeInTheDocument();
  });
});
