import { DESK_EXPORTS, type DeskExport } from '@tp/shared';
import { DownloadButton } from '@/ui/download-button';
import { DESK_TEXTS } from '../texts';
import { DeskSection } from './section';

const T = DESK_TEXTS.exports;
const LABELS: Record<DeskExport, string> = { invoices: T.invoices, forwards: T.forwards, payments: T.payments };

/** The desk's three CSV exports, downloaded with the session's token. */
export function ExportsPanel() {
  return (
    <DeskSection id="desk-exports" title={T.heading} description={T.description}>
      <div className="flex flex-wrap gap-2">
        {DESK_EXPORTS.map((kind) => (
          <DownloadButton
            key={kind}
            path={`/api/desk/export/${kind}.csv`}
            fileName={`desk-${kind}.csv`}
            failure={T.failed}
          >
            {LABELS[kind]}
          </DownloadButton>
        ))}
      </div>
    </DeskSection>
  );
}
