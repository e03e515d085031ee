import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deskCurrenciesResponseSchema, deskRateResponseSchema, paymentResponseSchema } from '@tp/shared';
import { errorFields } from '../../test/kit';
import { Exact } from '../trading/money';
import { deskContext } from './desk-context';
import { forwardRate } from './desk-math';
import { deskInvoices, deskPayments } from './desk.tables';
import { createInvoice, deskSuite, hamburgInvoice, readInvoice } from './desk-test-kit';
import { rateTerms, spotAt } from './market-rates';

describe('desk: currencies, rates and invoices', () => {
  const t = deskSuite();

  it('lists the fourteen currencies with rates, bases and spots in the home currency', async () => {
    const res = await t.ada.get('/api/desk/currencies');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = deskCurrenciesResponseSchema.parse(res.json());
    expect(data.homeCurrency).toBe('USD');
    expect(data.currencies.map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CHF',
      'CAD',
      'AUD',
      'CNY',
      'INR',
      'BRL',
      'MXN',
      'ZAR',
      'TRY',
      'VND',
    ]);
    const eur = data.currencies.find((c) => c.code === 'EUR')!;
    expect(eur).toMatchObject({ interestRate: '2.00', dayCountBasis: 360, minorUnits: 2 });
    const quote = await t.app.deps.market.quote('EURUSD');
    expect(eur.spot).toBe(new Exact(quote!.price).toFixed());
    expect(data.currencies.find((c) => c.code === 'USD')!.spot).toBe('1');
    expect(data.currencies.find((c) => c.code === 'VND')!.minorUnits).toBe(0);
  });

  it('prices a forward by covered interest parity from the spot of this second', async () => {
    const res = await t.ada.get('/api/desk/rates?currency=eur&maturity=2027-02-25');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = deskRateResponseSchema.parse(res.json());
    expect(data.days).toBe(90);
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    const expected = spot
      .mul(new Exact(1).plus(new Exact('0.0375').mul(90).div(360)))
      .div(new Exact(1).plus(new Exact('0.02').mul(90).div(360)));
    expect(data.forwardRate).toBe(expected.toSignificantDigits(10).toFixed());
    expect(data.forwardRate).toBe(forwardRate(spot, 90, rateTerms(context, 'EUR')).toFixed());
    expect(new Exact(data.forwardPoints).equals(new Exact(data.forwardRate).minus(data.spot))).toBe(true);
  });

  it('refuses maturities outside 2 days to 24 months and unknown currencies, naming the field', async () => {
    for (const [query, field] of [
      ['currency=EUR&maturity=2026-11-28', 'maturity'],
      ['currency=EUR&maturity=2028-11-28', 'maturity'],
      ['currency=KES&maturity=2027-01-28', 'currency'],
    ] as const) {
      const res = await t.ada.get(`/api/desk/rates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorFields(res.json())).toContain(field);
    }
  });

  it('books an invoice at the spot of its issue date and revalues it at today’s', async () => {
    const invoice = await createInvoice(t.ada);
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const issueClose = await spotAt(t.app.deps, 'EUR', 'USD', Date.parse('2026-11-20T23:59:59Z'));
    const today = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    expect(invoice).toMatchObject({
      status: 'open',
      amount: '97450.00',
      openAmount: '97450.00',
      paidAmount: '0.00',
      hedgedAmount: '0.00',
      homeCurrency: 'USD',
      bookedRate: issueClose.toFixed(),
      bookedHomeAmount: issueClose.mul('97450').toDecimalPlaces(2).toFixed(2),
      spot: today.toFixed(),
      incoterm: 'FOB',
    });
    expect(invoice.revaluation).toBe(today.minus(issueClose).mul('97450').toDecimalPlaces(2).toFixed(2));
  });

  it('refuses bad invoices with a 400 naming each field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'KES' }, 'currency'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '97450.001' }, 'amount'],
      [{ currency: 'JPY', amount: '1500000.5' }, 'amount'],
      [{ dueDate: '2026-11-19' }, 'dueDate'],
      [{ issueDate: '2026-11-28' }, 'issueDate'],
      [{ incoterm: 'FOO' }, 'incoterm'],
      [{ counterparty: ' ' }, 'counterparty'],
      [{ fileId: '00000000-0000-4000-8000-000000000000' }, 'fileId'],
    ];
    for (const [change, field] of cases) {
      const res = await t.ada.post('/api/desk/invoices', hamburgInvoice(change as never) as never);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorFields(res.json()), JSON.stringify(change)).toContain(field);
    }
    const [rows] = await t.app.deps.db.select({ value: count() }).from(deskInvoices);
    expect(rows!.value).toBe(0);
  });

  it('keeps invoices to their owner: another user’s id is a 404', async () => {
    const invoice = await createInvoice(t.ada);
    expect((await t.bob.get(`/api/desk/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await t.bob.patch(`/api/desk/invoices/${invoice.id}`, { notes: 'mine' })).statusCode).toBe(404);
    expect((await t.bob.delete(`/api/desk/invoices/${invoice.id}`)).statusCode).toBe(404);
    const pay = await t.bob.post(`/api/desk/invoices/${invoice.id}/payments`, { amount: '1', date: '2026-11-27' });
    expect(pay.statusCode).toBe(404);
    const list = await t.bob.get('/api/desk/invoices');
    expect(list.json().data.invoices).toEqual([]);
  });

  it('records payments at spot with exact realised gains; the last takes the rest of the booked amount', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ amount: '1000.00' }));
    const first = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, {
      amount: '333.33',
      date: '2026-11-25',
    });
    expect(first.statusCode, first.body).toBe(201);
    const { payment, invoice: after } = paymentResponseSchema.parse(first.json()).data;
    const rate = await spotAt(t.app.deps, 'EUR', 'USD', Date.parse('2026-11-25T23:59:59Z'));
    expect(payment.rate).toBe(rate.toFixed());
    expect(payment.homeAmount).toBe(rate.mul('333.33').toDecimalPlaces(2).toFixed(2));
    expect(payment.bookedHomeAmount).toBe(new Exact(invoice.bookedRate).mul('333.33').toDecimalPlaces(2).toFixed(2));
    expect(payment.realisedGainLoss).toBe(new Exact(payment.homeAmount).minus(payment.bookedHomeAmount).toFixed(2));
    expect(after).toMatchObject({ status: 'partly_paid', paidAmount: '333.33', openAmount: '666.67' });

    const over = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, {
      amount: '666.68',
      date: '2026-11-27',
    });
    expect(over.statusCode).toBe(400);
    expect(errorFields(over.json())).toEqual(['amount']);
    for (const [body, field] of [
      [{ amount: '1', date: '2026-11-28' }, 'date'],
      [{ amount: '1', date: '2026-11-19' }, 'date'],
      [{ amount: '1.001', date: '2026-11-27' }, 'amount'],
      [{ amount: '1', date: '2026-11-27', method: 'forward' }, 'forwardId'],
    ] as const) {
      const res = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorFields(res.json())).toContain(field);
    }

    const last = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, {
      amount: '666.67',
      date: '2026-11-27',
    });
    expect(last.statusCode, last.body).toBe(201);
    const final = await readInvoice(t.ada, invoice.id);
    expect(final).toMatchObject({ status: 'paid', openAmount: '0.00', revaluation: '0.00' });
    const payments = await t.app.deps.db.select().from(deskPayments).where(eq(deskPayments.invoiceId, invoice.id));
    const bookedSum = payments.reduce((sum, p) => sum.plus(p.bookedHomeAmount), new Exact(0));
    expect(bookedSum.toFixed(2)).toBe(final.bookedHomeAmount);
    const realisedSum = payments.reduce((sum, p) => sum.plus(p.realisedGainLoss), new Exact(0));
    expect(realisedSum.toFixed(2)).toBe(final.realisedGainLoss);
    const conflict = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, { amount: '1', date: '2026-11-27' });
    expect(conflict.statusCode).toBe(409);
  });

  it('counts a payable’s payment at a higher rate as a loss', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ direction: 'payable', amount: '500.00' }));
    const res = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, { amount: '500.00', date: '2026-11-27' });
    const { payment } = paymentResponseSchema.parse(res.json()).data;
    expect(payment.realisedGainLoss).toBe(new Exact(payment.bookedHomeAmount).minus(payment.homeAmount).toFixed(2));
  });

  it('cancels and edits invoices; deletes only those without payments', async () => {
    const invoice = await createInvoice(t.ada);
    const edited = await t.ada.patch(`/api/desk/invoices/${invoice.id}`, {
      amount: '90000.00',
      notes: 'credit note 7',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amount: '90000.00', notes: 'credit note 7', status: 'open' });
    const badDue = await t.ada.patch(`/api/desk/invoices/${invoice.id}`, { dueDate: '2026-01-01' });
    expect(errorFields(badDue.json())).toEqual(['dueDate']);
    const unknown = await t.ada.patch(`/api/desk/invoices/${invoice.id}`, { currency: 'GBP' });
    expect(unknown.statusCode).toBe(400);
    await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, { amount: '100.00', date: '2026-11-27' });
    expect((await t.ada.patch(`/api/desk/invoices/${invoice.id}`, { amount: '99.00' })).statusCode).toBe(400);
    expect((await t.ada.delete(`/api/desk/invoices/${invoice.id}`)).statusCode).toBe(409);
    const cancelled = await t.ada.patch(`/api/desk/invoices/${invoice.id}`, { status: 'cancelled' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', openAmount: '0.00' });
    const fresh = await createInvoice(t.ada, hamburgInvoice({ reference: 'INV-2' }));
    expect((await t.ada.delete(`/api/desk/invoices/${fresh.id}`)).statusCode).toBe(204);
    expect((await t.ada.get(`/api/desk/invoices/${fresh.id}`)).statusCode).toBe(404);
  });

  it('reads a JPY invoice in whole yen, and a home currency of INR', async () => {
    const patched = await t.ada.patch('/api/me/preferences', { homeCurrency: 'INR' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().homeCurrency).toBe('INR');
    const invoice = await createInvoice(t.ada, hamburgInvoice({ currency: 'JPY', amount: '15000000' }));
    expect(invoice).toMatchObject({ amount: '15000000', homeCurrency: 'INR' });
    const jpy = await spotAt(t.app.deps, 'JPY', 'INR', Date.parse('2026-11-20T23:59:59Z'));
    expect(invoice.bookedRate).toBe(jpy.toFixed());
    // once the desk holds records, the home currency stays
    const locked = await t.ada.patch('/api/me/preferences', { homeCurrency: 'USD' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('HOME_CURRENCY_LOCKED');
  });
});
