import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MERGE_FIELD_MESSAGES, RECIPIENT_MESSAGES, type CampaignPreview } from '@tp/shared';
import { apiError, type ApiRequest } from '@/testing';
import { api, CAMPAIGN_ID, detail, LIST_A, LIST_B, openManager } from './campaign-manager.fixture';

/** The server's preview: the composed subject and message merged for the contact at `recipient`. */
const CONTACTS = [
  { email: 'ada@example.com', name: 'Ada Lovelace' },
  { email: 'bob@example.com', name: '' },
  { email: 'cy@example.com', name: 'Cy' },
];
function preview({ body }: ApiRequest): { body: { data: CampaignPreview } } {
  const request = body as { subject: string; message: string; selectedLists: string[]; recipient: number };
  if (request.selectedLists.length === 0) {
    return {
      body: {
        data: {
          subject: 'For you',
          html: '<p>Dear partner,</p>',
          text: 'Dear partner,',
          recipient: null,
          position: 0,
          recipients: 0,
        },
      },
    };
  }
  const position = Math.min(request.recipient, CONTACTS.length - 1);
  const contact = CONTACTS[position]!;
  const merge = (text: string) =>
    text.replace(/\{\{name\|(\w+)\}\}/g, (_tag, fallback: string) => contact.name || fallback);
  return {
    body: {
      data: {
        subject: merge(request.subject),
        html: `<p>${merge(request.message)}</p>`,
        text: merge(request.message),
        recipient: contact,
        position,
        recipients: CONTACTS.length,
      },
    },
  };
}

async function compose(dialog: HTMLElement, { subject, message }: { subject: string; message: string }) {
  await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'Spring prices');
  await userEvent.click(within(dialog).getByLabelText(/^Subject/));
  await userEvent.paste(subject);
  await userEvent.click(within(dialog).getByLabelText('Message'));
  await userEvent.paste(message);
}

const frameOf = (dialog: HTMLElement) => within(dialog).getByTitle('Message preview');

