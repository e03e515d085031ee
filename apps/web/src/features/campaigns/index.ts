/** E-mail campaigns: the Email Campaign Manager modal and the button that opens it (docs/product/campaigns.md). */
export { EmailCampaignButton } from './components/email-campaign-button';
export { EmailCampaignManager } from './components/email-campaign-manager';
