import { EmailCampaignButton } from '@/features/campaigns';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CONTENT_MESSAGES, type ContentFile } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { PageLayout } from '@/ui/page-layout';
import { Tabs } from '@/ui/tabs';
import { ContentBannerProvider, useContentBanner } from './components/content-banner';
import { ContentHubHeader } from './components/content-hub-header';
import { ContentStats } from './components/content-stats';
import { FileLibrary } from './components/file-library';
import type { Selection } from './components/file-selection';
import { SearchPanel } from './components/search-panel';
import { ShareFilesDialog } from './components/share-files-dialog';
import { SharedLinksPanel } from './components/shared-links-panel';
import { UploadPanel } from './components/upload-panel';
import { PAGE_HEADINGS } from '@/lib/page-headings';

const TABS = [
  { value: 'search', label: 'Search' },
  { value: 'manage', label: 'Upload & Manage' },
  { value: 'gallery', label: 'Gallery' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/**
 * /content-access, "Content Access" (docs/product/content-hub.md#content-access-page): the content hub
 * with its three tabs.
 */
export default function ContentAccessPage() {
  return (
    <PageLayout {...PAGE_HEADINGS.contentAccess} width="app">
      <ContentAccessBody />
    </PageLayout>
  );
}

/**
 * What follows the heading. The prerendered shell renders it too, before any read has answered
 * (app/signed-in-shell.tsx): the search tab's fixed texts are the page's largest paint on a phone.
 */
export function ContentAccessBody() {
  return <ContentBannerProvider>{(banner) => <ContentAccessTabs banner={banner} />}</ContentBannerProvider>;
}

function ContentAccessTabs({ banner: bannerNode }: { banner: React.ReactNode }) {
  const banner = useContentBanner();
  const { user } = useAuth();
  const timeZone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'search';
  const setTab = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [selected, setSelected] = useState<Map<string, ContentFile>>(new Map());
  const selection = useMemo<Selection>(
    () => ({
      isSelected: (id) => selected.has(id),
      toggle: (file) =>
        setSelected((current) => {
          const next = new Map(current);
          if (next.has(file.id)) next.delete(file.id);
          else next.set(file.id, file);
          return next;
        }),
    }),
    [selected],
  );
  const [sharing, setSharing] = useState(false);
  const panels: Record<Tab, ReactNode> = {
    search: <SearchPanel />,
    manage: (
      <div className="flex flex-col gap-8">
        <UploadPanel />
        <FileLibrary view="list" selection={selection} />
        <SharedLinksPanel />
      </div>
    ),
    gallery: (
      <FileLibrary
        view="gallery"
        selection={selection}
        emptyAction={{ label: 'Go to Upload & Manage', onClick: () => setTab('manage') }}
      />
    ),
  };

  return (
    <>
      <ContentHubHeader
        selectedCount={selected.size}
        onShare={() => {
          if (selected.size === 0) banner.show('error', CONTENT_MESSAGES.selectFilesToShare);
          else setSharing(true);
        }}
        actions={<EmailCampaignButton />}
      />
      <div aria-live="polite">{bannerNode}</div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs
          label="Content Hub"
          value={tab}
          onValueChange={setTab}
          keepMounted
          items={TABS.map(({ value, label }) => ({ value, label, content: panels[value] }))}
        />
        <aside aria-label="Library figures">
          <ContentStats />
        </aside>
      </div>
      <ShareFilesDialog
        open={sharing}
        onOpenChange={setSharing}
        files={[...selected.values()]}
        senderName={user?.name ?? ''}
        onShared={(outcome, message) => {
          setSharing(false);
          setSelected(new Map());
          // the content manager's success (docs/product/content-hub.md#notification-banner), with
          // the share's own result beneath it
          const until = outcome.expiresAt
            ? `. The links work until ${formatDateTime(outcome.expiresAt, timeZone)}.`
            : '';
          banner.show('success', CONTENT_MESSAGES.filesShared, `${message}${until}`);
        }}
      />
    </>
  );
}
