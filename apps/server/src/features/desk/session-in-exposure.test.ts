import { describe, expect, it, vi } from 'vitest';
import { exposureResponseSchema } from '@tp/shared';
import { ageLastSeen, deadSessionClients, lastSeenOf, type SignedInClient } from '../../test/kit';
import { bookForward, createInvoice, deskSuite, hamburgInvoice, readExposure } from './desk-test-kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';

/**
 * GET /api/desk/exposure proves the session live in its own first statement (decision 0027) and
 * answers in two prepared statements: the session with the user and the policy, then every sum.
 */
describe('desk: the hedge view with the session proven in its statements', () => {
  const t = deskSuite();

  const booksOf = async (client: SignedInClient) => {
    await createInvoice(client, hamburgInvoice({ amount: '1000.00', dueDate: '2027-01-15' }));
    await bookForward(client, { currency: 'EUR', side: 'sell', amount: '400.00', maturityDate: '2027-01-15' });
  };

  it("refuses a logged-out, an expired and another user's session, showing none of the books", async () => {
    for (const client of await deadSessionClients(t.app)) {
      await booksOf(t.ada);
      const res = await client.get('/api/desk/exposure');
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: EXPIRED_BODY_ERROR });
    }
  });

  it('answers in two prepared statements with only the owner’s books, "last seen" kept to the minute', async () => {
    await booksOf(t.bob);
    await booksOf(t.ada);
    await createInvoice(t.ada, hamburgInvoice({ reference: 'PO-7', direction: 'payable', dueDate: '2027-03-01' }));
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    const res = await t.ada.get('/api/desk/exposure');
    const names = spy.mock.calls.map((call) => call[2]);
    spy.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    expect(names).toEqual(['desk_exposure_context', 'desk_exposure_sums']);
    const exposure = exposureResponseSchema.parse(res.json()).data;
    expect(exposure.next.map((item) => [item.kind, item.date, item.amount])).toEqual([
      ['invoice', '2027-01-15', '1000.00'],
      ['forward', '2027-01-15', '400.00'],
      ['invoice', '2027-03-01', expect.any(String)],
    ]);
    expect(exposure.currencies.map((c) => c.currency)).toEqual(['EUR']);
    expect(exposure.currencies[0]!.buckets[0]).toMatchObject({ receivable: '1000.00', hedged: '400.00' });

    const stale = await ageLastSeen(t.app.deps.db, t.ada.sessionId);
    expect(await readExposure(t.ada)).toEqual(exposure);
    expect((await lastSeenOf(t.app.deps.db, t.ada.sessionId)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
  });

  it('shows the saved policy’s targets and budget rates, the defaults until one is saved', async () => {
    await booksOf(t.ada);
    const before = await readExposure(t.ada);
    expect(before.currencies[0]!.budgetRate).toBeNull();
    const targetRatios = { '0-3': '0.5', '3-6': '0.4', '6-12': '0.3', '12-24': '0' };
    const res = await t.ada.put('/api/desk/policy', {
      targetRatios,
      budgetRates: { EUR: '1.05' },
      alerts: { invoiceDue: true, forwardMaturity: true, budgetRate: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await readExposure(t.ada);
    expect(after.currencies[0]!.budgetRate).toBe('1.05');
    expect(after.currencies[0]!.buckets.map((bucket) => bucket.targetRatio)).toEqual(Object.values(targetRatios));
  });
});
