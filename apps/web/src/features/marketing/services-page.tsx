import { Link } from 'react-router';
import { BarChart3, FolderOpen, LineChart, Mail } from 'lucide-react';
import { PageLayout } from '@/ui/page-layout';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/card';

const SERVICES = [
  {
    icon: LineChart,
    title: 'Market data and paper trading',
    text: 'Live quotes for the instruments you follow, historical charts, and a practice account in which orders fill at market prices. Learn how a market behaves before you commit real money.',
  },
  {
    icon: FolderOpen,
    title: 'Content hub',
    text: 'Upload invoices, certificates of origin, price lists and product sheets. Search them, organise them, make a file public and share it with several buyers in one e-mail.',
  },
  {
    icon: Mail,
    title: 'E-mail campaigns',
    text: 'Keep contact lists of buyers and prospects, compose campaigns with attachments from your hub, send now or schedule, and follow opens and clicks.',
  },
  {
    icon: BarChart3,
    title: 'Dashboard and analytics',
    text: 'A daily overview of your trading results, your activity and your goals, with streaks that make a habit of checking the markets.',
  },
];

export default function ServicesPage() {
  return (
    <PageLayout title="Services" subtitle="What Trading Portal does for merchant exporters.">
      <ul className="grid gap-4 md:grid-cols-2">
        {SERVICES.map(({ icon: Icon, title, text }) => (
          <Card as="li" elevation="flat" key={title} className="p-6">
            <Icon aria-hidden="true" className="size-7 text-accent" />
            <h2 className="mt-3 text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-muted">{text}</p>
          </Card>
        ))}
      </ul>
      <p className="mt-8 text-muted">
        Plans start at $49 per month; see{' '}
        <Link to={`${paths.home}#pricing`} className="text-accent underline">
          pricing
        </Link>{' '}
        or{' '}
        <Link to={paths.contact} className="text-accent underline">
          ask us
        </Link>{' '}
        which plan fits your team.
      </p>
    </PageLayout>
  );
}
