import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, EMAIL_MAX_LENGTH } from '@tp/shared';
import { apiError, type ApiAnswer } from '@/testing';
import {
  api,
  CAMPAIGN_ID,
  confirmSend,
  detail,
  LIST_A,
  LIST_B,
  lists,
  openManager,
  recipientCount,
} from './campaign-manager.fixture';
import { emptyComposeForm } from './compose-draft';
import { draftKey } from './draft-storage';

/** The drafts kept in this browser, by storage key. */
const storedDrafts = () => Object.keys(localStorage).filter((key) => key.endsWith('.campaign-draft.v1'));

describe('compose draft', () => {
  const paste = async (field: HTMLElement, value: string) => {
    await userEvent.click(field);
    await userEvent.paste(value);
  };

  async function fillDraft(dialog: HTMLElement) {
    await paste(within(dialog).getByLabelText(/Campaign Name/), 'Spring prices');
    await paste(within(dialog).getByLabelText(/^Subject/), 'Our spring prices');
    await paste(within(dialog).getByLabelText('Message'), 'New prices inside.');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /vip/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    await userEvent.type(within(dialog).getByLabelText('Send at (your time)'), '2030-03-02T09:30');
  }

  function expectDraft(dialog: HTMLElement) {
    expect(within(dialog).getByLabelText(/Campaign Name/)).toHaveValue('Spring prices');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Our spring prices');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('New prices inside.');
    expect(within(dialog).getByRole('checkbox', { name: /vip/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /traders/ })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    expect(within(dialog).getByLabelText('Send at (your time)')).toHaveValue('2030-03-02T09:30');
  }

  it('keeps the draft when the manager closes and after a reload', { timeout: 30_000 }, async () => {
    api();
    const dialog = await openManager();
    await fillDraft(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Email Campaign' }));
    const reopened = await screen.findByRole('dialog', { name: 'Email Campaign Manager' });
    expect(await within(reopened).findByRole('checkbox', { name: /vip/ })).toBeChecked();
    expectDraft(reopened);
    expect(storedDrafts()).toHaveLength(1);

    // a reload: the app starts again from what this browser stored
    cleanup();
    const again = await openManager();
    expect(await within(again).findByRole('checkbox', { name: /vip/ })).toBeChecked();
    expectDraft(again);
  });

  it('discards the draft only after confirmation, and leaves nothing stored', { timeout: 30_000 }, async () => {
    api();
    const dialog = await openManager();
    expect(within(dialog).queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
    await fillDraft(dialog);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep draft' }));
    expectDraft(dialog);
    expect(storedDrafts()).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', {
        name: 'Discard draft',
      }),
    );
    expect(within(dialog).getByLabelText(/Campaign Name/)).toHaveValue('');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: /vip/ })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Send immediately' })).toBeChecked();
    expect(storedDrafts()).toEqual([]);
  });

  it('opens the signed-in user’s own draft, without the lists deleted since it was kept', async () => {
    api({ 'GET /api/contact-lists': { body: { data: [lists[0]] } } });
    localStorage.setItem(
      draftKey('someone'),
      // another account's draft on this browser
      JSON.stringify({
        form: { ...emptyComposeForm(), name: 'Not yours', subject: 'Not yours', selectedLists: [LIST_A] },
        files: [],
      }),
    );
    const dialog = await openManager();
    expect(within(dialog).getByLabelText(/Campaign Name/)).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'A');
    const key = storedDrafts().find((k) => k !== draftKey('someone'))!;
    const kept = JSON.parse(localStorage.getItem(key)!) as { form: Record<string, unknown> };
    cleanup();
    localStorage.setItem(key, JSON.stringify({ ...kept, form: { ...kept.form, selectedLists: [LIST_A, LIST_B] } }));
    const again = await openManager();
    expect(await within(again).findByRole('checkbox', { name: /traders/ })).toBeChecked();
    expect(within(again).queryByRole('checkbox', { name: /vip/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        (JSON.parse(localStorage.getItem(key)!) as { form: { selectedLists: string[] } }).form.selectedLists,
      ).toEqual([LIST_A]),
    );
    expect(within(again).getByLabelText(/Campaign Name/)).toHaveValue('A');
  });
});

