import { Tabs } from 'radix-ui';
import { DASHBOARD_SECTIONS, type ActivityResponse, type DashboardSection } from '@tp/shared';
import { SECTION_LABELS } from '../sections';
import { AchievementsSection } from './achievements-section';
import { AnalyticsSection } from './analytics-section';
import { ContentSection } from './content-section';
import { OverviewSection } from './overview-section';
import { TestingSection } from './testing-section';
import { TradingSection } from './trading-section';

/** The widget area (spec 01 §2): one section at a time, chosen by a quick action or by its tab. */
export function WidgetArea({
  section,
  onSectionChange,
  activity,
}: {
  section: DashboardSection;
  onSectionChange(section: DashboardSection): void;
  activity: ActivityResponse;
}) {
  const body = (id: DashboardSection) => {
    switch (id) {
      case 'overview':
        return <OverviewSection activity={activity} />;
      case 'content':
        return <ContentSection timeZone={activity.timeZone} />;
      case 'testing':
        return <TestingSection />;
      case 'trading':
        return <TradingSection timeZone={activity.timeZone} />;
      case 'analytics':
        return <AnalyticsSection activity={activity} />;
      case 'achievements':
        return <AchievementsSection />;
    }
  };
  return (
    <Tabs.Root
      value={section}
      onValueChange={(value) => onSectionChange(value as DashboardSection)}
      className="rounded-[var(--radius-card)] border border-border bg-surface"
    >
      <Tabs.List aria-label="Dashboard sections" className="flex overflow-x-auto border-b border-border">
        {DASHBOARD_SECTIONS.map((id) => (
          <Tabs.Trigger
            key={id}
            value={id}
            className="min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg"
          >
            {SECTION_LABELS[id]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {DASHBOARD_SECTIONS.map((id) => (
        <Tabs.Content key={id} value={id} className="p-5 focus-visible:outline-2 focus-visible:outline-focus">
          <h2 className="sr-only">{SECTION_LABELS[id]}</h2>
          {section === id && body(id)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
