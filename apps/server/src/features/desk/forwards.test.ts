import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentResponseSchema, rollResponseSchema } from '@tp/shared';
import { errorFields } from '../../test/kit';
import { Exact } from '../trading/money';
import { deskContext } from './desk-context';
import { forwardRate, markToMarket, moneyText } from './desk-math';
import { deskAllocations, deskForwards } from './desk.tables';
import { bookForward, createInvoice, deskSuite, hamburgInvoice, readForward, readInvoice } from './desk-test-kit';
import { rateTerms, spotAt } from './market-rates';
import { settleDueForwards } from './settlement.service';

describe('desk: paper forwards', () => {
  const t = deskSuite();

  it('books a sell forward at the forward rate of the booking second, allocated to an invoice', async () => {
    const invoice = await createInvoice(t.ada);
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '97450.00',
      maturityDate: '2027-02-18',
      allocations: [{ invoiceId: invoice.id, amount: '60000.00' }],
    });
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    const rate = forwardRate(spot, 83, rateTerms(context, 'EUR'));
    expect(forward).toMatchObject({
      status: 'live',
      spotAtBooking: spot.toFixed(),
      forwardRate: rate.toFixed(),
      forwardPoints: rate.minus(spot).toFixed(),
      currentForwardRate: rate.toFixed(),
      markToMarket: '0.00',
      allocations: [{ invoiceId: invoice.id, amount: '60000.00', invoiceReference: 'INV-2026-0142' }],
    });
    expect((await readInvoice(t.ada, invoice.id)).hedgedAmount).toBe('60000.00');
  });

  it('marks a live forward to market as the market moves', async () => {
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '97450.00',
      maturityDate: '2027-02-25',
    });
    t.clock.set(Date.parse('2026-12-28T10:00:00Z'));
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    const current = forwardRate(spot, 59, rateTerms(context, 'EUR'));
    const expected = markToMarket({
      side: 'sell',
      notional: new Exact('97450'),
      bookedRate: new Exact(forward.forwardRate),
      currentForwardRate: current,
      homeRate: '3.75',
      homeBasis: 360,
      daysLeft: 59,
    });
    const marked = await readForward(t.ada, forward.id);
    expect(marked.currentForwardRate).toBe(current.toFixed());
    expect(marked.markToMarket).toBe(moneyText(expected, 'USD'));
    expect(marked.markToMarket).not.toBe('0.00');
  });

  it('refuses bad bookings and over-allocation with a 400 naming the field, writing nothing', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ amount: '1000.00' }));
    const payable = await createInvoice(t.ada, hamburgInvoice({ direction: 'payable', reference: 'PO-9' }));
    const base = { currency: 'EUR', side: 'sell', amount: '1000.00', maturityDate: '2027-02-18' };
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'USD' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ maturityDate: '2026-11-28' }, 'maturityDate'],
      [{ maturityDate: '2028-11-28' }, 'maturityDate'],
      [{ amount: '-1' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ amount: '2000.00', allocations: [{ invoiceId: invoice.id, amount: '1000.01' }] }, 'allocations.0.amount'],
      [{ amount: '500.00', allocations: [{ invoiceId: invoice.id, amount: '600.00' }] }, 'allocations'],
      [{ allocations: [{ invoiceId: payable.id, amount: '10.00' }] }, 'allocations.0.invoiceId'],
      [{ currency: 'GBP', allocations: [{ invoiceId: invoice.id, amount: '10.00' }] }, 'allocations.0.invoiceId'],
      [
        { allocations: [{ invoiceId: '00000000-0000-4000-8000-000000000000', amount: '1' }] },
        'allocations.0.invoiceId',
      ],
    ];
    for (const [change, field] of cases) {
      const res = await t.ada.post('/api/desk/forwards', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorFields(res.json()), JSON.stringify(change)).toContain(field);
    }
    // another user's invoice is not found either
    const bobs = await t.bob.post('/api/desk/forwards', {
      ...base,
      allocations: [{ invoiceId: invoice.id, amount: '10' }],
    });
    expect(errorFields(bobs.json())).toEqual(['allocations.0.invoiceId']);
    const [forwards] = await t.app.deps.db.select({ value: count() }).from(deskForwards);
    expect(forwards!.value).toBe(0);
  });

  it('never allocates beyond an invoice’s open amount across forwards, even when booked at once', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ amount: '1000.00' }));
    const book = () =>
      t.ada.post('/api/desk/forwards', {
        currency: 'EUR',
        side: 'sell',
        amount: '700.00',
        maturityDate: '2027-02-18',
        allocations: [{ invoiceId: invoice.id, amount: '700.00' }],
      });
    const answers = await Promise.all([book(), book(), book()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400]);
    const allocations = await t.app.deps.db.select().from(deskAllocations);
    expect(allocations.reduce((sum, a) => sum.plus(a.amount), new Exact(0)).toFixed(2)).toBe('700.00');
  });

  it('books once for a retried request with the same Idempotency-Key', async () => {
    const body = { currency: 'EUR', side: 'sell', amount: '1000.00', maturityDate: '2027-02-18' };
    const headers = { 'idempotency-key': 'fwd-1' };
    const first = await t.ada.post('/api/desk/forwards', body, { headers });
    const again = await t.ada.post('/api/desk/forwards', body, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await t.ada.post('/api/desk/forwards', { ...body, amount: '2000.00' }, { headers });
    expect(other.statusCode).toBe(422);
  });

  it('records a payment against a forward at its rate, shrinking the allocation', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ amount: '1000.00' }));
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '1000.00',
      maturityDate: '2027-02-18',
      allocations: [{ invoiceId: invoice.id, amount: '800.00' }],
    });
    const spotTooMuch = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, {
      amount: '300.00',
      date: '2026-11-27',
    });
    expect(spotTooMuch.statusCode).toBe(400);
    expect(spotTooMuch.json().error).toContain('200.00');
    const res = await t.ada.post(`/api/desk/invoices/${invoice.id}/payments`, {
      amount: '500.00',
      date: '2026-11-27',
      method: 'forward',
      forwardId: forward.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { payment, invoice: after } = paymentResponseSchema.parse(res.json()).data;
    expect(payment.rate).toBe(forward.forwardRate);
    expect(payment.homeAmount).toBe(new Exact(forward.forwardRate).mul(500).toDecimalPlaces(2).toFixed(2));
    expect(after.hedgedAmount).toBe('300.00');
    expect((await readForward(t.ada, forward.id)).deliveredAmount).toBe('500.00');
  });

  it('closes a forward at its mark-to-market and releases its allocations', async () => {
    const invoice = await createInvoice(t.ada);
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '97450.00',
      maturityDate: '2027-02-18',
      allocations: [{ invoiceId: invoice.id, amount: '97450.00' }],
    });
    t.clock.set(Date.parse('2026-12-15T12:00:00Z'));
    const before = await readForward(t.ada, forward.id);
    const res = await t.ada.post(`/api/desk/forwards/${forward.id}/close`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'closed', realisedGainLoss: before.markToMarket, allocations: [] });
    expect((await readInvoice(t.ada, invoice.id)).hedgedAmount).toBe('0.00');
    expect((await t.ada.post(`/api/desk/forwards/${forward.id}/close`)).statusCode).toBe(409);
    expect((await t.bob.post(`/api/desk/forwards/${forward.id}/close`)).statusCode).toBe(404);
  });

  it('rolls a forward to a later maturity at the rate of that second, carrying its result and allocations', async () => {
    const invoice = await createInvoice(t.ada);
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '97450.00',
      maturityDate: '2027-01-15',
      allocations: [{ invoiceId: invoice.id, amount: '50000.00' }],
    });
    t.clock.set(Date.parse('2026-12-20T12:00:00Z'));
    const earlier = await t.ada.post(`/api/desk/forwards/${forward.id}/roll`, { maturityDate: '2027-01-10' });
    expect(errorFields(earlier.json())).toEqual(['maturityDate']);
    const mark = (await readForward(t.ada, forward.id)).markToMarket;
    const res = await t.ada.post(`/api/desk/forwards/${forward.id}/roll`, { maturityDate: '2027-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    const { closed, rolled } = rollResponseSchema.parse(res.json()).data;
    expect(closed).toMatchObject({ status: 'rolled', realisedGainLoss: mark, rolledToId: rolled.id });
    const context = await deskContext(t.app.deps, t.ada.user.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', context.nowMs);
    expect(rolled).toMatchObject({
      status: 'live',
      amount: '97450.00',
      maturityDate: '2027-03-31',
      forwardRate: forwardRate(spot, 101, rateTerms(context, 'EUR')).toFixed(),
      rolledFromId: forward.id,
      carriedGainLoss: mark,
      allocations: [{ invoiceId: invoice.id, amount: '50000.00' }],
    });
  });

  it('settles at maturity once, even when several passes run at once: allocations paid at F₀, the rest in cash', async () => {
    const invoice = await createInvoice(t.ada, hamburgInvoice({ amount: '1000.00', dueDate: '2026-12-31' }));
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'sell',
      amount: '1500.00',
      maturityDate: '2026-12-31',
      allocations: [{ invoiceId: invoice.id, amount: '1000.00' }],
    });
    t.clock.set(Date.parse('2026-12-30T23:00:00Z'));
    expect(await settleDueForwards(t.app.deps)).toBe(0);
    t.clock.set(Date.parse('2026-12-31T09:00:00Z'));
    const passes = await Promise.all([1, 2, 3, 4].map(() => settleDueForwards(t.app.deps)));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const settled = await readForward(t.ada, forward.id);
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', Date.parse('2026-12-31T09:00:00Z'));
    expect(settled).toMatchObject({
      status: 'settled',
      deliveredAmount: '1000.00',
      settlementRate: spot.toFixed(),
      realisedGainLoss: moneyText(new Exact(500).mul(new Exact(forward.forwardRate).minus(spot)), 'USD'),
    });
    const paid = await readInvoice(t.ada, invoice.id);
    expect(paid).toMatchObject({ status: 'paid', hedgedAmount: '0.00' });
    const payments = await t.ada.get('/api/desk/export/payments.csv');
    expect(payments.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(payments.body).toContain(`,forward,${forward.id},${forward.forwardRate},`);
  });

  it('settles in the owner’s zone: a forward due on the 31st in Tokyo settles before UTC midnight', async () => {
    await t.ada.patch('/api/me/preferences', { display: { timezone: 'Asia/Tokyo' } });
    const forward = await bookForward(t.ada, {
      currency: 'EUR',
      side: 'buy',
      amount: '100.00',
      maturityDate: '2026-12-31',
    });
    t.clock.set(Date.parse('2026-12-30T16:00:00Z')); // 01:00 on the 31st in Tokyo
    expect(await settleDueForwards(t.app.deps)).toBe(1);
    expect((await readForward(t.ada, forward.id)).status).toBe('settled');
  });
});