describe('compose', () => {
  it('keeps Send Campaign disabled with the spec’s message until name, subject and a list are given, then sends the draft', async () => {
    const calls = api({
      'POST /api/campaigns': { status: 201, body: { data: detail() } },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: { body: { data: detail({ status: 'sent', delivered: 287, pending: 0 }) } },
    });
    const dialog = await openManager();
    const send = within(dialog).getByRole('button', { name: 'Send Campaign' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(CAMPAIGN_MESSAGES.draftIncomplete);

    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'Spring prices');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Our spring prices');
    expect(send).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /traders/ }));
    expect(send).toBeEnabled();
    expect(within(dialog).queryByText(CAMPAIGN_MESSAGES.draftIncomplete)).not.toBeInTheDocument();
    expect(await within(dialog).findByText('245 recipients in 1 list')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Message'), 'New prices inside.');
    await userEvent.click(send);
    await confirmSend('Send to 245 recipients now?');
    expect(await screen.findByText(CAMPAIGN_MESSAGES.campaignSent)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/campaigns')?.body).toEqual({
      name: 'Spring prices',
      subject: 'Our spring prices',
      template: 'campaign',
      message: 'New prices inside.',
      selectedLists: [LIST_A],
      attachedFiles: [],
      isImmediate: true,
      scheduledFor: null,
    });
    // the history opens on the new campaign; the form was reset
    expect(await within(dialog).findByText('Delivered')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Compose' }));
    expect(within(dialog).getByLabelText(/Campaign Name/)).toHaveValue('');
  });

  it('shows the server’s exact recipient count in the summary: a contact in two lists once, with a loading state', async () => {
    let answer: (() => void) | undefined;
    api({
      'GET /api/contact-lists/recipients': (request) =>
        new Promise((resolve) => {
          answer = () => resolve(recipientCount(request));
        }),
    });
    const dialog = await openManager();
    const summary = within(dialog).getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('No list selected');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /traders/ }));
    expect(await within(summary).findByText('Counting recipients')).toBeInTheDocument();
    answer!();
    expect(await within(summary).findByText('245 recipients in 1 list')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /vip/ }));
    // the last count stays, marked busy, until the new one arrives
    expect(within(summary).getByText('245 recipients in 1 list')).toHaveAttribute('aria-busy', 'true');
    answer!();
    expect(await within(summary).findByText('272 recipients in 2 lists')).toBeInTheDocument();
  });

  it('falls back to the lists’ sum, saying so, when the count cannot be loaded', async () => {
    api({ 'GET /api/contact-lists/recipients': apiError(404, CAMPAIGN_MESSAGES.listNotFound, { code: 'NOT_FOUND' }) });
    const dialog = await openManager();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /traders/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /vip/ }));
    expect(
      await within(dialog).findByText('up to 287 in 2 lists (the exact count failed to load)'),
    ).toBeInTheDocument();
  });

  it('schedules with a date and time, sending the instant in UTC; shows the server’s refusal', async () => {
    const calls = api({
      'POST /api/campaigns': apiError(429, 'Daily recipient limit reached: 0 of 1000 recipients left', {
        code: 'QUOTA_EXCEEDED',
      }),
    });
    const dialog = await openManager();
    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'Later');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Later prices');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /vip/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    const schedule = within(dialog).getByRole('button', { name: 'Schedule Campaign' });
    expect(schedule).toBeDisabled();
    const when = within(dialog).getByLabelText('Send at (your time)');
    await userEvent.type(when, '2030-05-01T09:30');
    expect(schedule).toBeEnabled();
    await userEvent.click(schedule);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Daily recipient limit reached');
    const body = calls.find((c) => c.key === 'POST /api/campaigns')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ isImmediate: false, selectedLists: [LIST_B] });
    expect(body.scheduledFor).toBe(new Date('2030-05-01T09:30').toISOString());
  });

  it('reads the lists again when the server names a chosen list as gone, and the form lets it go', async () => {
    let deleted = false;
    api({
      'GET /api/contact-lists': () => ({ body: { data: deleted ? [lists[0]] : lists } }),
      'POST /api/campaigns': () => {
        deleted = true;
        return apiError(404, CAMPAIGN_MESSAGES.listNotFound, {
          code: 'NOT_FOUND',
          details: [{ field: 'selectedLists.0', message: CAMPAIGN_MESSAGES.listNotFound }],
        });
      },
    });
    const dialog = await openManager();
    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'Gone');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Gone list');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /vip/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Campaign' }));
    await confirmSend('Send to 42 recipients now?');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.listNotFound);
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /vip/ })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Send Campaign' })).toBeDisabled();
  });

  it('sends a double-clicked campaign once, under one Idempotency-Key that a resend after a lost answer keeps', async () => {
    let answer: ((value: ApiAnswer) => void) | undefined;
    let lost = true;
    const calls = api({
      'POST /api/campaigns': () => {
        if (lost) {
          lost = false;
          throw new TypeError('Failed to fetch');
        }
        return new Promise<ApiAnswer>((resolve) => (answer = resolve));
      },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: { body: { data: detail() } },
    });
    const dialog = await openManager();
    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'Spring prices');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Our spring prices');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /traders/ }));
    const send = within(dialog).getByRole('button', { name: 'Send Campaign' });
    const posts = () => calls.filter((c) => c.key === 'POST /api/campaigns');

    // the answer is lost: the campaign may exist, so the resend carries the same key
    await userEvent.click(send);
    await confirmSend('Send to 245 recipients now?');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    // a double click on the confirmation: both clicks land before React shows the button busy
    await userEvent.click(send);
    const confirm = await screen.findByRole('dialog', { name: 'Send to 245 recipients now?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send now' }));
    fireEvent.click(within(confirm).getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(answer).toBeDefined());
    answer!({ status: 201, body: { data: detail() } });
    expect(await screen.findByText(CAMPAIGN_MESSAGES.campaignSent)).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
    const [firstKey, secondKey] = posts().map((c) => c.headers['idempotency-key']);
    expect(firstKey).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(secondKey).toBe(firstKey);
  });

  it('offers the campaign templates only, Custom Message first, with its description', async () => {
    api();
    const dialog = await openManager();
    const picker = await within(dialog).findByRole('combobox', { name: 'Template' });
    expect(picker).toHaveTextContent('Custom Message');
    expect(picker).toHaveAccessibleDescription('Your message as you wrote it.');
  });
});

