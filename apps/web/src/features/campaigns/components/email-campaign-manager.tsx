import { useState, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '@/ui/dialog';
import { Tabs } from '@/ui/tabs';
import { campaignKeys } from '../api/keys';
import { CampaignsTab } from './campaigns-tab';
import { ComposeTab } from './compose-tab';
import { ContactsTab } from './contacts-tab';

type Tab = 'compose' | 'contacts' | 'campaigns';

/**
 * The Email Campaign Manager modal (docs/product/campaigns.md#email-campaign-manager): Compose,
 * Contacts and Campaigns. After a send the
 * form resets and the history opens on the new campaign, whose progress is live while it sends.
 */
export function EmailCampaignManager({ trigger }: { trigger: ReactElement }) {
  const [tab, setTab] = useState<Tab>('compose');
  const [openCampaign, setOpenCampaign] = useState<string | null>(null);
  const queryClient = useQueryClient();
  return (
    <Dialog
      size="xl"
      title="Email Campaign Manager"
      description="Write a campaign, manage your contacts and follow what you sent."
      trigger={trigger}
    >
      <Tabs
        label="Email campaign sections"
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        items={[
          {
            value: 'compose',
            label: 'Compose',
            content: (
              <ComposeTab
                onSent={(campaign) => {
                  queryClient.setQueryData(campaignKeys.campaign(campaign.id), campaign);
                  setOpenCampaign(campaign.status === 'sending' ? campaign.id : null);
                  setTab('campaigns');
                }}
              />
            ),
          },
          { value: 'contacts', label: 'Contacts', content: <ContactsTab /> },
          {
            value: 'campaigns',
            label: 'Campaigns',
            content: <CampaignsTab openId={openCampaign} onOpen={setOpenCampaign} />,
          },
        ]}
      />
    </Dialog>
  );
}
