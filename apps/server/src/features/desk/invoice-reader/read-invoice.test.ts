import { describe, expect, it } from 'vitest';
import { band, INVOICE_LAYOUTS, layoutText } from './invoice-test-kit';
import { readInvoice } from './read-invoice';

describe('the invoice reader over generated layouts', () => {
  for (const layout of Object.values(INVOICE_LAYOUTS)) {
    it(`reads every field of ${layout.name}`, () => {
      const read = readInvoice(layoutText(layout), layout.ownCompany);
      const seen = Object.fromEntries(
        Object.entries(read).map(([field, proposal]) => [
          field,
          { value: proposal.value, band: band(proposal.confidence) },
        ]),
      );
      expect(seen, JSON.stringify(read, null, 1)).toEqual(layout.expected);
    });
  }
});
