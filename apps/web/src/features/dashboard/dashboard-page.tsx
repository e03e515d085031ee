import { useState } from 'react';
import { Link } from 'react-router';
import { UserPen } from 'lucide-react';
import { DASHBOARD_TEXTS, quickActionById, type DashboardSection, type QuickActionId } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { useNotifications } from '@/lib/notifications';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { paths } from '@/lib/paths';
import { DeskSummary } from '@/features/desk';
import { buttonClasses } from '@/ui/button';
import { PageLayout } from '@/ui/page-layout';
import { useActivity } from './api/get-activity';
import { useRecordQuickAction } from './api/record-quick-action';
import { GoalsCompleteDialog } from './components/goals-complete-dialog';
import { useGoalsCelebration } from './goals-celebration';
import { QuickActions } from './components/quick-actions';
import { TodaysProgress } from './components/todays-progress';
import { WidgetArea } from './components/widget-area';
import { SECTION_LABELS } from './sections';

/** How long the "Section Changed" notification stays (docs/product/dashboard.md#quick-actions). */
export const SECTION_NOTICE_MS = 2_000;

/**
 * The dashboard (docs/product/dashboard.md#dashboard-page): Today's Progress with the streak, the
 * quick actions and the widget
 * area. Progress, goals, streak, XP and every figure come from the server, from what really
 * happened (docs/decisions/0034): a quick action switches the section, says so for 2 s and earns
 * its XP once a day, but ticks no goal; the popup opens when the day's goals are all done.
 * Each section loads and fails in place (docs/product/dashboard.md#dashboard-page): without the
 * activity, the quick actions and
 * the sections that do not need it still work.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <PageLayout title={PAGE_HEADINGS.dashboard.title} width="app">
        <p>Please log in to access your dashboard.</p>
      </PageLayout>
    );
  }
  return <Dashboard name={user.name} userId={user.id} />;
}

function Dashboard({ name, userId }: { name: string; userId: string }) {
  const activity = useActivity();
  const record = useRecordQuickAction();
  const notifications = useNotifications();
  const [section, setSection] = useState<DashboardSection>('overview');
  const [celebrating, setCelebrating] = useGoalsCelebration(activity.data, userId);

  const onAction = (id: QuickActionId) => {
    const action = quickActionById(id);
    setSection(action.section);
    notifications.info(DASHBOARD_TEXTS.sectionChanged, `Showing ${SECTION_LABELS[action.section]}.`, {
      duration: SECTION_NOTICE_MS,
    });
    record.mutate(id, {
      onError: (error) => notifications.error('Quick action not recorded', `Error: ${error.message}`),
    });
  };

  return (
    <PageLayout
      title={PAGE_HEADINGS.dashboard.title}
      subtitle={name ? `Welcome, ${name}.` : undefined}
      width="app"
      actions={
        // the profile opens in edit mode, titled "Edit Profile", and saving comes back here
        // (docs/product/sign-in.md#profile-page)
        <Link to={paths.profile} state={{ from: paths.dashboard }} className={buttonClasses('outline')}>
          <UserPen aria-hidden="true" className="size-4" /> Edit Profile
        </Link>
      }
    >
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-12">
        <div className="flex flex-col gap-5 xl:col-span-5">
          <TodaysProgress activity={activity} />
          <QuickActions onAction={onAction} earned={activity.data?.quickActionsEarned} />
          <DeskSummary />
        </div>
        <div className="xl:col-span-7">
          <WidgetArea section={section} onSectionChange={setSection} activity={activity} />
        </div>
        {activity.data && (
          <GoalsCompleteDialog open={celebrating} onOpenChange={setCelebrating} activity={activity.data} />
        )}
      </div>
    </PageLayout>
  );
}
