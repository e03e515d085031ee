import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { Progress } from './progress';
import { Skeleton } from './skeleton';
import { LoadingState } from './query-state';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table';

describe('Progress', () => {
  it('is a named progressbar with the value clamped', () => {
    render(<Progress value={250} label="Daily goals" showLabel />);
    const bar = screen.getByRole('progressbar', { name: 'Daily goals' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '100%');
    expect(screen.getByText('100%')).toHaveClass('tabular');
  });
});

describe('Table', () => {
  it('has header cells and right-aligned tabular numbers', () => {
    render(
      <Table>
        <TableCaption>Recent trades</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Symbol</TableHead>
            <TableHead numeric>Price</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>AAPL</TableCell>
            <TableCell numeric>$187.20</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Recent trades' });
    expect(within(table).getByRole('columnheader', { name: 'Price' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: '$187.20' })).toHaveClass('tabular', 'text-right');
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });
});

describe('Skeleton, Badge and Card', () => {
  it('skeletons are hidden from assistive tech; a skeleton region says it is loading', () => {
    render(
      <>
        <Skeleton data-testid="block" className="h-4" />
        <LoadingState lines={2} label="Loading trades" />
      </>,
    );
    expect(screen.getByTestId('block')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading trades');
  });

  it('renders badges and cards', () => {
    render(
      <Card>
        <CardHeader>
          <CardTitle>Portfolio</CardTitle>
        </CardHeader>
        <CardContent>
          <Badge variant="success">+2.4%</Badge>
        </CardContent>
      </Card>,
    );
    expect(screen.getByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.getByText('+2.4%')).toHaveClass('tabular');
  });
});

describe('Table on a narrow screen', () => {
  /** A one-row table under a ResizeObserver the test drives; returns its callback. */
  function renderObservedTable() {
    let resize: () => void = () => {};
    globalThis.ResizeObserver = class {
      constructor(cb: () => void) {
        resize = cb;
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    render(
      <Table scrollLabel="Recent trades">
        <TableBody>
          <TableRow>
            <TableCell>AAPL</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    return () => resize();
  }

  it('becomes a focusable named region when it scrolls sideways', () => {
    const resize = renderObservedTable();
    const box = screen.getByRole('table').parentElement!;
    expect(box).not.toHaveAttribute('tabindex');
    Object.defineProperty(box, 'scrollWidth', { configurable: true, value: 600 });
    Object.defineProperty(box, 'clientWidth', { configurable: true, value: 300 });
    act(() => resize());
    expect(screen.getByRole('region', { name: 'Recent trades (scrolls sideways)' })).toHaveAttribute('tabindex', '0');
  });

  it('reads its widths only when the observer reports a size, never while mounting (a forced layout)', () => {
    const widthRead = vi.spyOn(Element.prototype, 'scrollWidth', 'get');
    renderObservedTable();
    expect(widthRead).not.toHaveBeenCalled();
  });
});
