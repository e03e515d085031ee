import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  buildCompleteUser,
  buildCurrencyExposure,
  buildExposure,
  deskAnswer,
  buildInvoice,
  deskRoutes,
  expectNoneAskedAgain,
  hamburgExposure,
  mockApi,
  renderApp,
  signedInAs,
  withFirstReads,
} from '@/testing';
import DeskPage from './desk-page';
import { firstReads } from './reads';

const user = buildCompleteUser();
const renderDesk = () => renderApp(<DeskPage />, { path: '/desk' });

/** The cells of each body row of a currency's ladder, as text. */
function ladderRows(currency: string): string[][] {
  const ladder = screen.getByRole('table', { name: new RegExp(`^${currency} `) });
  return within(ladder)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent!.replace(/\u00a0/g, ' ')),
    );
}

describe('desk: first reads', () => {
  it('opens on the reads asked for as its route matched, and asks for none of them again', async () => {
    const invoice = buildInvoice({ reference: 'KCT-1041' });
    const calls = mockApi({ ...signedInAs(user), ...deskRoutes({ exposure: hamburgExposure(), invoices: [invoice] }) });
    const { queryClient, firstReads: asked } = await withFirstReads(firstReads(), calls);
    expect(asked).toEqual([
      '/api/desk/exposure',
      '/api/desk/invoices?page=1&limit=20',
      '/api/desk/forwards',
      '/api/desk/policy',
    ]);
    renderApp(<DeskPage />, { path: '/desk', queryClient });
    expect(await screen.findByRole('region', { name: 'Exposure ladder' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Invoices' })).findByText(/KCT-1041/)).toBeInTheDocument();
    expectNoneAskedAgain(calls, asked);
  });
});

describe('desk: first visit', () => {
  it('shows an empty desk honestly: zero totals, no charts, and both ways to enter the first invoice', async () => {
    mockApi({ ...signedInAs(user), ...deskRoutes() });
    renderDesk();
    expect(await screen.findByText('Loading your desk')).toBeInTheDocument();
    const ladder = await screen.findByRole('region', { name: 'Exposure ladder' });
    expect(ladder).toHaveTextContent(
      'Enter what your buyers owe you, in their currency, and see what it is worth in yours.',
    );
    expect(within(ladder).getByRole('button', { name: 'New invoice' })).toBeInTheDocument();
    expect(within(ladder).getByRole('button', { name: 'Capture from a file' })).toBeInTheDocument();
    const position = screen.getByRole('region', { name: 'Your position' });
    expect(within(position).getByText('Net exposure').nextSibling).toHaveTextContent('USD 0.00');
    expect(position).toHaveTextContent('Home currency USD');
    // nothing to chart yet: the charts wait for the first invoice
    expect(screen.queryByRole('region', { name: 'Net exposure by month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'If the currencies move' })).not.toBeInTheDocument();
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText(/^No invoices yet/)).toBeInTheDocument();
    const forwards = screen.getByRole('region', { name: 'Forwards' });
    expect(await within(forwards).findByText(/A forward fixes today the rate/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Falls due next' })).toHaveTextContent(
      'Nothing falls due: no open invoice or live forward.',
    );

    await userEvent.click(within(ladder).getByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    expect(within(dialog).getByLabelText(/^Issue date/)).toHaveValue('2026-11-27');
  });

  it('says when the desk cannot be read, and reads it again on Retry', async () => {
    let failing = true;
    mockApi({
      ...signedInAs(user),
      ...deskRoutes(
        {},
        {
          'GET /api/desk/exposure': () =>
            failing
              ? apiError(503, 'The desk is unavailable right now.')
              : { body: { data: buildExposure(), timestamp: '2026-11-27T15:00:00.000Z' } },
        },
      ),
    });
    renderDesk();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The desk is unavailable right now.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('region', { name: 'Exposure ladder' })).toBeInTheDocument();
  });
});

/** A EUR ladder with a period at, above and below its target, and one with nothing net. */
const eur = buildCurrencyExposure({
  budgetRate: '1.1',
  blendedSellRate: '1.089723259',
  forwardsMarkToMarket: '1608.86',
  buckets: [
    {
      bucket: '0-3',
      receivable: '97450.00',
      payable: '10000.00',
      net: '87450.00',
      hedged: '77960.00',
      hedgeRatio: '0.8915',
      targetRatio: '0.8',
      netHome: '93571.50',
    },
    {
      bucket: '3-6',
      receivable: '20000.00',
      payable: '0.00',
      net: '20000.00',
      hedged: '25000.00',
      hedgeRatio: '1.25',
      targetRatio: '0.5',
      netHome: '21400.00',
    },
    {
      bucket: '6-12',
      receivable: '0.00',
      payable: '50000.00',
      net: '-50000.00',
      hedged: '0.00',
      hedgeRatio: '0',
      targetRatio: '0.2',
      netHome: '-53500.00',
    },
    {
      bucket: '12-24',
      receivable: '0.00',
      payable: '0.00',
      net: '0.00',
      hedged: '0.00',
      hedgeRatio: null,
      targetRatio: '0',
      netHome: '0.00',
    },
  ],
});

describe('desk: loading', () => {
  // a short skeleton let the footer show on a phone, then jump away when the desk arrived
  it("holds a screen's height while the desk loads, and lets go once it is there", async () => {
    let answer: (value: ReturnType<typeof buildExposure>) => void = () => undefined;
    const exposure = new Promise<ReturnType<typeof buildExposure>>((resolve) => (answer = resolve));
    mockApi({
      ...signedInAs(user),
      ...deskRoutes(),
      'GET /api/desk/exposure': async () => deskAnswer(await exposure),
    });
    renderDesk();
    const loading = await screen.findByText('Loading your desk');
    expect(loading.closest('.min-h-dvh')).not.toBeNull();
    answer(buildExposure());
    const ladder = await screen.findByRole('region', { name: 'Exposure ladder' });
    expect(ladder.closest('.min-h-dvh')).toBeNull();
  });
});

describe('desk: the exposure ladder', () => {
  it('shows each period’s figures as the server gave them, the ratio against its target in words', async () => {
    mockApi({ ...signedInAs(user), ...deskRoutes({ exposure: hamburgExposure({ currencies: [eur] }) }) });
    renderDesk();
    const section = await screen.findByRole('region', { name: 'EUR · Euro' });
    expect(ladderRows('EUR')).toEqual([
      [
        '0–3 months',
        'USD 93,571.50',
        'EUR 97,450.00',
        'EUR 10,000.00',
        'EUR 87,450.00',
        'EUR 77,960.00',
        '89.2 %At targettarget 80 %',
      ],
      [
        '3–6 months',
        'USD 21,400.00',
        'EUR 20,000.00',
        'EUR 0.00',
        'EUR 20,000.00',
        'EUR 25,000.00',
        '125 %Over-hedgedtarget 50 %',
      ],
      [
        '6–12 months',
        'USD −53,500.00',
        'EUR 0.00',
        'EUR 50,000.00',
        'EUR −50,000.00',
        'EUR 0.00',
        '0 %Below targettarget 20 %',
      ],
      ['12–24 months', 'Nothing open or hedged · target 0 %'],
    ]);
    expect(screen.getByTestId('ratio-3-6')).toHaveAttribute('data-state', 'over');
    // the rates beside the ladder: spot against the budget, the forwards' blended rate, revaluation beside MTM
    const figures = Object.fromEntries(
      within(section)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling!.textContent!.replace(/\u00a0/g, ' ')]),
    );
    expect(figures).toEqual({
      'Spot (USD)': '1.07',
      'Budget rate': '1.1',
      'Blended sell rate': '1.089723259',
      'Blended buy rate': 'no forwards',
      Revaluation: 'USD −1,461.75',
      'Forwards MTM': 'USD +1,608.86',
    });
    expect(section).toHaveTextContent('Spot is below your budget rate.');
  });

  it('writes each scenario with its sign, unhedged beside hedged, and the monthly chart as a table', async () => {
    const scenarios = [
      { shock: '-0.10', unhedged: '-10427.15', hedged: '-34.64' },
      { shock: '-0.05', unhedged: '-5213.58', hedged: '-17.32' },
      { shock: '0.05', unhedged: '5213.58', hedged: '17.32' },
      { shock: '0.10', unhedged: '10427.15', hedged: '34.64' },
    ];
    const exposure = hamburgExposure({ currencies: [buildCurrencyExposure({ scenarios })] });
    exposure.totals.scenarios = scenarios;
    mockApi({ ...signedInAs(user), ...deskRoutes({ exposure }) });
    renderDesk();
    const moves = await screen.findByRole('list', { name: 'If the currencies move' });
    expect(
      within(moves)
        .getAllByRole('listitem')
        .map((item) => item.textContent!.replace(/\u00a0/g, ' ')),
    ).toEqual([
      'Spot move −10 %UnhedgedUSD −10,427.15HedgedUSD −34.64',
      'Spot move −5 %UnhedgedUSD −5,213.58HedgedUSD −17.32',
      'Spot move +5 %UnhedgedUSD +5,213.58HedgedUSD +17.32',
      'Spot move +10 %UnhedgedUSD +10,427.15HedgedUSD +34.64',
    ]);
    const monthly = screen.getByRole('region', { name: 'Net exposure by month' });
    await userEvent.click(within(monthly).getByText('Show as a table'));
    expect(within(monthly).getByRole('table')).toHaveTextContent(/Feb 2027EUREUR.97,450\.00USD.104,271\.50/);
  });
});
