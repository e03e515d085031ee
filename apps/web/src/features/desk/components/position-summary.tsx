import { Link } from 'react-router';
import type { Exposure } from '@tp/shared';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useTimeZone } from '@/lib/time-zone';
import { Figure } from '@/ui/figure';
import { DESK_TEXTS } from '../texts';
import { Money } from './money';
import { DeskSection } from './section';

const T = DESK_TEXTS.totals;

/** The desk's head: the home currency, when the figures were taken, and the four totals in it. */
export function PositionSummary({ exposure }: { exposure: Exposure }) {
  const timeZone = useTimeZone();
  const home = exposure.homeCurrency;
  const { totals } = exposure;
  return (
    <DeskSection
      id="desk-position"
      title={T.heading}
      description={
        <>
          {DESK_TEXTS.homeCurrency} <strong className="text-fg">{home}</strong> (
          <Link to={paths.settings} className="underline underline-offset-2 hover:text-fg">
            {DESK_TEXTS.changeInSettings}
          </Link>
          ), {DESK_TEXTS.asOf} <time dateTime={exposure.at}>{formatDateTime(exposure.at, timeZone)}</time>
        </>
      }
    >
      <dl className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 lg:grid-cols-4">
        <Figure label={T.netHome} size="lg">
          <Money value={totals.netHome} currency={home} />
        </Figure>
        <Figure label={T.hedgedHome} size="lg">
          <Money value={totals.hedgedHome} currency={home} />
        </Figure>
        <Figure label={T.revaluation} size="lg">
          <Money signed value={totals.revaluation} currency={home} />
        </Figure>
        <Figure label={T.markToMarket} size="lg">
          <Money signed value={totals.forwardsMarkToMarket} currency={home} />
        </Figure>
      </dl>
    </DeskSection>
  );
}
