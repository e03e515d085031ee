import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing';
import { CHART_LOAD_MARGIN, useChart } from './chart-frame';

const createChart = vi.hoisted(() => vi.fn(() => ({ remove: vi.fn() })));
vi.mock('lightweight-charts', () => ({ createChart, ColorType: { Solid: 'solid' }, CrosshairMode: { Normal: 0 } }));

/** A stand-in for the browser's IntersectionObserver: the test says when the box comes near. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  comeNear() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Chart() {
  const { ref, setup } = useChart();
  return (
    // the box keeps the chart's size whether or not the chart is drawn (the caller's placeholder)
    <div className="relative h-72">
      {!setup && <p>chart placeholder</p>}
      <div ref={ref} data-testid="chart-box" />
    </div>
  );
}

describe('a chart below the screen', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => createChart.mockClear());

  it('loads its library and draws only once its box comes near the screen, keeping the placeholder until then', async () => {
    renderApp(<Chart />);
    await screen.findByTestId('chart-box');
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.observed).toEqual([screen.getByTestId('chart-box')]);
    expect(observer?.options?.rootMargin).toBe(CHART_LOAD_MARGIN);
    // give a library load every chance to have started
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(createChart).not.toHaveBeenCalled();
    expect(screen.getByText('chart placeholder')).toBeInTheDocument();

    act(() => observer!.comeNear());
    await waitFor(() => expect(createChart).toHaveBeenCalledTimes(1));
    expect(createChart.mock.calls[0]).toContain(screen.getByTestId('chart-box'));
    await waitFor(() => expect(screen.queryByText('chart placeholder')).not.toBeInTheDocument());
    expect(observer!.observed).toEqual([]);
  });
});
