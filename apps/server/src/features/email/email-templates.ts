import type { EmailTemplate } from '@tp/shared';

/** The templates of the public site's e-mails, as listed by GET /api/email/templates. */
export const EMAIL_TEMPLATES: EmailTemplate[] = [
  {
    id: 'contact-message',
    name: 'Contact message',
    kind: 'system',
    description:
      'A visitor’s message from the contact form or the support chat, sent to support with Reply-To set to the visitor.',
  },
  {
    id: 'newsletter-confirm',
    name: 'Newsletter confirmation',
    kind: 'system',
    description: 'Double opt-in: the link opens a page on which the reader confirms the subscription.',
  },
];
