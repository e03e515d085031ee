// The campaigns feature's public entry: what other features may import (docs/decisions/0043).
export { campaignTemplatesWithPreviews, sendDirect } from './campaigns.service';
export { sendNotification } from './notifications.service';