describe('compose: the preview', () => {
  it('shows the user’s own subject and message merged for a real recipient, and steps through the recipients', async () => {
    const calls = api({ 'POST /api/campaigns/preview': preview });
    const manager = await openManager();
    await compose(manager, {
      subject: 'Prices for {{name|you}}',
      message: 'Dear {{name|partner}}, our spring prices.',
    });
    await userEvent.click(await within(manager).findByRole('checkbox', { name: /traders/ }));
    await userEvent.click(within(manager).getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    await waitFor(() =>
      expect(frameOf(dialog)).toHaveAttribute('srcdoc', '<p>Dear Ada Lovelace, our spring prices.</p>'),
    );
    expect(frameOf(dialog)).toHaveAttribute('sandbox', '');
    expect(dialog).toHaveTextContent('ToAda Lovelace <ada@example.com>');
    expect(dialog).toHaveTextContent('SubjectPrices for Ada Lovelace');
    expect(within(dialog).getByText('Recipient 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous recipient' })).toBeDisabled();
    const previews = () => calls.filter((c) => c.key === 'POST /api/campaigns/preview').map((c) => c.body);
    expect(previews()[0]).toEqual({
      subject: 'Prices for {{name|you}}',
      template: 'campaign',
      message: 'Dear {{name|partner}}, our spring prices.',
      selectedLists: [LIST_A],
      attachedFiles: [],
      recipient: 0,
    });

    // the next one has no name: the fallback
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next recipient' }));
    expect(await within(dialog).findByText('Recipient 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(frameOf(dialog)).toHaveAttribute('srcdoc', '<p>Dear partner, our spring prices.</p>'));
    expect(dialog).toHaveTextContent('SubjectPrices for you');
    expect(previews().at(-1)).toMatchObject({ recipient: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next recipient' }));
    expect(await within(dialog).findByText('Recipient 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next recipient' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous recipient' }));
    expect(await within(dialog).findByText('Recipient 2 of 3')).toBeInTheDocument();
  });

  it('says so when no list is chosen, showing the fallbacks', async () => {
    api({ 'POST /api/campaigns/preview': preview });
    const manager = await openManager();
    await compose(manager, { subject: 'For {{name|you}}', message: 'Dear {{name|partner}},' });
    await userEvent.click(within(manager).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(await within(dialog).findByText(RECIPIENT_MESSAGES.previewNoLists)).toBeInTheDocument();
    expect(frameOf(dialog)).toHaveAttribute('srcdoc', '<p>Dear partner,</p>');
    expect(within(dialog).queryByRole('navigation', { name: 'Preview recipients' })).not.toBeInTheDocument();
  });
});

describe('compose: personalisation fields', () => {
  it('shows an unknown field at its field as it is typed, and keeps the campaign from being sent', async () => {
    const calls = api();
    const manager = await openManager();
    await compose(manager, { subject: 'News for {{company}}', message: 'Dear {{ firstname }},' });
    await userEvent.click(await within(manager).findByRole('checkbox', { name: /traders/ }));

    const subject = within(manager).getByLabelText(/^Subject/);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription(MERGE_FIELD_MESSAGES.unknown('company'));
    const message = within(manager).getByLabelText('Message');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining(MERGE_FIELD_MESSAGES.unknown('firstname')));
    const send = within(manager).getByRole('button', { name: 'Send Campaign' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Correct the personalisation field in the subject');

    await userEvent.clear(subject);
    await userEvent.type(subject, 'News for you');
    expect(subject).not.toHaveAttribute('aria-invalid');
    expect(send).toHaveAccessibleDescription('Correct the personalisation field in the message');
    await userEvent.clear(message);
    await userEvent.click(message);
    await userEvent.paste('Dear {{name|partner}},');
    expect(message).not.toHaveAttribute('aria-invalid');
    expect(send).toBeEnabled();
    expect(calls.filter((c) => c.key === 'POST /api/campaigns')).toEqual([]);
  });
});

describe('compose: sending at once', () => {
  it('asks "Send to N recipients now?" with the server’s count; Not yet sends nothing, Send now sends; a schedule is not asked', async () => {
    let refuse = true;
    const calls = api({
      // the first request (the schedule) is refused, so the form stays filled in for the rest
      'POST /api/campaigns': () => {
        if (!refuse) return { status: 201, body: { data: detail() } };
        refuse = false;
        return apiError(429, 'Daily recipient limit reached', { code: 'QUOTA_EXCEEDED' });
      },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: { body: { data: detail() } },
    });
    const manager = await openManager();
    await compose(manager, { subject: 'Spring', message: 'Prices inside.' });
    await userEvent.click(await within(manager).findByRole('checkbox', { name: /traders/ }));
    await userEvent.click(within(manager).getByRole('checkbox', { name: /vip/ }));
    expect(await within(manager).findByText('272 recipients in 2 lists')).toBeInTheDocument();
    const posts = () => calls.filter((c) => c.key === 'POST /api/campaigns');

    await userEvent.click(within(manager).getByRole('radio', { name: 'Schedule for later' }));
    await userEvent.type(within(manager).getByLabelText('Send at (your time)'), '2030-05-01T09:30');
    await userEvent.click(within(manager).getByRole('button', { name: 'Schedule Campaign' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: /now\?$/ })).not.toBeInTheDocument();
    expect(await within(manager).findByRole('alert')).toHaveTextContent('Daily recipient limit reached');

    await userEvent.click(within(manager).getByRole('radio', { name: 'Send immediately' }));
    await userEvent.click(within(manager).getByRole('button', { name: 'Send Campaign' }));
    const question = await screen.findByRole('dialog', { name: 'Send to 272 recipients now?' });
    expect(question).toHaveTextContent('“Spring prices” goes out at once');
    await userEvent.click(within(question).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(posts()).toHaveLength(1);

    await userEvent.click(within(manager).getByRole('button', { name: 'Send Campaign' }));
    const again = await screen.findByRole('dialog', { name: 'Send to 272 recipients now?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toMatchObject({ isImmediate: true, selectedLists: [LIST_A, LIST_B] });
  });
});
