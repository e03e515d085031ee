import { describe, expect, it } from 'vitest';
import { TRADING_MESSAGES } from '@tp/shared';
import { fieldMessage } from './field-wording';

describe('field wording', () => {
  it('rewords the contract texts that name API fields', () => {
    expect(fieldMessage('price', TRADING_MESSAGES.priceRequired)).toBe(
      'Limit price is required for limit and stop-limit orders',
    );
    expect(fieldMessage('stopPrice', TRADING_MESSAGES.stopPriceNotUsed)).toBe(
      'Stop price is only used by stop and stop-limit orders',
    );
    expect(fieldMessage('price', TRADING_MESSAGES.priceNotUsed)).not.toMatch(/stop_limit|^price/);
    expect(fieldMessage('startDate', TRADING_MESSAGES.startAfterEnd)).toBe('From must not be after To');
  });

  it("puts the field's label in place of a leading API name, and only there", () => {
    expect(fieldMessage('stopPrice', 'stopPrice must be greater than 0')).toBe('Stop price must be greater than 0');
    expect(fieldMessage('stopLoss', TRADING_MESSAGES.stopLossNotBelow('230.10'))).toBe(
      'Stop-loss must be below the current price (230.10)',
    );
    expect(fieldMessage('quantity', TRADING_MESSAGES.quantityBelowFilled('4'))).toBe(
      'Quantity must be more than the 4 already filled',
    );
    expect(fieldMessage('price', TRADING_MESSAGES.priceNotForType('stop_limit'))).toBe(
      'Limit price is not used by a stop-limit order',
    );
  });

  it("words zod's own texts with the label, and leaves human texts as they are", () => {
    expect(fieldMessage('type', 'Invalid option: expected one of "market"|"limit"')).toBe('Choose a valid order type');
    expect(fieldMessage('quantity', 'Invalid input: expected string, received undefined')).toBe('Quantity is required');
    const human = TRADING_MESSAGES.invalidQuantity('AAPL', '1', '1', '100000');
    expect(fieldMessage('quantity', human)).toBe(human);
  });
});
