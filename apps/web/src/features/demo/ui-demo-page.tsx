import { newId } from '@/lib/new-id';
import { BarChart3, HelpCircle, Home, LayoutDashboard, Menu, Trophy, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadingStore, useGlobalLoading } from '@/lib/loading-store';
import { sanitizeHtml, type SanitizePreset } from '@/lib/sanitize';
import { Alert } from '@/ui/alert';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { MobileSidebar } from '@/ui/mobile-sidebar';
import { Calendar } from './components/calendar';
import { ContentCard } from './components/content-card';
import { ErrorBoundary } from './components/error-boundary';
import { FileList, type FileItem } from './components/file-list';
import { PageLayout } from '@/ui/page-layout';
import { Progress } from '@/ui/progress';
import { Skeleton } from '@/ui/skeleton';
import { LoadingState } from '@/ui/query-state';
import { Switch } from '@/ui/switch';
import { ThemeControls } from '@/ui/theme-controls';
import { TryOutNotice } from '@/ui/try-out-notice';
import { DashboardWidget } from './dashboard-widget';
import { DemoSection } from './demo-section';
import { FormDemo } from './form-demo';
import type { NavigationItem } from './navigation-item';
import { NavigationList, NavigationMenu } from './navigation-menu';
import { NotificationDemo } from './notification-demo';
import { OverlayDemo } from './overlay-demo';
import { CardsDemo, TableDemo } from './sample-data-demo';
import { paths } from '@/lib/paths';

const SAMPLE_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#34d399"/></linearGradient></defs><rect width="320" height="160" fill="url(#g)"/><path d="M0 120 L60 90 L120 105 L180 60 L240 75 L320 30" stroke="#04111d" stroke-width="6" fill="none"/></svg>',
  );

// sample text that claims nothing about markets: long enough to be cut at 150 characters
const LONG_TEXT =
  'Sample text of a content card. A card shows the first 150 characters of its text and ends with an ellipsis, so that a long article never pushes the cards below it out of place.';

const NAV_ITEMS: NavigationItem[] = [
  { id: 'home', label: 'Home', href: paths.home, icon: Home },
  { id: 'dashboard', label: 'Dashboard', href: paths.dashboard, icon: LayoutDashboard },
  { id: 'analytics', label: 'Analytics', href: paths.analytics, icon: BarChart3, badge: 'New' },
  {
    id: 'help',
    label: 'Help',
    icon: HelpCircle,
    children: [
      { id: 'faq', label: 'FAQ', href: paths.faq },
      { id: 'resources', label: 'Resources', href: paths.resources },
    ],
  },
  { id: 'achievements', label: 'Achievements', href: paths.achievements, icon: Trophy, disabled: true },
];

const SAMPLE_HTML =
  '<p onclick="steal()">Hello <b>trader</b>, see <a href="https://example.com">the guide</a>.</p><img src="x" alt="chart" onerror="boom()"><script>alert(1)</script>';

function Broken(): never {
  throw new Error('The demo widget failed on purpose');
}

export default function UiDemoPage() {
  // the flag disables every button of the app: it must not outlive the page that turns it on
  useEffect(() => () => loadingStore.reset(), []);

  return (
    <PageLayout title="UI demo" subtitle="Every design-system component, with the behaviour the product relies on.">
      <TryOutNotice className="mb-6">
        Every figure, name and file below is a sample, and nothing you do here is uploaded, saved or sent. Only the
        Theme section is real: it changes how the app looks, as Settings does. Your own work is on your{' '}
        <Link to={paths.dashboard} className="font-medium text-accent underline">
          dashboard
        </Link>
        .
      </TryOutNotice>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DemoSection title="Theme">
          <ThemeControls />
        </DemoSection>

        <ButtonsDemo />
        <NotificationDemo />
        <OverlayDemo />
        <FormDemo />
        <AlertsDemo />
        <BadgesDemo />
        <CardsDemo />
        <ContentCardsDemo />
        <TableDemo />
        <CalendarDemo />
        <SkeletonDemo />
        <NavigationDemo />
        <FileListDemo />
        <WidgetsDemo />
        <SanitizerDemo />
        <ErrorBoundaryDemo />
      </div>
    </PageLayout>
  );
}

