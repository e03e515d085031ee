import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../../plugins/mail/render';
import { CampaignEmail } from '../../campaigns/emails/campaign-email';
import { ContentShareEmail } from './content-share-email';

// A 2 KB invoice is a real file: the e-mails that list it never call it "0.00 MB".
const files = [
  { name: 'invoice-2291.pdf', size: 2_048, url: 'http://localhost:3000/a' },
  { name: 'catalogue.pdf', size: 1_572_864, url: 'http://localhost:3000/b' },
];

const emails: [string, ReactElement][] = [
  [
    'the shared-files e-mail',
    <ContentShareEmail
      senderName="Ada"
      senderEmail="ada@exports.test"
      messageHtml=""
      files={files}
      expiresAt="Dec 4, 2026, 2:30 PM"
    />,
  ],
  [
    'a campaign e-mail',
    <CampaignEmail
      template="campaign"
      subject="Harvest prices"
      message="Our new prices."
      senderName="Ada"
      attachments={files.map(({ url, ...file }) => ({ ...file, href: url }))}
      links={[]}
      openPixelSrc="http://localhost:3000/p.gif"
      unsubscribeHref="http://localhost:3000/u"
    />,
  ],
];

describe('file sizes in the e-mails', () => {
  it.each(emails)('%s says "< 0.01 MB" for a small file', async (_name, email) => {
    const { html, text } = await renderEmail(email);
    expect(text).toContain('(< 0.01 MB)');
    expect(text).toContain('(1.50 MB)');
    expect(html).not.toContain('0.00 MB');
  });
});
