// A user signed in the way a person is (a magic link from the dev mailbox, opened with "remember
// me"), with a completed profile and some of everything the signed-in pages show, all written
// through the app's HTTP API: filled and resting orders (so positions), uploaded files, contacts
// and desk invoices. For benches that look at those pages with data on them (bench/pages.ts).
import { IDEMPOTENCY_KEY_HEADER } from '@tp/shared';
import { randomUUID } from 'node:crypto';
import { makePdf } from '../../apps/server/src/test/pdf-files';
import type { HttpClient } from '../../apps/server/src/test/server-process';

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/** The answer's JSON; throws, naming the call, on an answer other than 2xx. */
async function ok<T>(call: string, answer: Promise<Response>): Promise<T> {
  const response = await answer;
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Asks for a link, reads it in the dev mailbox (loopback only), opens it remembered; completes the profile. */
export async function signUpThroughMailbox(http: HttpClient, email: string, name: string): Promise<SessionTokens> {
  await ok(
    'POST /api/auth/magic-link',
    http('/api/auth/magic-link', { json: { email, name, mode: 'signup', rememberMe: true } }),
  );
  const to = encodeURIComponent(email);
  let id: string | undefined;
  for (let attempt = 0; !id; attempt += 1) {
    if (attempt === 100) throw new Error(`no sign-in message to ${email} in the dev mailbox`);
    const list = await ok<{ messages: { id: string }[] }>('GET /api/dev/mailbox', http(`/api/dev/mailbox?to=${to}`));
    id = list.messages[0]?.id;
    // the outbox is written by a job: wait for it, not for a fixed time
    if (!id) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const message = await ok<{ text: string }>('GET /api/dev/mailbox/:id', http(`/api/dev/mailbox/${id}`));
  const token = /\/login\?token=([A-Za-z0-9_%-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${message.text}`);
  const session = await ok<SessionTokens>(
    'POST /api/auth/verify',
    http('/api/auth/verify', { json: { token: decodeURIComponent(token), rememberMe: true } }),
  );
  await ok(
    'PUT /api/auth/me',
    http('/api/auth/me', {
      method: 'PUT',
      token: session.token,
      json: { name, phone: '+254 20 555 0100', company: 'Kilimani Coffee Traders', position: 'Director' },
    }),
  );
  return { token: session.token, refreshToken: session.refreshToken };
}

/** A new pair for the session (the refresh token rotates), as the web client gets one. */
export const refreshSession = (http: HttpClient, refreshToken: string) =>
  ok<SessionTokens>('POST /api/auth/refresh', http('/api/auth/refresh', { json: { refreshToken } }));

const DAY_MS = 86_400_000;
const dayAfter = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const ORDERS = [
  { symbol: 'AAPL', side: 'buy', quantity: '12', type: 'market' },
  { symbol: 'MSFT', side: 'buy', quantity: '6', type: 'market' },
  { symbol: 'COFFEE', side: 'buy', quantity: '0.2', type: 'market' },
  { symbol: 'EURUSD', side: 'buy', quantity: '0.1', type: 'market' },
  { symbol: 'AAPL', side: 'sell', quantity: '4', type: 'market' },
  { symbol: 'GOOGL', side: 'buy', quantity: '3', type: 'limit', price: '1.00' },
];

const FILES = [
  { name: 'packing-list-mombasa.pdf', lines: ['Packing list: 320 bags of green coffee, 60 kg each', 'Port: Mombasa'] },
  { name: 'certificate-of-origin.pdf', lines: ['Certificate of origin', 'Arabica AA, Kiambu county, Kenya'] },
  { name: 'bill-of-lading-hamburg.pdf', lines: ['Bill of lading', 'Mombasa to Hamburg, 2 x 20 ft containers'] },
  { name: 'quality-report-lot-14.pdf', lines: ['Quality report, lot 14', 'Screen 18, moisture 10.5 %'] },
];

const CONTACTS = [
  { email: 'anna@roesterei-hamburg.example', name: 'Anna Becker' },
  { email: 'buying@nordic-roast.example', name: 'Nordic Roast' },
  { email: 'ops@gujarat-cotton.example', name: 'Gujarat Cotton Mill' },
  { email: 'imports@osaka-beans.example', name: 'Osaka Beans' },
  { email: 'trade@lyon-cafe.example', name: 'Lyon Café' },
];

const INVOICES = [
  {
    counterparty: 'Rösterei Hamburg GmbH',
    reference: 'KCT-1041',
    direction: 'receivable',
    currency: 'EUR',
    amount: '18400.00',
    due: 45,
  },
  {
    counterparty: 'Nordic Roast AB',
    reference: 'KCT-1042',
    direction: 'receivable',
    currency: 'EUR',
    amount: '9250.00',
    due: 75,
  },
  {
    counterparty: 'Osaka Beans KK',
    reference: 'KCT-1043',
    direction: 'receivable',
    currency: 'GBP',
    amount: '6100.00',
    due: 30,
  },
  {
    counterparty: 'Maersk Line',
    reference: 'ML-88231',
    direction: 'payable',
    currency: 'EUR',
    amount: '3150.00',
    due: 20,
  },
];

/**
 * Writes the user's data through the API: orders (four filled positions, one partial sale, one
 * resting limit order), four uploaded PDFs, five contacts and four desk invoices.
 */
export async function seedSignedInData(http: HttpClient, token: string): Promise<void> {
  for (const order of ORDERS) {
    const placed = await ok<{ data: { status: string } }>(
      `POST /api/trades ${order.symbol}`,
      http('/api/trades', { token, json: order, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } }),
    );
    if (placed.data.status === 'rejected') throw new Error(`${order.symbol} refused: ${JSON.stringify(placed.data)}`);
  }
  for (const file of FILES) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePdf(file.lines))], { type: 'application/pdf' }), file.name);
    form.append('description', file.lines[0]!);
    await ok(
      `POST /api/content/upload ${file.name}`,
      http('/api/content/upload', { method: 'POST', token, body: form }),
    );
  }
  for (const contact of CONTACTS) {
    await ok(`POST /api/contacts ${contact.email}`, http('/api/contacts', { token, json: contact }));
  }
  for (const { due, ...invoice } of INVOICES) {
    await ok(
      `POST /api/desk/invoices ${invoice.reference}`,
      http('/api/desk/invoices', { token, json: { ...invoice, issueDate: dayAfter(-10), dueDate: dayAfter(due) } }),
    );
  }
}
