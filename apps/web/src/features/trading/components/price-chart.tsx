import { LoadError } from '@/ui/load-error';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIMEFRAME_SECONDS, TIMEFRAMES, type Candle, type Quote, type Timeframe, type Order } from '@tp/shared';
import type { ISeriesApi, ISeriesMarkersPluginApi, Time, UTCTimestamp } from 'lightweight-charts';
import { cn } from '@/lib/cn';
import { Skeleton } from '@/ui/skeleton';
import { candlesQuery } from '../api/get-candles';
import { useOrders } from '../api/get-orders';
import { chartPriceFormat, formatPrice } from '../format';
import { useChart } from './chart-frame';
import { Panel } from './panel';

const toTime = (iso: string) => Math.floor(Date.parse(iso) / 1_000) as UTCTimestamp;

/** The bar a live quote belongs to, grown by it (the server's candles are cut at the second they were read). */
export function withQuote(candles: readonly Candle[], quote: Quote | undefined, timeframe: Timeframe): Candle[] {
  const last = candles.at(-1);
  if (!quote || !last) return [...candles];
  const step = TIMEFRAME_SECONDS[timeframe] * 1_000;
  const barStart = Math.floor(Date.parse(quote.timestamp) / step) * step;
  const lastStart = Date.parse(last.time);
  if (barStart < lastStart) return [...candles];
  const price = Number(quote.price);
  if (barStart === lastStart) {
    const high = String(Math.max(Number(last.high), price));
    const low = String(Math.min(Number(last.low), price));
    return [...candles.slice(0, -1), { ...last, high, low, close: quote.price }];
  }
  const open = last.close;
  const time = new Date(barStart).toISOString();
  return [
    ...candles,
    {
      time,
      open,
      close: quote.price,
      high: String(Math.max(Number(open), price)),
      low: String(Math.min(Number(open), price)),
      volume: 0,
    },
  ];
}

/** The scale's decimals: the instrument's tick's (VNDUSD's 9), else what the last closes carry (2 to 10). */
export const scaleDecimals = (candles: readonly Candle[], tickDecimals: number | undefined) =>
  tickDecimals === undefined
    ? Math.min(10, Math.max(2, ...candles.slice(-5).map((c) => (c.close.split('.')[1] ?? '').length)))
    : Math.max(2, tickDecimals);

/** A fill's marker on the chart, "B 10 @ 230.1144": its averaged price with its instrument's decimals. */
export function fillMarkerText(trade: Order, tickDecimals: number | undefined): string {
  return `${trade.side === 'buy' ? 'B' : 'S'} ${trade.filledQuantity} @ ${formatPrice(trade.avgFillPrice ?? '0', tickDecimals)}`;
}

export function PriceChart({
  symbol,
  quote,
  tickDecimals,
}: {
  symbol: string;
  quote: Quote | undefined;
  /** The symbol's class, for its fills' decimals (undefined until the instruments are loaded). */
  tickDecimals: number | undefined;
}) {
  const [timeframe, setTimeframe] = useState<Timeframe>('5m');
  const candles = useQuery(candlesQuery(symbol, timeframe, TIMEFRAME_SECONDS[timeframe]));
  const fills = useOrders({ symbol, status: 'filled', limit: 100 });
  const { ref, setup, failed } = useChart();
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const fitted = useRef('');

  useEffect(() => {
    if (!setup) return;
    const { chart, charts, colors } = setup;
    series.current = chart.addSeries(charts.CandlestickSeries, {
      upColor: colors.gain,
      downColor: colors.loss,
      borderVisible: false,
      wickUpColor: colors.gain,
      wickDownColor: colors.loss,
    });
    markers.current = charts.createSeriesMarkers(series.current, []);
    fitted.current = '';
    return () => {
      series.current = null;
      markers.current = null;
    };
  }, [setup]);

  const bars = candles.data ? withQuote(candles.data, quote?.symbol === symbol ? quote : undefined, timeframe) : null;
  useEffect(() => {
    if (!setup?.isAlive() || !series.current || !bars || bars.length === 0) return;
    const decimals = scaleDecimals(bars, tickDecimals);
    series.current.applyOptions({ priceFormat: chartPriceFormat(decimals) });
    series.current.setData(
      bars.map((c) => ({ time: toTime(c.time), open: +c.open, high: +c.high, low: +c.low, close: +c.close })),
    );
    const view = `${symbol}:${timeframe}`;
    if (fitted.current !== view) {
      setup.chart.timeScale().fitContent();
      fitted.current = view;
    }
  });

  const filled: readonly Order[] = fills.data?.data ?? [];
  useEffect(() => {
    if (!setup?.isAlive() || !markers.current || !bars?.length) return;
    const step = TIMEFRAME_SECONDS[timeframe];
    const first = toTime(bars[0]!.time);
    const { gain, loss } = setup.colors;
    markers.current.setMarkers(
      filled
        .map((trade) => ({ trade, time: (Math.floor(toTime(trade.timestamp) / step) * step) as UTCTimestamp }))
        .filter(({ time }) => time >= first)
        .sort((a, b) => a.time - b.time)
        .map(({ trade, time }) => ({
          time,
          position: trade.side === 'buy' ? ('belowBar' as const) : ('aboveBar' as const),
          shape: trade.side === 'buy' ? ('arrowUp' as const) : ('arrowDown' as const),
          color: trade.side === 'buy' ? gain : loss,
          text: fillMarkerText(trade, tickDecimals),
        })),
    );
  });

  return (
    <Panel
      id="price-chart"
      title={`${symbol} price`}
      actions={<TimeframePicker value={timeframe} onChange={setTimeframe} />}
    >
      {candles.isError && !candles.data ? (
        <LoadError error={candles.error} onRetry={() => void candles.refetch()} />
      ) : failed ? (
        <LoadError error={failed} onRetry={() => window.location.reload()} />
      ) : (
        <div className="relative h-72 sm:h-80">
          {(candles.isPending || !setup) && <Skeleton className="absolute inset-0" />}
          <div
            ref={ref}
            role="img"
            aria-label={
              bars?.length
                ? `${symbol} ${timeframe} candles; last ${formatPrice(bars.at(-1)!.close)}; your fills are marked with arrows`
                : `${symbol} ${timeframe} candles`
            }
            className="absolute inset-0"
          />
        </div>
      )}
    </Panel>
  );
}

function TimeframePicker({ value, onChange }: { value: Timeframe; onChange(timeframe: Timeframe): void }) {
  return (
    <div role="group" aria-label="Timeframe" className="flex gap-1">
      {TIMEFRAMES.map((tf) => (
        <button
          key={tf}
          type="button"
          aria-pressed={tf === value}
          onClick={() => onChange(tf)}
          className={cn(
            'min-h-9 min-w-10 rounded-md border px-2 text-xs font-medium',
            tf === value ? 'border-accent bg-accent text-accent-fg' : 'border-border text-muted hover:bg-surface-2',
          )}
        >
          {tf}
        </button>
      ))}
    </div>
  );
}
