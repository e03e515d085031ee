import { Link } from 'react-router';
import { DASHBOARD } from '@tp/shared';
import { useLiveQuotes } from '@/features/trading';
import { useFeatureFlags } from '@/lib/feature-flags';
import { paths } from '@/lib/paths';
import { Alert } from '@/ui/alert';
import { LiveFeed } from './live-feed';
import { PortfolioSummary } from './portfolio-summary';
import { RecentTrades } from './recent-trades';

/**
 * The enhanced trading dashboard (docs/product/dashboard.md#trading-section): only with the
 * enhanced-services flag on, otherwise a
 * notice. The live feed with quick buy and sell, the portfolio and the recent trades (5 shown of
 * 10 fetched) each fail in place.
 */
export function TradingSection({ timeZone }: { timeZone?: string }) {
  const { flags } = useFeatureFlags();
  if (!flags.services) {
    return (
      <Alert variant="info">
        Enhanced trading features are disabled. Switch on enhanced services on the{' '}
        <Link to={paths.featureFlags} className="font-medium underline">
          feature test page
        </Link>
        , or trade in{' '}
        <Link to={paths.trades} className="font-medium underline">
          Trading
        </Link>
        .
      </Alert>
    );
  }
  return <EnhancedTrading timeZone={timeZone} />;
}

function EnhancedTrading({ timeZone }: { timeZone?: string }) {
  const feed = useLiveQuotes(DASHBOARD.symbols);
  return (
    <div className="flex flex-col gap-5">
      <LiveFeed symbols={DASHBOARD.symbols} feed={feed} />
      <PortfolioSummary />
      <RecentTrades timeZone={timeZone} />
      <Link to={paths.trades} className="text-sm font-medium text-accent underline">
        More order types, charts and history in Trading
      </Link>
    </div>
  );
}
