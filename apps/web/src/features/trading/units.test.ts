import { describe, expect, it } from 'vitest';
import { buildInstrument, buildLotInstrument } from '@/testing';
import { formatQuantityWithUnit, quantityUnitText } from './units';

describe('quantities with their units', () => {
  it('says shares, or lots and what they hold in the instrument’s unit', () => {
    expect(formatQuantityWithUnit('10', buildInstrument())).toBe('10 shares');
    expect(formatQuantityWithUnit('1', buildInstrument())).toBe('1 share');
    expect(formatQuantityWithUnit('1', buildLotInstrument('COTTON', '50000', 'lb'))).toBe('1 lot (50,000 lb)');
    expect(formatQuantityWithUnit('0.05', buildLotInstrument('XAUUSD', '100', 'oz'))).toBe('0.05 lots (5 oz)');
    expect(formatQuantityWithUnit('0.01', buildLotInstrument('WHEAT', '5000', 'bushel'))).toBe(
      '0.01 lots (50 bushels)',
    );
    expect(formatQuantityWithUnit('0.0002', buildLotInstrument('WHEAT', '5000', 'bushel'))).toBe(
      '0.0002 lots (1 bushel)',
    );
    expect(formatQuantityWithUnit('1.5', buildLotInstrument('EURUSD', '100000', 'EUR'))).toBe('1.5 lots (150,000 EUR)');
    // before the instruments are loaded
    expect(formatQuantityWithUnit('1250', undefined)).toBe('1,250');
  });

  it('says what the ticket’s quantity counts', () => {
    expect(quantityUnitText(buildInstrument())).toBe('shares');
    expect(quantityUnitText(buildLotInstrument('COTTON', '50000', 'lb'))).toBe('lots of 50,000 lb');
    expect(quantityUnitText(buildLotInstrument('WHEAT', '5000', 'bushel'))).toBe('lots of 5,000 bushels');
  });
});
