import { Link } from 'react-router';
import { DASHBOARD_TEXTS, type ActivityResponse } from '@tp/shared';
import { paths } from '@/lib/paths';
import { Button } from '@/ui/button';
import { Dialog, DialogClose } from '@/ui/dialog';

/**
 * The popup at 100 % (docs/product/dashboard.md#daily-goals-complete): "Daily Goals Complete!" — every
 * goal of the day really done.
 */
export function GoalsCompleteDialog({
  open,
  onOpenChange,
  activity,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  activity: ActivityResponse;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={DASHBOARD_TEXTS.dailyGoalsComplete}
      description={`All ${activity.progress.goalsTotal} of today's goals are done: ${activity.xp.today} XP today, a ${activity.streak.current}-day streak.`}
      footer={
        <>
          <Link
            to={paths.achievements}
            className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-accent underline"
          >
            See achievements
          </Link>
          <DialogClose asChild>
            <Button>Keep going</Button>
          </DialogClose>
        </>
      }
    />
  );
}
