import { LoadError } from '@/ui/load-error';
import { memo, useMemo, useState } from 'react';
import { DEFAULT_TRADING_PREFERENCES, type Instrument, type TradingPreferences } from '@tp/shared';
import { PageLayout } from '@/ui/page-layout';
import { tickDecimalsOf } from './format';
import { useInstruments } from './api/get-instruments';
import { usePortfolio } from './api/get-portfolio';
import { useTradingPreferences } from './api/get-trading-preferences';
import { PerformancePanel } from './components/performance-panel';
import { OpenOrders } from './components/open-orders';
import { OrderTicket } from './components/order-ticket';
import { Panel } from './components/panel';
import { LoadingState } from '@/ui/query-state';
import { buyingPowerOf, PortfolioPanel } from './components/portfolio-panel';
import { TradingPreferencesSection } from './components/trading-preferences-panel';
import { PriceChart } from './components/price-chart';
import { ResetAccount } from './components/reset-account';
import { TradeHistory } from './components/trade-history';
import { Watchlist } from './components/watchlist';
import { useLiveQuotes } from './live-quotes';
import { PAGE_HEADINGS } from '@/lib/page-headings';

const NO_INSTRUMENTS: readonly Instrument[] = [];
// quotes arrive several times a second: the panels that do not show them render only when their own data changes
const StillOpenOrders = memo(OpenOrders);

/** /trades: the paper-trading screen (docs/product/trading.md#trading-page). */
export default function TradesPage() {
  const instruments = useInstruments();
  const preferences = useTradingPreferences();
  const portfolio = usePortfolio();
  const prefs = preferences.data ?? (preferences.isError ? DEFAULT_TRADING_PREFERENCES : undefined);
  const instrumentList = instruments.data ?? NO_INSTRUMENTS;

  return (
    <PageLayout {...PAGE_HEADINGS.trades} width="app">
      {/* At xl the chart and open orders sit beside the watch list and ticket; the wide tables
          (positions, history) and the analytics then take the full row. Below xl all stacks. */}
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-12">
        <LivePanels prefs={prefs} instruments={instruments} portfolio={portfolio} />
        <div className="flex min-w-0 flex-col gap-4 xl:col-span-12">
          <PortfolioPanel portfolio={portfolio} instruments={instrumentList} />
          <TradeHistory instruments={instrumentList} />
          <PerformancePanel />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TradingPreferencesSection />
            <ResetAccount />
          </div>
        </div>
      </div>
    </PageLayout>
  );
}

/**
 * The panels that follow the live quotes (watch list, order ticket, chart) with open orders beside
 * them: the quote feed's state lives here, so a quote re-renders these and not the whole page.
 */
function LivePanels({
  prefs,
  instruments,
  portfolio,
}: {
  prefs: TradingPreferences | undefined;
  instruments: ReturnType<typeof useInstruments>;
  portfolio: ReturnType<typeof usePortfolio>;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? prefs?.favoriteInstruments[0] ?? 'AAPL';
  const watched = prefs?.favoriteInstruments;
  const symbols = useMemo(() => [...new Set([...(watched ?? []), selected])], [watched, selected]);
  const feed = useLiveQuotes(prefs ? symbols : []);
  const instrumentList = instruments.data ?? NO_INSTRUMENTS;

  return (
    <>
      <div className="grid min-w-0 grid-cols-1 content-start gap-4 md:grid-cols-2 xl:col-span-4 xl:col-start-9 xl:row-span-2 xl:row-start-1 xl:grid-cols-1">
        {prefs ? (
          <Watchlist symbols={symbols} feed={feed} selected={selected} onSelect={setChosen} />
        ) : (
          // placeholders at the loaded panels' heights (three symbols; the ticket), so nothing below moves
          <Panel id="watchlist" title="Watch list" className="min-h-[263px]">
            <LoadingState label="Loading watch list" lines={3} />
          </Panel>
        )}
        {instruments.data && prefs ? (
          <OrderTicket
            instruments={instruments.data}
            symbol={selected}
            onSymbolChange={setChosen}
            quote={feed.quotes[selected]}
            defaultType={prefs.defaultOrderType}
            confirmOrders={prefs.confirmOrders}
            buyingPower={portfolio.data ? buyingPowerOf(portfolio.data) : undefined}
            charges={portfolio.data?.charges}
          />
        ) : (
          <Panel id="order-ticket" title="Order ticket" className="min-h-[602px] md:min-h-[610px]">
            {instruments.isError ? (
              <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />
            ) : (
              <LoadingState label="Loading order ticket" lines={6} />
            )}
          </Panel>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-4 xl:col-span-8 xl:row-start-1">
        <PriceChart
          symbol={selected}
          quote={feed.quotes[selected]}
          tickDecimals={tickDecimalsOf(instrumentList, selected)}
        />
        <StillOpenOrders instruments={instrumentList} />
      </div>
    </>
  );
}
