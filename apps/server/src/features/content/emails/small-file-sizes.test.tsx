import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../../plugins/mail/render';
import { CampaignEmail } from '../../campaigns/emails/campaign-email';
import { ContentShareEmail } from './content-share-email';

// A 2 KB invoice is a real file: the e-mails that list it never call it "0.00 MB".
const invoice = { name: 'invoice-2291.pdf', size: 2_048 };
const catalogue = { name: 'catalogue.pdf', size: 1_572_864 };

describe('file sizes in the e-mails', () => {
  it('the shared-files e-mail says "< 0.01 MB" for a small file', async () => {
    const { html, text } = await renderEmail(
      <ContentShareEmail
        senderName="Ada"
        senderEmail="ada@exports.test"
        messageHtml=""
        files={[
          { ...invoice, url: 'http://localhost:3000/a' },
          { ...catalogue, url: 'http://localhost:3000/b' },
        ]}
      />,
    );
    expect(text).toContain('(< 0.01 MB)');
    expect(text).toContain('(1.50 MB)');
    expect(html).not.toContain('0.00 MB');
  });

  it('a campaign e-mail says "< 0.01 MB" for a small attachment', async () => {
    const { text, html } = await renderEmail(
      <CampaignEmail
        template="campaign"
        subject="Harvest prices"
        message="Our new prices."
        senderName="Ada"
        attachments={[
          { ...invoice, href: 'http://localhost:3000/a' },
          { ...catalogue, href: 'http://localhost:3000/b' },
        ]}
        links={[]}
        openPixelSrc="http://localhost:3000/p.gif"
        unsubscribeHref="http://localhost:3000/u"
      />,
    );
    expect(text).toContain('(< 0.01 MB)');
    expect(text).toContain('(1.50 MB)');
    expect(html).not.toContain('0.00 MB');
  });
});
