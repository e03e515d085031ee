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
