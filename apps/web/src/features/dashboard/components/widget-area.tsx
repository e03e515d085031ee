import type { UseQueryResult } from '@tanstack/react-query';
import { DASHBOARD_SECTIONS, type ActivityResponse, type DashboardSection } from '@tp/shared';
import { useTimeZone } from '@/lib/time-zone';
import { QueryState } from '@/ui/query-state';
import { Tabs } from '@/ui/tabs';
import { Card } from '@/ui/card';
import { SECTION_LABELS } from '../sections';
import { AchievementsSection } from './achievements-section';
import { AnalyticsSection } from './analytics-section';
import { ContentSection } from './content-section';
import { OverviewSection } from './overview-section';
import { TestingSection } from './testing-section';
import { TradingSection } from './trading-section';

/**
 * The widget area (docs/product/dashboard.md#widget-area): one section at a time, chosen by a quick
 * action or by its tab. It
 * shows while the activity loads or after it failed: the sections that need the activity fail in
 * place, the others load on their own (times in the user's zone from the session meanwhile).
 */
export function WidgetArea({
  section,
  onSectionChange,
  activity,
}: {
  section: DashboardSection;
  onSectionChange(section: DashboardSection): void;
  activity: UseQueryResult<ActivityResponse>;
}) {
  const userZone = useTimeZone();
  const timeZone = activity.data?.timeZone ?? userZone;
  const body = (id: DashboardSection) => {
    switch (id) {
      case 'overview':
        return <OverviewSection activity={activity} timeZone={timeZone} />;
      case 'content':
        return <ContentSection timeZone={timeZone} />;
      case 'testing':
        return <TestingSection />;
      case 'trading':
        return <TradingSection timeZone={timeZone} />;
      case 'analytics':
        return (
          <QueryState query={activity} label="your analytics">
            {(data) => <AnalyticsSection activity={data} />}
          </QueryState>
        );
      case 'achievements':
        return <AchievementsSection />;
    }
  };
  return (
    <Card elevation="flat">
      <Tabs
        label="Dashboard sections"
        value={section}
        onValueChange={(value) => onSectionChange(value as DashboardSection)}
        panelClassName="px-5 pb-5"
        items={DASHBOARD_SECTIONS.map((id) => ({
          value: id,
          label: SECTION_LABELS[id],
          content: (
            <>
              <h2 className="sr-only">{SECTION_LABELS[id]}</h2>
              {body(id)}
            </>
          ),
        }))}
      />
    </Card>
  );
}
