import { ArrowRight, FolderOpen, LayoutDashboard, LineChart, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { paths, signUpPath } from '@/lib/paths';
import { Card } from '@/ui/card';
import { PageLayout } from '@/ui/page-layout';
import { TryOutNotice } from '@/ui/try-out-notice';
import { DashboardWidget } from './dashboard-widget';

const NEXT_STEPS = [
  {
    to: paths.uiDemo,
    icon: Palette,
    title: 'Every component, one by one',
    text: 'Buttons, forms, dialogs, notices, tables and file lists, with sample content.',
  },
  {
    to: paths.dashboard,
    icon: LayoutDashboard,
    title: 'Your dashboard',
    text: 'Your streak, goals and figures, from your own account.',
  },
  {
    to: paths.trades,
    icon: LineChart,
    title: 'Paper trading',
    text: 'Live quotes and orders on a practice account: no real money moves.',
  },
  {
    to: paths.contentAccess,
    icon: FolderOpen,
    title: 'Content hub',
    text: 'Keep invoices, certificates and price lists, find them by any word, send them to a buyer.',
  },
] as const;

/** The React widgets of the dashboard working on their own, and the way on to the real screens. */
export default function ReactDemoPage() {
  const signedIn = useAuth().status === 'authenticated';
  return (
    <PageLayout title="React demo" subtitle="The dashboard's widgets working on their own, with sample content.">
      <TryOutNotice className="mb-6">
        The search below answers with one sample result after half a second and looks at nothing of yours.{' '}
        {signedIn ? (
          'Your own files, trades and campaigns are on the screens listed after it.'
        ) : (
          <>
            To use the portal with your own documents and a practice trading account,{' '}
            <Link to={signUpPath()} className="font-medium text-accent underline">
              create a free account
            </Link>
            .
          </>
        )}
      </TryOutNotice>
      <div className="grid gap-4 md:grid-cols-2">
        <DashboardWidget type="search" description="A simulated search: one sample result after 500 ms." />
        <DashboardWidget
          type="knowledge"
          items={[
            { id: 'k1', title: 'Letters of credit', description: 'How a bank guarantees payment to an exporter.' },
            { id: 'k2', title: 'Incoterms', description: 'Who pays for what along the shipping route.' },
          ]}
        />
      </div>
      <section aria-labelledby="react-demo-next" className="mt-8">
        <h2 id="react-demo-next" className="text-lg font-semibold">
          Where to go from here
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {NEXT_STEPS.map(({ to, icon: Icon, title, text }) => (
            <Card as="li" elevation="flat" key={to} className="relative flex gap-3 p-4 hover:bg-surface-2">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              <div className="min-w-0 flex-1">
                <Link to={to} className="font-semibold after:absolute after:inset-0 after:content-['']">
                  {title}
                </Link>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </div>
              <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            </Card>
          ))}
        </ul>
      </section>
    </PageLayout>
  );
}