function ButtonsDemo() {
  const globalLoading = useGlobalLoading();
  return (
    <DemoSection title="Buttons">
      <div className="flex flex-wrap gap-2">
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button loading loadingText="Sending...">
          Send
        </Button>
        <Button size="icon" variant="outline" aria-label="Upload">
          <Upload aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <Switch
        label="Global loading flag"
        description="While it is on, every button is disabled."
        checked={globalLoading}
        onCheckedChange={loadingStore.setGlobal}
      />
    </DemoSection>
  );
}

function AlertsDemo() {
  return (
    <DemoSection title="Alerts">
      <Alert variant="info" title="Sample information">
        An alert that informs.
      </Alert>
      <Alert variant="success">A sample success alert.</Alert>
      <Alert variant="warning" dismissible>
        A sample warning you can dismiss.
      </Alert>
      <Alert variant="error" title="A sample error alert" />
      <Alert variant="info" autoClose>
        This alert hides itself after 5 seconds.
      </Alert>
    </DemoSection>
  );
}

function BadgesDemo() {
  return (
    <DemoSection title="Progress, badges and avatars">
      <Progress value={65} label="Sample progress" showLabel />
      <Progress value={100} label="Sample progress, complete" showLabel tone="gain" />
      <div className="flex flex-wrap gap-2">
        <Badge>Default</Badge>
        <Badge variant="accent">New</Badge>
        <Badge variant="success">▲ Gain</Badge>
        <Badge variant="danger">▼ Loss</Badge>
        <Badge variant="warning">Pending</Badge>
        <Badge variant="info">Info</Badge>
        <Badge variant="outline">Outline</Badge>
      </div>
      <div className="flex items-center gap-3">
        <Avatar name="Sample Person" src={SAMPLE_IMAGE} />
        <Avatar name="Missing Picture" src="/no-such-avatar.png" />
        <Avatar name="Ada" size="lg" />
      </div>
    </DemoSection>
  );
}

function ContentCardsDemo() {
  return (
    <DemoSection title="Content cards">
      <div className="grid gap-3 sm:grid-cols-2">
        <ContentCard
          title="Sample article"
          content={LONG_TEXT}
          image={SAMPLE_IMAGE}
          tags={['sample', 'demo']}
          author="Sample Author"
          date="2026-03-05"
          readTime={4}
          interactive
          href="#content-cards"
        />
        <ContentCard
          title="Image that fails to load"
          content="The image of this card is missing, so it is hidden."
          image="/no-such-image.jpg"
          imageAlt="Missing"
          variant="featured"
        />
      </div>
    </DemoSection>
  );
}

function CalendarDemo() {
  const [date, setDate] = useState<Date | undefined>(new Date());
  return (
    <DemoSection title="Calendar">
      <Calendar mode="single" selected={date} onSelect={setDate} />
      <p className="text-sm text-muted" aria-live="polite">
        Selected: {date ? date.toDateString() : 'none'}
      </p>
    </DemoSection>
  );
}

function SkeletonDemo() {
  return (
    <DemoSection title="Skeleton">
      <div className="flex items-center gap-3">
        <Skeleton rounding="full" className="size-10" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <LoadingState lines={3} label="Loading recent trades" />
    </DemoSection>
  );
}

function NavigationDemo() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <DemoSection title="Navigation">
      <NavigationMenu label="Demo navigation" items={NAV_ITEMS} activeId="dashboard" />
      <div>
        <MobileSidebar
          trigger={
            <Button variant="outline">
              <Menu aria-hidden="true" className="size-4" /> Open menu
            </Button>
          }
          title="Menu"
          open={menuOpen}
          onOpenChange={setMenuOpen}
        >
          <NavigationList label="Menu" items={NAV_ITEMS} activeId="dashboard" onNavigate={() => setMenuOpen(false)} />
          <p className="mt-auto text-sm text-muted">Close with Escape, the backdrop, or by following an entry.</p>
        </MobileSidebar>
      </div>
    </DemoSection>
  );
}

