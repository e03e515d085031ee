import { DASHBOARD_SECTIONS, type ActivityResponse, type DashboardSection } from '@tp/shared';
import { Tabs } from '@/ui/tabs';
import { Card } from '@/ui/card';
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
