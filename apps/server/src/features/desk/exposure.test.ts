import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyResponseSchema, proposalResponseSchema, type InvoiceInput } from '@tp/shared';
import { errorFields } from '../../test/kit';
import { Exact, type Amount } from '../trading/money';
import { deskContext } from './desk-context';
import { forwardRate } from './desk-math';
import { bookForward, createInvoice, deskSuite, hamburgInvoice, readExposure } from './desk-test-kit';
import { rateTerms, spotAt } from './market-rates';

describe('desk: the hedge view, policy and proposal', () => {
  const t = deskSuite();

  it('shows an empty ladder for a new user', async () => {
    const exposure = await readExposure(t.ada);
    expect(exposure).toMatchObject({ homeCurrency: 'USD', today: '2026-11-27', currencies: [], monthly: [], next: [] });
    expect(exposure.totals.netHome).toBe('0.00');
  });

  it('ladders receivables, payables and forwards by bucket with ratios against the policy', async () => {
    await createInvoice(t.ada, hamburgInvoice({ amount: '100000.00', dueDate: '2027-01-15' }));
    await createInvoice(
      t.ada,
      hamburgInvoice({ reference: 'PO-1', direction: 'payable', amount: '20000.00', dueDate: '2027-02-01' }),
    );
    await createInvoice(t.ada, hamburgInvoice({ reference: 'INV-9', amount: '50000.00', dueDate: '2027-07-01' }));
    await createInvoice(
      t.ada,
      hamburgInvoice({ reference: 'OLD', amount: '1000.00', issueDate: '2026-09-01', dueDate: '2026-10-01' }),
    );
    await bookForward(t.ada, { currency: 'EUR', side: 'sell', amount: '40000.00', maturityDate: '2027-01-15' });
    await bookForward(t.ada, { currency: 'EUR', side: 'sell', amount: '60000.00', maturityDate: '2027-04-15' });
    const exposure = await readExposure(t.ada);
    const eur = exposure.currencies.find((c) => c.currency === 'EUR')!;
    expect(eur.buckets).toEqual([
      expect.objectContaining({
        bucket: '0-3',
        receivable: '101000.00',
        payable: '20000.00',
        net: '81000.00',
        hedged: '40000.00',
        hedgeRatio: '0.4938',
        targetRatio: '0.8',
      }),
      expect.objectContaining({
        bucket: '3-6',
        receivable: '0.00',
        net: '0.00',
        hedged: '60000.00',
        hedgeRatio: null,
        targetRatio: '0.5',
      }),
      expect.objectContaining({
        bucket: '6-12',
        receivable: '50000.00',
        net: '50000.00',
        hedged: '0.00',
        hedgeRatio: '0',
        targetRatio: '0.2',
      }),
      expect.objectContaining({ bucket: '12-24', net: '0.00', targetRatio: '0' }),
    ]);
    expect(eur.blendedSellRate).not.toBeNull();
    expect(eur.scenarios.map((s) => s.shock)).toEqual(['-0.10', '-0.05', '0.05', '0.10']);
    // the overdue invoice counts this month and is what falls due first
    expect(exposure.next[0]).toMatchObject({
      kind: 'invoice',
      date: '2026-10-01',
      label: 'OLD · Rösterei Hamburg GmbH',
    });
    expect(exposure.monthly[0]).toMatchObject({ month: '2026-11', currency: 'EUR', net: '1000.00' });
  });

  it('values scenarios: hedged moves less than unhedged, by the forwards’ delta', async () => {
    await createInvoice(t.ada, hamburgInvoice({ amount: '97450.00', dueDate: '2027-02-25' }));
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '97450.00',
      maturityDate: '2027-02-25',
    });
    const exposure = await readExposure(t.ada);
    const eur = exposure.currencies[0]!;
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    const current = forwardRate(spot, 90, rateTerms(context, 'EUR'));
    const delta = current.mul('97450').div(new Exact(1).plus(new Exact('0.0375').mul(90).div(360)));
    const down = eur.scenarios[0]!;
    expect(down.unhedged).toBe(spot.mul('97450').mul('-0.10').toDecimalPlaces(2).toFixed(2));
    expect(down.hedged).toBe(spot.mul('97450').mul('-0.10').minus(delta.mul('-0.10')).toDecimalPlaces(2).toFixed(2));
    expect(Math.abs(Number(down.hedged))).toBeLessThan(Math.abs(Number(down.unhedged)) / 10);
    expect(eur.forwardsMarkToMarket).toBe('0.00');
    expect(eur.blendedSellRate).toBe(forward.forwardRate);
  });

  it('property: the ladder’s sums equal the open invoices and the live forwards', async () => {
    const invoiceArb = fc.record({
      direction: fc.constantFrom<'receivable' | 'payable'>('receivable', 'payable'),
      currency: fc.constantFrom<'EUR' | 'GBP' | 'JPY'>('EUR', 'GBP', 'JPY'),
      units: fc.integer({ min: 1, max: 5_000_000 }),
      dueInDays: fc.integer({ min: -30, max: 900 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 900_000 }),
        async (invoices, forwardUnits) => {
          const client = await (await import('../../test/kit')).signedInClient(t.app);
          const expected = new Map<string, Amount>();
          for (const [index, invoice] of invoices.entries()) {
            const amount = invoice.currency === 'JPY' ? String(invoice.units) : (invoice.units / 100).toFixed(2);
            const due = new Date(Date.parse('2026-11-27T00:00:00Z') + invoice.dueInDays * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const issue = due < '2026-11-27' ? due : '2026-11-27';
            const input: InvoiceInput = {
              ...hamburgInvoice(),
              reference: `R${index}`,
              direction: invoice.direction,
              currency: invoice.currency,
              amount,
              issueDate: issue,
              dueDate: due,
            };
            await createInvoice(client, input);
            const sign = invoice.direction === 'receivable' ? 1 : -1;
            expected.set(
              invoice.currency,
              (expected.get(invoice.currency) ?? new Exact(0)).plus(new Exact(amount).mul(sign)),
            );
          }
          await bookForward(client, {
            currency: 'GBP',
            side: 'buy',
            amount: String(forwardUnits),
            maturityDate: '2027-03-01',
          });
          const exposure = await readExposure(client);
          for (const currency of exposure.currencies) {
            const net = currency.buckets.reduce((sum, bucket) => sum.plus(bucket.net), new Exact(0));
            expect(net.equals(expected.get(currency.currency) ?? 0), currency.currency).toBe(true);
            const hedged = currency.buckets.reduce((sum, bucket) => sum.plus(bucket.hedged), new Exact(0));
            expect(hedged.equals(currency.currency === 'GBP' ? -forwardUnits : 0)).toBe(true);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('keeps the default policy until saved, then the user’s; refuses bad ratios naming them', async () => {
    const initial = policyResponseSchema.parse((await t.ada.get('/api/desk/policy')).json()).data;
    expect(initial).toMatchObject({
      targetRatios: { '0-3': '0.8', '3-6': '0.5', '6-12': '0.2', '12-24': '0' },
      alerts: { invoiceDue: true, forwardMaturity: true, budgetRate: true },
      updatedAt: null,
    });
    const body = {
      targetRatios: { '0-3': '1', '3-6': 0.6, '6-12': '0.25', '12-24': '0' },
      budgetRates: { EUR: '1.0700' },
      alerts: { invoiceDue: true, forwardMaturity: false, budgetRate: true },
    };
    const saved = await t.ada.put('/api/desk/policy', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ targetRatios: { '3-6': '0.6' }, budgetRates: { EUR: '1.07' } });
    const bad = await t.ada.put('/api/desk/policy', { ...body, targetRatios: { ...body.targetRatios, '0-3': '1.5' } });
    expect(errorFields(bad.json())).toEqual(['targetRatios.0-3']);
    const zero = await t.ada.put('/api/desk/policy', { ...body, budgetRates: { EUR: '0' } });
    expect(errorFields(zero.json())).toEqual(['budgetRates.EUR']);
    expect(policyResponseSchema.parse((await t.bob.get('/api/desk/policy')).json()).data.updatedAt).toBeNull();
  });

  it('proposes the forwards that bring each bucket to its target, allocated by due date, and writes nothing', async () => {
    const first = await createInvoice(
      t.ada,
      hamburgInvoice({ reference: 'A', amount: '60000.00', dueDate: '2027-01-10' }),
    );
    const second = await createInvoice(
      t.ada,
      hamburgInvoice({ reference: 'B', amount: '40000.00', dueDate: '2027-02-10' }),
    );
    await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '30000.00',
      maturityDate: '2027-01-10',
      allocations: [{ invoiceId: first.id, amount: '30000.00' }],
    });
    const res = await t.ada.post('/api/desk/policy/proposal');
    expect(res.statusCode, res.body).toBe(200);
    const { forwards } = proposalResponseSchema.parse(res.json()).data;
    // target 80 % of 100,000 = 80,000; 30,000 hedged: 50,000 to sell, maturing with the last invoice
    expect(forwards).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        bucket: '0-3',
        side: 'sell',
        amount: '50000.00',
        maturityDate: '2027-02-10',
        allocations: [
          { invoiceId: first.id, invoiceReference: 'A', amount: '30000.00' },
          { invoiceId: second.id, invoiceReference: 'B', amount: '20000.00' },
        ],
      }),
    ]);
    const { forwardRate: rate, homeAmount } = forwards[0]!;
    expect(homeAmount).toBe(new Exact(rate).mul(50000).toDecimalPlaces(2).toFixed(2));
    // booking the proposal as it stands brings the bucket to target
    await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '50000.00',
      maturityDate: '2027-02-10',
      allocations: forwards[0]!.allocations.map(({ invoiceId, amount }) => ({ invoiceId, amount })),
    });
    const after = await readExposure(t.ada);
    expect(after.currencies[0]!.buckets[0]).toMatchObject({ hedgeRatio: '0.8' });
    expect(proposalResponseSchema.parse((await t.ada.post('/api/desk/policy/proposal')).json()).data.forwards).toEqual(
      [],
    );
  });

  it('exports invoices as Excel-friendly CSV, only the owner’s', async () => {
    await createInvoice(t.ada, hamburgInvoice({ counterparty: '=cmd|calc', goods: 'Café, “AA” grade' }));
    const res = await t.ada.get('/api/desk/export/invoices.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="desk-invoices.csv"');
    const [header, row] = res.body.split('\r\n');
    expect(header!.startsWith('\uFEFFreference,counterparty,direction,currency,amount')).toBe(true);
    expect(row).toContain(
      `INV-2026-0142,'=cmd|calc,receivable,EUR,97450.00,0.00,97450.00,2026-11-20,2027-02-18,FOB,"Café, “AA” grade",open,USD,`,
    );
    expect((await t.bob.get('/api/desk/export/invoices.csv')).body.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await t.ada.get('/api/desk/export/ledger.csv')).statusCode).toBe(400);
  });
});
