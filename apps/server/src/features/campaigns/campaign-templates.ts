import { URL_IN_TEXT, type CampaignTemplateId, type EmailTemplate, type MergeRecipient } from '@tp/shared';
import { renderEmail } from '../../plugins/mail/render';
import type { AttachedFile, CampaignLink } from './campaigns.tables';
import { CampaignEmail, trimUrl } from './emails/campaign-email';
import { cutBeforeToken, mergeRecipient, mergeSubject, withMergeTokens } from './merge-fields';
import type { RecipientLinks } from './tracking-links';

/**
 * The composer's templates, Custom Message first, listed by GET /api/email/templates
 * (docs/product/campaigns.md#templates).
 */
export const CAMPAIGN_TEMPLATES: Array<{ id: CampaignTemplateId; name: string; description: string }> = [
  { id: 'campaign', name: 'Custom Message', description: 'Your message as you wrote it, with your files as links.' },
  {
    id: 'newsletter',
    name: 'Newsletter',
    description: 'A newsletter issue: the subject as its title over your message.',
  },
  {
    id: 'market-update',
    name: 'Market Update',
    description: 'A market commentary for your clients, titled Market update.',
  },
  {
    id: 'announcement',
    name: 'Announcement',
    description: 'News about your business, with the subject as a headline.',
  },
];

/**
 * Placeholders rendered into a campaign's message once, and replaced per recipient with signed
 * links: the open pixel, the unsubscribe page and each link (`/l/<index into the campaign's links>`).
 * `.invalid` cannot resolve (RFC 2606), so a placeholder that slipped through leads nowhere.
 */
const PLACEHOLDER_ORIGIN = 'https://tp.invalid';
const placeholderLink = (i: number) => `${PLACEHOLDER_ORIGIN}/l/${i}`;
const PLACEHOLDERS = /https:\/\/tp\.invalid\/(?:(o)|(u)|l\/(\d+))/g;

export interface CampaignSkeleton {
  html: string;
  text: string;
  links: CampaignLink[];
}

export interface SkeletonInput {
  template: CampaignTemplateId;
  subject: string;
  message: string;
  senderName: string;
  attachments: AttachedFile[];
}

/** The http(s) links of a message: its files first, then each distinct URL written in the text. */
export function collectLinks(message: string, attachments: AttachedFile[]): CampaignLink[] {
  const urls = [
    ...attachments.map((file) => file.url),
    ...[...message.matchAll(URL_IN_TEXT)].map((m) => trimUrl(m[0])),
  ];
  const unique = [...new Set(urls)].filter((url) => {
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  });
  return unique.map((url) => ({ url }));
}

/** The preheader's length (React Email's Preview cuts there): a longer one would cut a field's token in two. */
const PREHEADER_MAX = 150;

/**
 * Renders a campaign's message once (React Email), with placeholders where each recipient's links
 * go and tokens where their personalisation goes (./merge-fields).
 */
export async function renderCampaignSkeleton(input: SkeletonInput): Promise<CampaignSkeleton> {
  const links = collectLinks(input.message, input.attachments);
  const indexOf = (url: string) => links.findIndex((link) => link.url === url);
  const subject = withMergeTokens(input.subject);
  const { html, text } = await renderEmail(
    CampaignEmail({
      template: input.template,
      subject,
      preview: cutBeforeToken(subject, PREHEADER_MAX),
      message: withMergeTokens(input.message),
      senderName: input.senderName,
      attachments: input.attachments
        .filter((file) => indexOf(file.url) >= 0)
        .map((file) => ({ name: file.name, size: file.size, href: placeholderLink(indexOf(file.url)) })),
      links: links.map((link, i) => ({ url: link.url, href: placeholderLink(i) })),
      openPixelSrc: `${PLACEHOLDER_ORIGIN}/o`,
      unsubscribeHref: `${PLACEHOLDER_ORIGIN}/u`,
    }),
  );
  return { html, text, links };
}

/** One recipient's message: the skeleton with that recipient's signed links (a string replace, no rendering). */
export function fillRecipientLinks(content: string, links: RecipientLinks): string {
  return content.replace(PLACEHOLDERS, (_match, open?: string, unsubscribe?: string, index?: string) => {
    if (open) return links.openUrl;
    if (unsubscribe) return links.unsubscribePageUrl;
    return links.clickUrl(Number(index));
  });
}

/**
 * The bodies one recipient is sent: the skeleton's parts with their signed links and their
 * personalisation (the links first: a contact's name is never read as a placeholder). Their
 * subject line is `mergeSubject`.
 */
export function recipientBodies(
  skeleton: { html: string; text: string },
  links: RecipientLinks,
  recipient: MergeRecipient,
): { html: string; text: string } {
  return {
    html: mergeRecipient(fillRecipientLinks(skeleton.html, links), recipient, 'html'),
    text: mergeRecipient(fillRecipientLinks(skeleton.text, links), recipient, 'text'),
  };
}

const SAMPLE_MESSAGE =
  'Dear partner,\n\nOur spring price list is ready: https://example.com/price-list\n\nReply to this e-mail with any question.\n\nBest regards,\nAda';
/** Links of a preview: they lead nowhere, and the open pixel is a blank image. */
export const PREVIEW_LINKS: RecipientLinks = {
  openUrl: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  unsubscribeApiUrl: '#',
  unsubscribePageUrl: '#',
  clickUrl: () => '#',
};

let previews: Promise<EmailTemplate[]> | undefined;

/** The composer's templates with a preview each, rendered with sample content once per process. */
export function campaignTemplatesWithPreviews(): Promise<EmailTemplate[]> {
  previews ??= Promise.all(
    CAMPAIGN_TEMPLATES.map(async (template) => {
      const subject = `${template.name}: spring price list`;
      const skeleton = await renderCampaignSkeleton({
        template: template.id,
        subject,
        message: SAMPLE_MESSAGE,
        senderName: 'Ada Exporter',
        attachments: [],
      });
      const reader = { name: 'Ada', email: 'ada@example.com' };
      return {
        ...template,
        kind: 'campaign' as const,
        preview: { subject: mergeSubject(subject, reader), ...recipientBodies(skeleton, PREVIEW_LINKS, reader) },
      };
    }),
  ).catch((error: unknown) => {
    previews = undefined;
    throw error;
  });
  return previews;
}
