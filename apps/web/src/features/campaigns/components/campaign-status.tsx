import type { CampaignStatus } from '@tp/shared';
import { Badge, type BadgeVariant } from '@/ui/badge';

const TONES: Record<CampaignStatus, BadgeVariant> = {
  draft: 'outline',
  scheduled: 'info',
  sending: 'accent',
  paused: 'warning',
  sent: 'success',
  cancelled: 'default',
  failed: 'danger',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge variant={TONES[status]}>{status}</Badge>;
}

/** "List deleted": a waiting campaign one of whose lists was deleted is not sent until it goes to lists that exist. */
export const deletedListsText = (count: number) => (count === 1 ? 'List deleted' : `${count} lists deleted`);

export function DeletedListsBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return <Badge variant="warning">{deletedListsText(count)}</Badge>;
}
