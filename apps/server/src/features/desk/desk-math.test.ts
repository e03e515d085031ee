import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exact } from '../trading/money';
import { addMonths, dayCount } from './calendar-dates';
import { forwardRate, markToMarket, moneyText, rateText, roundMoney, withMargin } from './desk-math';

const USD_EUR = { homeRate: '3.75', homeBasis: 360, foreignRate: '2.00', foreignBasis: 360 };

describe('desk formulas (docs/desk.md worked example)', () => {
  it('prices the 90-day EUR forward by covered interest parity', () => {
    const forward = forwardRate(new Exact('1.0850'), 90, USD_EUR);
    expect(rateText(forward)).toBe('1.089723259');
    expect(rateText(forward.minus('1.0850'))).toBe('0.004723259');
    expect(moneyText(forward.mul('97450'), 'USD')).toBe('106193.53');
  });

  it('marks the sell forward to market 30 days on, and at maturity to N × (F₀ − S_T)', () => {
    const booked = new Exact('1.089723259');
    const now = forwardRate(new Exact('1.0700'), 60, USD_EUR);
    expect(rateText(now)).toBe('1.073110465');
    const value = markToMarket({
      side: 'sell',
      notional: new Exact('97450'),
      bookedRate: booked,
      currentForwardRate: now,
      homeRate: '3.75',
      homeBasis: 360,
      daysLeft: 60,
    });
    expect(moneyText(value, 'USD')).toBe('1608.86');
    const buy = markToMarket({
      side: 'buy',
      notional: new Exact('97450'),
      bookedRate: booked,
      currentForwardRate: now,
      homeRate: '3.75',
      homeBasis: 360,
      daysLeft: 60,
    });
    expect(moneyText(buy, 'USD')).toBe('-1608.86');
  });

  it('property: at maturity the mark-to-market is exactly N × (F₀ − S_T)', () => {
    const decimal = (min: number, max: number, places: number) =>
      fc
        .integer({ min: min * 10 ** places, max: max * 10 ** places })
        .map((units) => new Exact(units).div(10 ** places));
    fc.assert(
      fc.property(
        decimal(1, 1_000_000_000, 2),
        decimal(0, 200, 6),
        decimal(0, 200, 6),
        (notional, bookedRate, spot) => {
          const atMaturity = forwardRate(spot, 0, USD_EUR);
          const value = markToMarket({
            side: 'sell',
            notional,
            bookedRate,
            currentForwardRate: atMaturity,
            homeRate: '3.75',
            homeBasis: 360,
            daysLeft: 0,
          });
          return value.equals(notional.mul(bookedRate.minus(spot)));
        },
      ),
    );
  });

  it('a margin worsens the rate for the user on either side; none by default', () => {
    const rate = new Exact('1.0850');
    expect(withMargin(rate, 'sell', 0)).toBe(rate);
    expect(rateText(withMargin(rate, 'sell', 10))).toBe('1.083915');
    expect(rateText(withMargin(rate, 'buy', 10))).toBe('1.086085');
  });

  it('keeps 10 significant digits for small currencies and whole units for JPY and VND', () => {
    expect(rateText(new Exact('0.0000381234567891'))).toBe('0.00003812345679');
    expect(moneyText(new Exact('1500000.5'), 'JPY')).toBe('1500000');
    expect(moneyText(new Exact('1500001.5'), 'VND')).toBe('1500002');
    expect(moneyText(new Exact('-0.001'), 'USD')).toBe('0.00');
    expect(roundMoney(new Exact('0.125'), 'EUR').toFixed()).toBe('0.12');
  });
});

describe('desk calendar', () => {
  it('counts days and adds months, clamping to the month end', () => {
    expect(dayCount('2026-11-27', '2027-02-25')).toBe(90);
    expect(dayCount('2026-11-27', '2026-11-20')).toBe(-7);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-27', 24)).toBe('2028-11-27');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});
