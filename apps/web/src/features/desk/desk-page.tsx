import { useState } from 'react';
import type { Exposure } from '@tp/shared';
import { Button } from '@/ui/button';
import { PageLayout } from '@/ui/page-layout';
import { EmptyState, QueryState } from '@/ui/query-state';
import { useExposure } from './api/get-exposure';
import { BookForwardDialog } from './components/book-forward-dialog';
import { CaptureDialog } from './components/capture-dialog';
import { ExportsPanel } from './components/exports-panel';
import { ExposureLadder } from './components/exposure-ladder';
import { FallsDueNext } from './components/falls-due-next';
import { ForwardsPanel } from './components/forwards-panel';
import { NewInvoiceDialog } from './components/invoice-dialogs';
import { emptyDraft } from './components/invoice-form';
import { InvoicesPanel } from './components/invoices-panel';
import { MonthlyChart } from './components/monthly-chart';
import { PolicyPanel } from './components/policy-panel';
import { PositionSummary } from './components/position-summary';
import { ScenarioChart } from './components/scenario-chart';
import { DeskSection } from './components/section';
import { DESK_TEXTS } from './texts';

type DeskDialog = 'invoice' | 'capture' | 'forward';

function Desk({ exposure, onOpen }: { exposure: Exposure; onOpen(dialog: DeskDialog): void }) {
  const home = exposure.homeCurrency;
  const empty = exposure.currencies.length === 0;
  const C = DESK_TEXTS.charts;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-12">
      <div className="min-w-0 xl:col-span-12">
        <PositionSummary exposure={exposure} />
      </div>
      <div className="min-w-0 xl:col-span-12">
        <DeskSection
          id="desk-ladder"
          title={DESK_TEXTS.ladder.heading}
          note={empty ? undefined : DESK_TEXTS.ladder.description}
        >
          {empty ? (
            <EmptyState title={DESK_TEXTS.welcome}>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" onClick={() => onOpen('invoice')}>
                  {DESK_TEXTS.invoices.newInvoice}
                </Button>
                <Button size="sm" variant="outline" onClick={() => onOpen('capture')}>
                  {DESK_TEXTS.invoices.capture}
                </Button>
              </div>
            </EmptyState>
          ) : (
            <ExposureLadder exposure={exposure} />
          )}
        </DeskSection>
      </div>
      {!empty && (
        <>
          <div className="min-w-0 xl:col-span-7">
            <DeskSection
              id="desk-monthly"
              title={C.monthlyHeading}
              description={C.monthlyDescription(home)}
              className="h-full"
            >
              <MonthlyChart exposure={exposure} />
            </DeskSection>
          </div>
          <div className="min-w-0 xl:col-span-5">
            <DeskSection
              id="desk-scenarios"
              title={C.scenariosHeading}
              description={C.scenariosDescription(home)}
              className="h-full"
            >
              <ScenarioChart exposure={exposure} />
            </DeskSection>
          </div>
        </>
      )}
      <div className="min-w-0 xl:col-span-8">
        <PolicyPanel exposure={exposure} />
      </div>
      <div className="min-w-0 xl:col-span-4">
        <DeskSection id="desk-next" title={DESK_TEXTS.next.heading} className="h-full">
          <FallsDueNext exposure={exposure} today={exposure.today} />
        </DeskSection>
      </div>
      <div className="min-w-0 xl:col-span-12">
        <InvoicesPanel
          today={exposure.today}
          onNewInvoice={() => onOpen('invoice')}
          onCapture={() => onOpen('capture')}
        />
      </div>
      <div className="min-w-0 xl:col-span-12">
        <ForwardsPanel today={exposure.today} onBook={() => onOpen('forward')} />
      </div>
      <div className="min-w-0 xl:col-span-12">
        <ExportsPanel />
      </div>
    </div>
  );
}

/**
 * /desk, the exporter desk (docs/desk.md): the position in home currency, the exposure ladder
 * against the hedging policy, what a currency move would do, the invoices and forwards with their
 * dialogs, "Hedge to policy" and the CSV exports.
 */
export default function DeskPage() {
  const exposure = useExposure();
  const [dialog, setDialog] = useState<DeskDialog | null>(null);
  const toggle = (which: DeskDialog) => (open: boolean) => setDialog(open ? which : null);
  const data = exposure.data;
  return (
    <PageLayout title={DESK_TEXTS.title} subtitle={DESK_TEXTS.subtitle} width="app">
      {/* while the desk loads it holds a screen's height: the footer would show, then jump away */}
      <div className={exposure.isPending ? 'min-h-dvh' : undefined}>
        <QueryState query={exposure} label="your desk" lines={8}>
          {(loaded) => <Desk exposure={loaded} onOpen={setDialog} />}
        </QueryState>
      </div>
      {data && (
        <>
          <NewInvoiceDialog
            open={dialog === 'invoice'}
            onOpenChange={toggle('invoice')}
            initial={emptyDraft(data.today)}
          />
          <CaptureDialog open={dialog === 'capture'} onOpenChange={toggle('capture')} today={data.today} />
          <BookForwardDialog
            open={dialog === 'forward'}
            onOpenChange={toggle('forward')}
            home={data.homeCurrency}
            today={data.today}
          />
        </>
      )}
    </PageLayout>
  );
}
