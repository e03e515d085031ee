import { describe, expect, it } from 'vitest';
import { datesIn, dayOrderOf, dueDateByTerms, paymentTermsOf, type MonthEnd, type PaymentTerms } from './dates';
import { withLabels } from './labels';

const only = (text: string, order: 'dmy' | 'mdy' = 'dmy') => datesIn(text, order).map((date) => date.value);

describe('dates as invoices write them', () => {
  it('reads numeric, named-month and Japanese dates in English, German, French, Portuguese and Spanish', () => {
    const written = [
      '2026-11-20',
      '2026/11/20',
      '2026.11.20',
      '20/11/2026',
      '20.11.2026',
      '20-11-2026',
      '20/11/26',
      '20 Nov 2026',
      '20 Nov. 2026',
      '20 November 2026',
      '20th November, 2026',
      '20. November 2026',
      '20 novembre 2026',
      '20 de novembro de 2026',
      '20 de noviembre de 2026',
      '20-Nov-26',
      '20-Nov-2026',
      'November 20, 2026',
      'Nov 20 2026',
      '2026年11月20日',
    ];
    for (const text of written) expect(only(`Date: ${text}.`), text).toEqual([{ day: '2026-11-20', ambiguous: false }]);
    expect(only('1er décembre 2026, 3 März 2027, 4 févr. 2027')).toEqual([
      { day: '2026-12-01', ambiguous: false },
      { day: '2027-03-03', ambiguous: false },
      { day: '2027-02-04', ambiguous: false },
    ]);
  });

  it('reads a numeric date month first only when the day is over 12 or the document writes so', () => {
    expect(only('11/20/2026')).toEqual([{ day: '2026-11-20', ambiguous: false }]);
    expect(only('01/04/2027', 'dmy')).toEqual([{ day: '2027-04-01', ambiguous: true }]);
    expect(only('01/04/2027', 'mdy')).toEqual([{ day: '2027-01-04', ambiguous: true }]);
    expect(only('05/05/2027')).toEqual([{ day: '2027-05-05', ambiguous: false }]);
    // dots are written day first only
    expect(only('01.04.2027', 'mdy')).toEqual([{ day: '2027-04-01', ambiguous: false }]);
  });

  it('refuses what is no date', () => {
    for (const text of [
      '31/06/2026',
      '2026-13-01',
      '20 Foo 2026',
      '1820-01-01',
      '20 bags 2026',
      '1.2.2026.5',
      '300/11/2026',
    ]) {
      expect(only(text), text).toEqual([]);
    }
  });

  it('tells the document’s day order from its dates', () => {
    expect(dayOrderOf(['Invoice date 11/20/2026', 'Due 01/04/2027'])).toEqual({ order: 'mdy', decided: true });
    expect(dayOrderOf(['Date 20/11/2026', 'Due 01/04/2027'])).toEqual({ order: 'dmy', decided: true });
    expect(dayOrderOf(['Rechnungsdatum 01.04.2027'])).toEqual({ order: 'dmy', decided: true });
    expect(dayOrderOf(['Due 01/04/2027'])).toEqual({ order: 'dmy', decided: false });
    expect(dayOrderOf(['20/11/2026', '11/20/2026'])).toEqual({ order: 'dmy', decided: false });
  });
});

describe('payment terms', () => {
  const terms = (text: string) => paymentTermsOf(withLabels(text.split('\n')), 'dmy');
  const days = (text: string) => {
    const found = terms(text);
    return found && { days: found.days, endOfMonth: found.endOfMonth, otherBasis: found.otherBasis };
  };

  it('reads the days, end of month and what they count from', () => {
    const cases: [string, { days: number; endOfMonth: MonthEnd | null; otherBasis: boolean }][] = [
      ['Payment terms: Net 60', { days: 60, endOfMonth: null, otherBasis: false }],
      ['Terms: NET30 EOM', { days: 30, endOfMonth: 'beforeDays', otherBasis: false }],
      ['Payable within 60 days of the invoice date', { days: 60, endOfMonth: null, otherBasis: false }],
      ['Payment: 30 days end of month', { days: 30, endOfMonth: 'beforeDays', otherBasis: false }],
      ['Zahlbar innerhalb von 60 Tagen netto', { days: 60, endOfMonth: null, otherBasis: false }],
      ['Zahlbar 30 Tage nach Monatsende', { days: 30, endOfMonth: 'beforeDays', otherBasis: false }],
      ['Conditions de paiement : 60 jours fin de mois', { days: 60, endOfMonth: 'afterDays', otherBasis: false }],
      ['Conditions : 60 jours fin de mois', { days: 60, endOfMonth: 'afterDays', otherBasis: false }],
      ['Conditions : fin de mois + 45 jours', { days: 45, endOfMonth: 'beforeDays', otherBasis: false }],
      ['Règlement à 45 jours fin de mois', { days: 45, endOfMonth: 'afterDays', otherBasis: false }],
      ['Condiciones: 60 días fin de mes', { days: 60, endOfMonth: 'afterDays', otherBasis: false }],
      ['Prazo de pagamento: 45 dias', { days: 45, endOfMonth: null, otherBasis: false }],
      ['Payment 90 days from B/L date', { days: 90, endOfMonth: null, otherBasis: true }],
      ['Payment due on receipt', { days: 0, endOfMonth: null, otherBasis: false }],
    ];
    for (const [text, expected] of cases) expect(days(text), text).toEqual(expected);
  });

  it('does not take amounts, deliveries or dates for terms', () => {
    for (const text of [
      'Netto 81.890,76 €',
      'Delivery within 30 days',
      'Net à payer 97 450,00 €',
      'Payment due 20/11/2026',
    ]) {
      expect(terms(text), text).toBeNull();
    }
  });

  it('prefers a line labelled as the terms', () => {
    expect(terms('Please pay within 14 days\nPayment terms: 30 days')?.days).toBe(30);
  });

  it('counts from the issue date; "fin de mois" then goes to that month’s end, "EOM" counts from the issue month’s end', () => {
    const net = (days: number, endOfMonth: MonthEnd | null = null): PaymentTerms => ({
      days,
      endOfMonth,
      otherBasis: false,
      source: '',
    });
    expect(dueDateByTerms('2026-11-20', net(60))).toBe('2027-01-19');
    expect(dueDateByTerms('2026-11-20', net(30, 'afterDays'))).toBe('2026-12-31');
    expect(dueDateByTerms('2026-11-20', net(60, 'afterDays'))).toBe('2027-01-31');
    expect(dueDateByTerms('2026-01-31', net(30, 'afterDays'))).toBe('2026-03-31');
    expect(dueDateByTerms('2027-12-15', net(60, 'afterDays'))).toBe('2028-02-29');
    expect(dueDateByTerms('2026-11-20', net(30, 'beforeDays'))).toBe('2026-12-30');
    expect(dueDateByTerms('2026-01-15', net(30, 'beforeDays'))).toBe('2026-03-02');
    expect(dueDateByTerms('2026-11-20', net(0, 'beforeDays'))).toBe('2026-11-30');
  });
});
