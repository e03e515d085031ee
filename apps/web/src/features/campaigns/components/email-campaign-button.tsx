import { Mail } from 'lucide-react';
import { Button } from '@/ui/button';
import { EmailCampaignManager } from './email-campaign-manager';

/**
 * The content manager's "Email Campaign" button (docs/product/content-hub.md#content-hub-header),
 * opening the campaign manager.
 */
export function EmailCampaignButton() {
  return (
    <EmailCampaignManager
      trigger={
        <Button variant="outline">
          <Mail aria-hidden="true" className="size-4" />
          Email Campaign
        </Button>
      }
    />
  );
}