describe('campaign actions', () => {
  it.each([
    ['send', 'Send now', 'draft', 'sending'],
    ['pause', 'Pause', 'sending', 'paused'],
    ['resume', 'Resume', 'paused', 'sending'],
  ] as const)('acts once on a double-clicked "%s", with no 409 under the row', async (action, label, before, after) => {
    let row = detail({ status: before });
    let answer: (() => void) | undefined;
    const key = `POST /api/campaigns/${CAMPAIGN_ID}/${action}`;
    const calls = api({
      'GET /api/campaigns': () => ({ body: { data: [row] } }),
      [key]: () =>
        calls.filter((c) => c.key === key).length > 1
          ? apiError(409, 'The campaign cannot do that in its state', { code: 'CONFLICT' })
          : new Promise<ApiAnswer>(
              (resolve) =>
                (answer = () => {
                  row = detail({ status: after });
                  resolve({ body: { data: row } });
                }),
            ),
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Campaigns' }));
    const list = await within(dialog).findByRole('list', { name: 'Campaign history' });
    let button = within(list).getByRole('button', { name: `${label}: Spring prices` });
    if (action === 'send') {
      // sending at once asks first; the confirmation's button is the one clicked twice
      await userEvent.click(button);
      const confirm = await screen.findByRole('dialog', { name: 'Send to 287 recipients now?' });
      button = within(confirm).getByRole('button', { name: 'Send now' });
    }
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: `${label}: Spring prices` })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.key === key)).toHaveLength(1);
    expect(within(list).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a campaign whose list was deleted', () => {
  it('shows "List deleted" in the history and the detail, shows the refused send, and sends once another list is picked', async () => {
    let row = detail({ status: 'draft', selectedLists: [LIST_A, LIST_B], deletedLists: [LIST_B], recipients: 245 });
    const calls = api({
      'GET /api/contact-lists': { body: { data: [lists[0]] } },
      'GET /api/campaigns': () => ({ body: { data: [row] } }),
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () => ({ body: { data: row } }),
      [`POST /api/campaigns/${CAMPAIGN_ID}/send`]: () =>
        row.deletedLists.length > 0
          ? apiError(400, CAMPAIGN_MESSAGES.listDeleted, {
              code: 'LIST_DELETED',
              details: [{ field: 'selectedLists.1', message: CAMPAIGN_MESSAGES.listDeleted }],
            })
          : { body: { data: (row = { ...row, status: 'sending' }) } },
      [`PATCH /api/campaigns/${CAMPAIGN_ID}`]: () => {
        row = { ...row, selectedLists: [LIST_A], deletedLists: [] };
        return { body: { data: row } };
      },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Campaigns' }));
    const list = await within(dialog).findByRole('list', { name: 'Campaign history' });
    expect(within(list).getByText('List deleted')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Send now: Spring prices' }));
    const refused = await confirmSend('Send to 245 recipients now?');
    // the refusal is said in the confirmation, which stays open
    expect(await within(refused).findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.listDeleted);
    await userEvent.click(within(refused).getByRole('button', { name: 'Not yet' }));

    await userEvent.click(within(list).getByRole('button', { name: 'Spring prices' }));
    expect(
      await within(dialog).findByText('List deleted: it is not sent until you pick another list.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pick lists' }));
    const picker = await screen.findByRole('dialog', { name: 'Lists of “Spring prices”' });
    // the list that remains is ticked; the deleted one is not offered
    expect(await within(picker).findByRole('checkbox', { name: /traders/ })).toBeChecked();
    expect(within(picker).queryByRole('checkbox', { name: /vip/ })).not.toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'Save lists' }));
    await waitFor(() => expect(picker).not.toBeInTheDocument());
    await waitFor(() => expect(within(dialog).queryByText('List deleted')).not.toBeInTheDocument());
    expect(calls.find((c) => c.key === `PATCH /api/campaigns/${CAMPAIGN_ID}`)?.body).toEqual({
      selectedLists: [LIST_A],
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now: Spring prices' }));
    await confirmSend('Send to 245 recipients now?');
    expect(await within(dialog).findByText('sending')).toBeInTheDocument();
  });
});

const FILE_ID = '44444444-4444-4444-8444-444444444444';
const file = (id: string, name: string, isPublic: boolean) => ({
  id,
  name,
  size: 2_621_440,
  type: 'application/pdf',
  category: 'document',
  isPublic,
  description: '',
  tags: [],
  createdAt: '2026-03-01T09:00:00.000Z',
  views: 0,
  url: `/api/content/access/${id}`,
  downloadUrl: `/api/content/download/${id}`,
});

describe('compose: files and history', () => {
  it('attaches files picked from the user’s content files and sends their ids', async () => {
    const calls = api({
      'GET /api/content/files': {
        body: {
          files: [file(FILE_ID, 'price-list.pdf', false), file(CAMPAIGN_ID, 'brochure.pdf', true)],
          pagination: { page: 1, limit: 100, total: 2, hasNext: false, hasPrev: false },
          sessionCount: 0,
          historicalCount: 2,
          count: 2,
        },
      },
      'POST /api/campaigns': { status: 201, body: { data: detail({ attachedFiles: [FILE_ID] }) } },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: { body: { data: detail() } },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach Files' }));
    const picker = await screen.findByRole('dialog', { name: 'Attach files' });
    const pdf = await within(picker).findByRole('checkbox', { name: /price-list\.pdf/ });
    expect(within(picker).getByText('price-list.pdf').parentElement).toHaveTextContent('2.50 MB');
    await userEvent.click(pdf);
    await userEvent.click(within(picker).getByRole('button', { name: 'Attach 1 file' }));
    expect(screen.queryByRole('dialog', { name: 'Attach files' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Attached files' })).toHaveTextContent('price-list.pdf');
    expect(within(dialog).getByRole('region', { name: 'Summary' })).toHaveTextContent('1 file');

    await userEvent.type(within(dialog).getByLabelText(/Campaign Name/), 'With files');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Files inside');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /traders/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Campaign' }));
    await confirmSend('Send to 245 recipients now?');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/campaigns')?.body).toMatchObject({ attachedFiles: [FILE_ID] }),
    );
  });

  it('lists the history with opens and clicks for sent campaigns, the time for scheduled ones, and cancels a scheduled one once confirmed', async () => {
    const sent = detail({ status: 'sent', opens: 12, clicks: 3, sentAt: '2026-03-01T10:00:00.000Z', pending: 0 });
    const scheduled = detail({
      id: CAMPAIGN_ID.replace(/3/g, '5'),
      name: 'Autumn prices',
      status: 'scheduled',
      scheduledFor: '2030-09-01T08:00:00.000Z',
      recipients: 3,
    });
    let history = [sent, scheduled];
    const calls = api({
      'GET /api/campaigns': () => ({ body: { data: history } }),
      [`POST /api/campaigns/${scheduled.id}/cancel`]: () => {
        history = [sent, { ...scheduled, status: 'cancelled' }];
        return { body: { data: { ...scheduled, status: 'cancelled' } } };
      },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Campaigns' }));
    const list = await within(dialog).findByRole('list', { name: 'Campaign history' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('287 recipients · 12 opens · 3 clicks');
    // a scheduled campaign's recipients are whom its lists reach now (it counts them again when it starts)
    expect(second).toHaveTextContent(/3 recipients in its lists now · scheduled for .*2030/);
    expect(within(first!).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    // cancelling asks first, and keeping it sends nothing
    const cancel = within(second!).getByRole('button', { name: 'Cancel campaign: Autumn prices' });
    await userEvent.click(cancel);
    const confirm = await screen.findByRole('dialog', { name: 'Cancel “Autumn prices”?' });
    expect(confirm).toHaveTextContent('It will not be sent. This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep campaign' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    const cancels = () => calls.filter((c) => c.key === `POST /api/campaigns/${scheduled.id}/cancel`);
    expect(cancels()).toHaveLength(0);
    expect(within(list).queryByText('cancelled')).not.toBeInTheDocument();

    await userEvent.click(cancel);
    const again = await screen.findByRole('dialog', { name: 'Cancel “Autumn prices”?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel campaign' }));
    expect(await within(list).findByText('cancelled')).toBeInTheDocument();
    expect(cancels()).toHaveLength(1);
  });
});

describe('contacts: import', () => {
  it('streams pasted addresses with the chosen lists, shows the progress lines as they come, then imported, skipped and invalid', async () => {
    const encoder = new TextEncoder();
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const send = (line: object) => stream.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    const calls = api({
      'POST /api/contacts/import': {
        raw: {
          contentType: 'application/x-ndjson',
          body: new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) }),
        },
      },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'vip' }));
    const text = 'ada@example.com\nnot an address\nbob@example.com';
    await userEvent.type(within(dialog).getByLabelText('Import addresses'), text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Sending the addresses...')).toBeInTheDocument();

    send({ type: 'progress', phase: 'reading', lines: 3, bytes: text.length, valid: 2, invalid: 1, saved: 0 });
    const reading = await within(dialog).findByRole('progressbar', { name: 'Reading: 3 lines, 2 valid' });
    expect(reading).toHaveAttribute('aria-valuenow', '90');
    send({ type: 'progress', phase: 'saving', lines: 3, bytes: text.length, valid: 2, invalid: 1, saved: 1 });
    expect(await within(dialog).findByRole('progressbar', { name: 'Saving: 1 of 2' })).toHaveAttribute(
      'aria-valuenow',
      '95',
    );
    send({ type: 'done', data: { imported: 1, skipped: 1, invalid: 1 } });
    stream.close();
    expect(await within(dialog).findByText('Imported 1, skipped 1, invalid 1')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();

    const call = calls.find((c) => c.key === 'POST /api/contacts/import')!;
    expect(call.url.searchParams.get('lists')).toBe(LIST_B);
    expect(call.headers.accept).toBe('application/x-ndjson');
    expect(call.headers['content-type']).toBe('text/plain');
    expect(await (call.rawBody as Blob).text()).toBe(text);
    expect(within(dialog).getByLabelText('Import addresses')).toHaveValue('');
  });

  it('imports a chosen CSV file as text/csv', async () => {
    const csv = 'name,email\nAda,ada@example.com\nBob,bob@example.com\n';
    const calls = api({
      'POST /api/contacts/import': {
        raw: {
          contentType: 'application/x-ndjson',
          body: `${JSON.stringify({ type: 'done', data: { imported: 2, skipped: 0, invalid: 0 } })}\n`,
        },
      },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    await userEvent.upload(
      within(dialog).getByLabelText('Choose a CSV file'),
      new File([csv], 'contacts.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByLabelText('Import addresses')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Imported 2, skipped 0, invalid 0')).toBeInTheDocument();
    const call = calls.find((c) => c.key === 'POST /api/contacts/import')!;
    expect(call.headers['content-type']).toBe('text/csv');
    expect(call.url.searchParams.has('lists')).toBe(false);
    expect(await (call.rawBody as File).text()).toBe(csv);
  });

  it('says "No valid email addresses found" without a call when no line holds an @, and shows the server’s error line', async () => {
    const calls = api({
      'POST /api/contacts/import': {
        raw: {
          contentType: 'application/x-ndjson',
          body: `${JSON.stringify({ type: 'error', status: 400, error: CAMPAIGN_MESSAGES.noValidEmails, code: 'BAD_REQUEST' })}\n`,
        },
      },
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    const box = within(dialog).getByLabelText('Import addresses');
    await userEvent.type(box, 'nobody here\nstill nobody');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(CAMPAIGN_MESSAGES.noValidEmails)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/contacts/import')).toBe(false);

    await userEvent.clear(box);
    await userEvent.type(box, 'x@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(calls.some((c) => c.key === 'POST /api/contacts/import')).toBe(true));
    expect(await within(dialog).findByText(CAMPAIGN_MESSAGES.noValidEmails)).toBeInTheDocument();
  });

  it('creates a double-clicked list once, with no "already exists" under it', async () => {
    let answer: ((value: ApiAnswer) => void) | undefined;
    const created = { id: '44444444-4444-4444-8444-444444444444', name: 'partners', count: 0 };
    const calls = api({
      'POST /api/contact-lists': ({ body }) =>
        calls.filter((c) => c.key === 'POST /api/contact-lists').length > 1
          ? apiError(409, 'A contact list with this name already exists', { code: 'CONFLICT' })
          : new Promise<ApiAnswer>(
              (resolve) =>
                (answer = () => resolve({ status: 201, body: { data: { ...created, ...(body as object) } } })),
            ),
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    await userEvent.type(within(dialog).getByLabelText('New list'), 'partners');
    const create = within(dialog).getByRole('button', { name: 'Create List' });
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(answer).toBeDefined());
    answer!({});
    await waitFor(() => expect(within(dialog).getByLabelText('New list')).toHaveValue(''));
    expect(calls.filter((c) => c.key === 'POST /api/contact-lists')).toHaveLength(1);
    expect(within(dialog).queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('asks for an e-mail before adding a contact', async () => {
    const calls = api();
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText(CAMPAIGN_MESSAGES.contactEmailRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/contacts')).toBe(false);
  });

  it("shows a refused contact's message under its field, not the server's combined message", async () => {
    api({
      'POST /api/contacts': apiError(400, 'Invalid request: email: Please enter a valid email address', {
        code: 'VALIDATION_FAILED',
        details: [{ field: 'email', message: 'Please enter a valid email address' }],
      }),
    });
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    const form = within(dialog).getByRole('form', { name: 'Add a contact' });
    const email = within(form).getByLabelText(/^Email/);
    expect(email).toHaveAttribute('maxLength', String(EMAIL_MAX_LENGTH));
    await userEvent.type(email, 'ada@example');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Contact' }));
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(within(dialog).queryByText(/Invalid request/)).not.toBeInTheDocument();
  });
});

describe('contacts: lists and memberships', () => {
  const contact = {
    id: CAMPAIGN_ID,
    email: 'ada@example.com',
    name: 'Ada',
    lists: [LIST_A],
    status: 'active',
    createdAt: '2026-03-01T09:00:00.000Z',
  };
  const page = (data: object[]) => ({
    body: { data, pagination: { page: 1, limit: 50, total: data.length, hasNext: false, hasPrev: false } },
  });

  async function openContacts() {
    const dialog = await openManager();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    return within(dialog).findByRole('list', { name: 'Contact lists' });
  }

  it('renames a list with the keyboard, shows a taken name’s 409 in the dialog, and shows the new name', async () => {
    let current = lists;
    const calls = api({
      'GET /api/contact-lists': () => ({ body: { data: current } }),
      [`PATCH /api/contact-lists/${LIST_A}`]: ({ body }) => {
        const { name } = body as { name: string };
        if (name === 'vip') return apiError(409, CAMPAIGN_MESSAGES.listNameTaken, { code: 'CONFLICT' });
        current = [{ ...lists[0]!, name }, lists[1]!];
        return { body: { data: current[0] } };
      },
    });
    const shown = await openContacts();
    within(shown).getByRole('button', { name: 'Rename traders' }).focus();
    await userEvent.keyboard('{Enter}');
    const rename = await screen.findByRole('dialog', { name: 'Rename “traders”' });
    const field = within(rename).getByLabelText('List name');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxLength', String(CAMPAIGN_LIMITS.listNameMax));
    await userEvent.clear(field);
    await userEvent.type(field, 'vip{Enter}');
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription(CAMPAIGN_MESSAGES.listNameTaken));

    await userEvent.clear(field);
    await userEvent.type(field, 'exporters{Enter}');
    await waitFor(() => expect(rename).not.toBeInTheDocument());
    expect(await within(shown).findByText('exporters')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Rename exporters' })).toHaveFocus();
    const patches = calls.filter((c) => c.key === `PATCH /api/contact-lists/${LIST_A}`);
    expect(patches.map((c) => c.body)).toEqual([{ name: 'vip' }, { name: 'exporters' }]);
  });

  it('deletes a list only once confirmed, saying its contacts stay, and shows a 404 in the confirmation', async () => {
    let current = lists;
    let gone = false;
    let history = [detail({ status: 'scheduled', selectedLists: [LIST_A, LIST_B] })];
    const calls = api({
      'GET /api/contact-lists': () => ({ body: { data: current } }),
      'GET /api/campaigns': () => ({ body: { data: history } }),
      [`DELETE /api/contact-lists/${LIST_B}`]: () => {
        if (gone) return apiError(404, CAMPAIGN_MESSAGES.listNotFound, { code: 'NOT_FOUND' });
        current = [lists[0]!];
        return { status: 204 };
      },
      [`DELETE /api/contact-lists/${LIST_A}`]: () => {
        gone = true;
        return apiError(404, CAMPAIGN_MESSAGES.listNotFound, { code: 'NOT_FOUND' });
      },
    });
    // the history was seen before the list goes
    const manager = await openManager();
    await userEvent.click(within(manager).getByRole('tab', { name: 'Campaigns' }));
    await within(manager).findByRole('list', { name: 'Campaign history' });
    expect(within(manager).queryByText('List deleted')).not.toBeInTheDocument();
    await userEvent.click(within(manager).getByRole('tab', { name: 'Contacts' }));
    const shown = await within(manager).findByRole('list', { name: 'Contact lists' });
    await userEvent.click(within(shown).getByRole('button', { name: 'Delete vip' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “vip”?' });
    expect(confirm).toHaveTextContent('its 42 contacts stay in your contacts');
    expect(confirm).toHaveTextContent(
      'A draft or scheduled campaign to this list is marked “List deleted” and is not sent until you pick another list for it.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep list' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    const deletes = () => calls.filter((c) => c.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await userEvent.click(within(shown).getByRole('button', { name: 'Delete vip' }));
    const again = await screen.findByRole('dialog', { name: 'Delete “vip”?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete list' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(again).not.toBeInTheDocument());
    await waitFor(() => expect(within(shown).queryByText('vip')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(1);

    // the campaigns to it are fetched again: the history says "List deleted"
    history = [detail({ status: 'scheduled', selectedLists: [LIST_A, LIST_B], deletedLists: [LIST_B] })];
    await userEvent.click(screen.getByRole('tab', { name: 'Campaigns' }));
    expect(await screen.findByText('List deleted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));

    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Contact lists' })).getByRole('button', {
        name: 'Delete traders',
      }),
    );
    const failing = await screen.findByRole('dialog', { name: 'Delete “traders”?' });
    await userEvent.click(within(failing).getByRole('button', { name: 'Delete list' }));
    expect(await within(failing).findByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.listNotFound);
  });

  it('adds a contact already in the address book to another list without importing it again', async () => {
    let current = lists;
    let contacts = [contact];
    const calls = api({
      'GET /api/contact-lists': () => ({ body: { data: current } }),
      'GET /api/contacts': () => page(contacts),
      'POST /api/contact-lists/members': () => {
        contacts = [{ ...contact, lists: [LIST_A, LIST_B] }];
        current = [lists[0]!, { ...lists[1]!, count: 43 }];
        return { body: { data: contacts } };
      },
    });
    const shown = await openContacts();
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lists of ada@example.com' }));
    const picker = await screen.findByRole('dialog', { name: 'Lists of ada@example.com' });
    expect(within(picker).getByRole('checkbox', { name: 'traders (in it)' })).toBeDisabled();
    const add = within(picker).getByRole('button', { name: 'Add to lists' });
    expect(add).toBeDisabled();
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'vip' }));
    await userEvent.click(add);
    await waitFor(() => expect(picker).not.toBeInTheDocument());
    expect(calls.find((c) => c.key === 'POST /api/contact-lists/members')?.body).toEqual({
      contacts: [contact.id],
      lists: [LIST_B],
    });
    expect(calls.some((c) => c.key === 'POST /api/contacts')).toBe(false);
    expect(await within(shown).findByText('43')).toBeInTheDocument();
  });

  it('says which list was deleted meanwhile when adding to lists, adds nothing, and refreshes the lists', async () => {
    const LIST_C = '44444444-4444-4444-8444-444444444444';
    let current = [...lists, { id: LIST_C, name: 'fairs', count: 7 }];
    const calls = api({
      'GET /api/contact-lists': () => ({ body: { data: current } }),
      'GET /api/contacts': () => page([contact]),
      // another tab deleted vip: the server names it by its place in the request
      'POST /api/contact-lists/members': () => {
        current = current.filter((l) => l.id !== LIST_B);
        return apiError(404, CAMPAIGN_MESSAGES.listNotFound, {
          code: 'NOT_FOUND',
          details: [{ field: 'lists.0', message: CAMPAIGN_MESSAGES.listNotFound }],
        });
      },
    });
    const shown = await openContacts();
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lists of ada@example.com' }));
    const picker = await screen.findByRole('dialog', { name: 'Lists of ada@example.com' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'vip' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'fairs' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Add to lists' }));

    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      'Nothing was added: the list “vip” has been deleted.',
    );
    // the lists are fetched again: vip is gone from the picker and from the lists; fairs stays ticked
    await waitFor(() => expect(within(picker).queryByRole('checkbox', { name: 'vip' })).not.toBeInTheDocument());
    expect(within(shown).queryByText('vip')).not.toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'fairs' })).toBeChecked();
    expect(calls.find((c) => c.key === 'POST /api/contact-lists/members')?.body).toEqual({
      contacts: [contact.id],
      lists: [LIST_B, LIST_C],
    });
  });

  it('says the contact was deleted meanwhile instead of adding it again, keeping the dialog open', async () => {
    let contacts = [contact];
    api({
      'GET /api/contacts': () => page(contacts),
      'POST /api/contact-lists/members': () => {
        contacts = [];
        return apiError(404, CAMPAIGN_MESSAGES.contactNotFound, {
          code: 'NOT_FOUND',
          details: [{ field: 'contacts.0', message: CAMPAIGN_MESSAGES.contactNotFound }],
        });
      },
    });
    await openContacts();
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lists of ada@example.com' }));
    const picker = await screen.findByRole('dialog', { name: 'Lists of ada@example.com' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'vip' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Add to lists' }));

    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      'Nothing was added: ada@example.com has been deleted.',
    );
    expect(picker).toHaveAccessibleDescription('It is no longer in your contacts.');
    await waitFor(() =>
      expect(within(dialog).getByText('No contacts yet. Add one or import a list above.')).toBeInTheDocument(),
    );
    expect(within(picker).queryByRole('button', { name: 'Add to lists' })).not.toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(picker).not.toBeInTheDocument());
  });

  it('takes a contact out of a list with the keyboard, refreshing the counts, and shows a 404 in place', async () => {
    let current = lists;
    let contacts = [{ ...contact, lists: [LIST_A, LIST_B] }];
    const calls = api({
      'GET /api/contact-lists': () => ({ body: { data: current } }),
      'GET /api/contacts': () => page(contacts),
      [`DELETE /api/contact-lists/${LIST_A}/contacts/${contact.id}`]: () => {
        contacts = [{ ...contact, lists: [LIST_B] }];
        current = [{ ...lists[0]!, count: 244 }, lists[1]!];
        return { status: 204 };
      },
      // taken out elsewhere meanwhile: the server says so, naming both
      [`DELETE /api/contact-lists/${LIST_B}/contacts/${contact.id}`]: () => {
        contacts = [{ ...contact, lists: [] }];
        return apiError(404, CAMPAIGN_MESSAGES.contactNotInList('ada@example.com', 'vip'), { code: 'NOT_FOUND' });
      },
    });
    const shown = await openContacts();
    expect(within(shown).getByText('245')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Email Campaign Manager' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lists of ada@example.com' }));
    const picker = await screen.findByRole('dialog', { name: 'Lists of ada@example.com' });
    expect(picker).toHaveAccessibleDescription('It is in every list. Remove takes it out of one.');

    within(picker).getByRole('button', { name: 'Remove ada@example.com from traders' }).focus();
    await userEvent.keyboard('{Enter}');
    const traders = await within(picker).findByRole('checkbox', { name: 'traders' });
    expect(traders).not.toBeChecked();
    await waitFor(() => expect(traders).toHaveFocus());
    expect(within(picker).queryByRole('button', { name: /from traders/ })).not.toBeInTheDocument();
    expect(await within(shown).findByText('244')).toBeInTheDocument();

    await userEvent.click(within(picker).getByRole('button', { name: 'Remove ada@example.com from vip' }));
    expect(await within(picker).findByRole('alert')).toHaveTextContent('ada@example.com is not in the list “vip”');
    // the refreshed contact is in no list now: vip is a list to add it to again
    const vip = await within(picker).findByRole('checkbox', { name: 'vip' });
    expect(vip).toBeEnabled();
    await waitFor(() => expect(vip).toHaveFocus());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.key)).toEqual([
      `DELETE /api/contact-lists/${LIST_A}/contacts/${contact.id}`,
      `DELETE /api/contact-lists/${LIST_B}/contacts/${contact.id}`,
    ]);
  });
});