function FileListDemo() {
  const [files, setFiles] = useState<FileItem[]>([
    { id: 'seed-1', name: 'sample-document.pdf', type: 'application/pdf', size: 1_572_864, url: SAMPLE_IMAGE },
    { id: 'seed-2', name: 'sample-photo.png', type: 'image/png', size: 734_003, uploadProgress: 45 },
  ]);
  return (
    <DemoSection title="File list" className="lg:col-span-2">
      <FileList
        files={files}
        accept={['image/*', 'application/pdf', '.csv']}
        onFilesAdded={(added) =>
          setFiles((list) => [
            ...list,
            ...added.map((f) => ({ id: newId(), name: f.name, type: f.type, size: f.size })),
          ])
        }
        onRemove={(f) => setFiles((list) => list.filter((x) => x.id !== f.id))}
      />
    </DemoSection>
  );
}

function WidgetsDemo() {
  return (
    <DemoSection title="Dashboard widgets" className="lg:col-span-2">
      <div className="grid gap-4 md:grid-cols-2">
        <DashboardWidget type="search" description="A simulated search: one sample result after 500 ms." />
        <DashboardWidget
          items={[
            { id: 'c1', title: 'sample-document.pdf', date: '2026-03-05' },
            { id: 'c2', title: 'sample-table.csv', date: '2026-03-02' },
          ]}
        />
        <DashboardWidget
          type="knowledge"
          items={[
            { id: 'k1', title: 'Letters of credit', description: 'How a bank guarantees payment to an exporter.' },
            { id: 'k2', title: 'Incoterms 2020', description: 'Who pays for what along the shipping route.' },
          ]}
        />
        <DashboardWidget
          type="media"
          items={[
            { id: 'm1', title: 'Sample picture', image: SAMPLE_IMAGE },
            { id: 'm2', title: 'Sample picture (missing)', image: '/no-such-photo.jpg' },
          ]}
        />
      </div>
    </DemoSection>
  );
}

function SanitizerDemo() {
  // nothing is sanitized until a preset is picked: Chromium reports (and blocks) the sample's inline
  // handlers as CSP violations when DOMPurify parses them, which would clutter every visit's console
  const [preset, setPreset] = useState<SanitizePreset | null>(null);
  return (
    <DemoSection title="Sanitizer presets">
      <div role="group" aria-label="Preset" className="flex flex-wrap gap-2">
        {(['strict', 'moderate', 'permissive'] as const).map((p) => (
          <Button
            key={p}
            size="sm"
            variant={p === preset ? 'primary' : 'outline'}
            aria-pressed={p === preset}
            onClick={() => setPreset(p)}
          >
            {p}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted">
        {preset ? `Output of the ${preset} preset:` : 'Input (pick a preset to sanitize it):'}
      </p>
      <pre
        className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-surface-2 p-3 text-xs"
        data-testid="sanitized"
      >
        {preset ? sanitizeHtml(SAMPLE_HTML, preset) : SAMPLE_HTML}
      </pre>
    </DemoSection>
  );
}

function ErrorBoundaryDemo() {
  const [broken, setBroken] = useState(false);
  return (
    <DemoSection title="Error boundary">
      <ErrorBoundary key={String(broken)} fallback={undefined}>
        {broken ? <Broken /> : <p className="text-sm">This widget works. Break it to see the fallback.</p>}
      </ErrorBoundary>
      <div className="flex gap-2">
        <Button variant="danger" onClick={() => setBroken(true)} disabled={broken}>
          Break the widget
        </Button>
        <Button variant="outline" onClick={() => setBroken(false)} disabled={!broken}>
          Mend it
        </Button>
      </div>
    </DemoSection>
  );
}
