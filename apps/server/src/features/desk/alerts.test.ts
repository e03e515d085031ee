import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { sendDeskAlerts } from './alerts.service';
import { bookForward, createInvoice, deskSuite, hamburgInvoice } from './desk-test-kit';
import { spotAt } from './market-rates';

describe('desk: alert e-mails', () => {
  const t = deskSuite();
  const alertsTo = (email: string) => t.app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

  it('groups what is due in one e-mail a day, from 07:00 in the user’s zone', async () => {
    await createInvoice(t.ada, hamburgInvoice({ reference: 'DUE-SOON', dueDate: '2026-12-01' }));
    await createInvoice(t.ada, hamburgInvoice({ reference: 'LATER', dueDate: '2027-03-01' }));
    await bookForward(t.ada, { currency: 'EUR', side: 'sell', amount: '1000.00', maturityDate: '2026-11-30' });
    t.clock.set(Date.parse('2026-11-28T06:30:00Z'));
    expect(await sendDeskAlerts(t.app.deps)).toBe(0);
    t.clock.set(Date.parse('2026-11-28T07:05:00Z'));
    expect(await sendDeskAlerts(t.app.deps)).toBe(1);
    expect(await sendDeskAlerts(t.app.deps)).toBe(0);
    const [mail] = await alertsTo(t.ada.user.email);
    expect(mail!.subject).toBe('Exporter desk: what falls due');
    expect(mail!.text).toContain('DUE-SOON · Rösterei Hamburg GmbH: EUR 97,450 due 2026-12-01');
    expect(mail!.text).not.toContain('LATER');
    expect(mail!.text).toMatch(/Sell EUR 1,000 at [\d.]+, maturing 2026-11-30/);
    t.clock.set(Date.parse('2026-11-29T07:05:00Z'));
    expect(await sendDeskAlerts(t.app.deps)).toBe(1);
    expect(await alertsTo(t.bob.user.email)).toEqual([]);
  });

  it('tells of a spot crossing the budget rate, and honours the switches', async () => {
    await createInvoice(t.ada, hamburgInvoice({ dueDate: '2027-06-01' }));
    t.clock.set(Date.parse('2026-11-28T08:00:00Z'));
    const spot = await spotAt(t.app.deps, 'EUR', 'USD', Date.parse('2026-11-28T08:00:00Z'));
    const policy = (budget: string, budgetRate = true) => ({
      targetRatios: { '0-3': '0.8', '3-6': '0.5', '6-12': '0.2', '12-24': '0' },
      budgetRates: { EUR: budget },
      alerts: { invoiceDue: true, forwardMaturity: true, budgetRate },
    });
    // first check: the spot is above a budget set just below it; nothing crossed yet
    expect((await t.ada.put('/api/desk/policy', policy(spot.minus('0.0001').toFixed()))).statusCode).toBe(200);
    expect(await sendDeskAlerts(t.app.deps)).toBe(0);
    // the budget moves above the spot: a crossing the next day
    t.clock.set(Date.parse('2026-11-29T08:00:00Z'));
    const next = await spotAt(t.app.deps, 'EUR', 'USD', Date.parse('2026-11-29T08:00:00Z'));
    await t.ada.put('/api/desk/policy', policy(next.plus('0.05').toFixed()));
    expect(await sendDeskAlerts(t.app.deps)).toBe(1);
    const [mail] = await alertsTo(t.ada.user.email);
    expect(mail!.text).toContain('EUR is now below your budget rate');
    // switched off, a crossing back says nothing
    await t.ada.put('/api/desk/policy', policy('0.5', false));
    t.clock.set(Date.parse('2026-11-30T08:00:00Z'));
    expect(await sendDeskAlerts(t.app.deps)).toBe(0);
  });
});
