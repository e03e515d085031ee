import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureSchema } from '@tp/shared';
import { makePdf } from '../../content/content-test-kit';
import { extractText } from '../../content/extract-text';
import { INVOICE_LAYOUTS, layoutText, OWN_COMPANY, seenFields, type InvoiceLayout } from './invoice-test-kit';
import { readInvoice, type InvoiceProposals } from './read-invoice';

const expectLayout = (text: string, layout: InvoiceLayout) => {
  const read = readInvoice(text, layout.ownCompany);
  expect(seenFields(read), JSON.stringify(read, null, 1)).toEqual(layout.expected);
};

/** Lines read with the user's company, one field's proposal. */
const field = <K extends keyof InvoiceProposals>(lines: string[], key: K, company = OWN_COMPANY) =>
  readInvoice(lines.join('\n'), company)[key];

describe('the invoice reader over generated layouts', () => {
  for (const layout of Object.values(INVOICE_LAYOUTS)) {
    it(`reads every field of ${layout.name}`, () => expectLayout(layoutText(layout), layout));
  }

  // a PDF's text comes out of the content hub's extraction with its columns run together on a line
  for (const layout of [
    INVOICE_LAYOUTS.american,
    INVOICE_LAYOUTS.french,
    INVOICE_LAYOUTS.frenchSupplier,
    INVOICE_LAYOUTS.brazilian,
  ]) {
    it(`reads the same fields from the extracted text of a PDF: ${layout.name}`, async () => {
      const extracted = await extractText(Readable.from([makePdf([layout.rows])]), 'application/pdf', {
        maxInputBytes: 1_000_000,
      });
      expectLayout(extracted!.text, layout);
    });
  }
});

describe('the invoice reader’s rules', () => {
  it('lines a header row up with the values below it', () => {
    const lines = ['INVOICE', 'Invoice No. Invoice Date Due Date', 'INV-7 11/20/2026 01/19/2027'];
    expect(field(lines, 'reference')).toMatchObject({ value: 'INV-7', confidence: 1 });
    expect(field(lines, 'issueDate')).toMatchObject({ value: '2026-11-20', confidence: 1 });
    expect(field(lines, 'dueDate')).toMatchObject({ value: '2027-01-19', confidence: 1 });
  });

  it('takes the invoice’s number, not the customer’s order or reference', () => {
    expect(field(['Your ref: PO-4711', 'Customer No. 88', 'Invoice No: 1042'], 'reference').value).toBe('1042');
    expect(field(['Your ref: PO-4711', 'Ref: AX/77'], 'reference')).toMatchObject({ value: 'AX/77', confidence: 0.8 });
    expect(field(['Invoice No: to follow'], 'reference').value).toBeNull();
  });

  it('takes the largest labelled total, never a line item, and only guesses without a label', () => {
    const totals = ['Total 1,000.00 EUR', 'Grand total 1,190.00 EUR', 'Amount paid 1,000.00', 'Balance due 190.00'];
    expect(field(totals, 'amount')).toMatchObject({ value: '1190.00', confidence: 1 });
    const itemsOnly = ['Qty Description Unit price Total', '2 Arabica 100.00 200.00 EUR', '1 Robusta 50.00 50.00 EUR'];
    expect(field(itemsOnly, 'amount')).toMatchObject({ value: '200.00', confidence: 0.3 });
    expect(field(['Total 97,450 EUR'], 'amount')).toMatchObject({ value: '97450.00', confidence: 0.8 });
    expect(field(['Total: see attached'], 'amount').value).toBeNull();
  });

  it('writes the amount in the currency’s minor units, and doubts decimals the currency has not', () => {
    expect(field(['TOTAL EUR 97450'], 'amount')).toMatchObject({ value: '97450.00', confidence: 1 });
    expect(field(['Total ¥9,745,000.00'], 'amount')).toMatchObject({ value: '9745000', confidence: 1 });
    expect(field(['Total ¥9,745,000.50'], 'amount')).toMatchObject({ value: '9745000.50', confidence: 0.5 });
  });

  it('reads the currency by the total, after "Currency", or else the document’s most frequent', () => {
    expect(field(['Amounts in USD', 'Total $97,450.00'], 'currency')).toMatchObject({ value: 'USD', confidence: 1 });
    expect(field(['Currency: EUR', 'Total 97.450,00'], 'currency')).toMatchObject({ value: 'EUR', confidence: 1 });
    expect(field(['Freight € 12,00', 'Insurance € 3,00', 'Total 97.450,00'], 'currency')).toMatchObject({
      value: 'EUR',
      confidence: 0.8,
    });
    expect(field(['RMB invoice', 'Total ¥ 50,000.00'], 'currency')).toMatchObject({ value: 'CNY', confidence: 0.8 });
    // a currency the desk does not carry: no value, but the words that say which
    const kenyan = readInvoice('Total KES 1,250,000.00');
    expect(kenyan.currency).toEqual({ value: null, confidence: 0, source: 'Total KES 1,250,000.00' });
    expect(kenyan.amount.value).toBe('1250000.00');
  });

  it('decides the direction by the user’s company, whatever its legal form or accents', () => {
    const invoice = ['Kaffee Export AG', 'Bill to: ADA EXPORTS LIMITED', 'Total € 5,00'];
    expect(field(invoice, 'direction')).toMatchObject({ value: 'payable', confidence: 1 });
    expect(field(invoice, 'counterparty')).toMatchObject({ value: 'Kaffee Export AG', confidence: 0.5 });
    expect(field(invoice, 'direction', 'Kaffee Éxport GmbH')).toMatchObject({ value: 'receivable', confidence: 1 });
    expect(field(invoice, 'counterparty', 'Kaffee Éxport GmbH')).toMatchObject({ value: 'ADA EXPORTS LIMITED' });
    // no company, or only a legal form: a receivable, guessed, and its counterparty less sure
    for (const company of ['', 'Ltd']) {
      expect(field(invoice, 'direction', company)).toEqual({ value: 'receivable', confidence: 0.5, source: null });
      expect(field(invoice, 'counterparty', company)).toMatchObject({ value: 'ADA EXPORTS LIMITED', confidence: 0.8 });
    }
  });

  it('doubts a due date before the issue date and terms counted from shipment; needs an issue date for terms', () => {
    expect(field(['Invoice date 20/11/2026', 'Due date 19/11/2026'], 'dueDate')).toMatchObject({ confidence: 0.3 });
    const fromShipment = field(['Invoice date 20/11/2026', 'Payment: 90 days from B/L date'], 'dueDate');
    expect(fromShipment).toMatchObject({ value: '2027-02-18', confidence: 0.3 });
    expect(field(['Payment terms: Net 60'], 'dueDate').value).toBeNull();
    expect(field(['Shipment date 01/11/2026', 'Some text 20/11/2026'], 'issueDate')).toMatchObject({
      value: '2026-11-20',
      confidence: 0.5,
    });
  });

  it('proposes nothing from empty or wordless text', () => {
    for (const text of ['', '   \n\t\n', '----', '\u0000\u0001']) {
      const read = readInvoice(text);
      for (const proposal of Object.values(read).filter((p) => p !== read.direction)) {
        expect(proposal, JSON.stringify(text)).toEqual({ value: null, confidence: 0, source: null });
      }
    }
  });
});

describe('the invoice reader on hostile text', () => {
  const MB = 1_000_000;
  const hostile: Record<string, string> = {
    digits: '1'.repeat(MB),
    separators: '1,'.repeat(MB / 2),
    groups: '1 234 '.repeat(MB / 6),
    labels: 'Total '.repeat(MB / 6),
    'label lines': 'Total 1,234.00\n'.repeat(MB / 15),
    'bill-to blocks': 'Bill to:\n'.repeat(MB / 9),
    'date starts': '20/'.repeat(MB / 3),
    'month names': '20 Nov '.repeat(MB / 7),
    'one letter': 'a'.repeat(MB),
    'currency signs': '$1 ¥2 R 3 Fr. 4 TL 5 '.repeat(MB / 21),
    terms: 'Net 1 pay 30 days '.repeat(MB / 18),
    everything: 'Invoice No. 1 Date 20.11.2026 Total € 1.234,00 Bill to: X Net 30\n'.repeat(MB / 66),
    'empty lines': '\n'.repeat(MB),
  };
  for (const [name, text] of Object.entries(hostile)) {
    it(`reads 1 MB of ${name} in bounded time and never throws`, () => {
      const started = performance.now();
      const read = readInvoice(text, OWN_COMPANY);
      // typically well under 100 ms once warm; the bound leaves room for a busy machine
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(() => captureSchema.parse({ fileId: 'f', fileName: 'f', textFound: true, ...read })).not.toThrow();
    });
  }

  it('never splits a character: every proposal can be stored and sent', () => {
    const emoji = '😀'.repeat(150);
    const read = readInvoice(`Bill to: Café ${emoji}\nTotal € 5,00 ${emoji}`);
    expect(read.counterparty.value).toBe(`Café ${'😀'.repeat(57)}`);
    expect(read.amount.source).toBe(`Total € 5,00 ${'😀'.repeat(93)}`);
  });

  it('answers every text with proposals the contract accepts', () => {
    const pieces = fc.constantFrom(
      'Invoice No. ',
      'Total ',
      'Bill to:',
      'Date: ',
      'Due date ',
      'Net 30 ',
      '€',
      '$',
      'R$',
      '¥',
      '₹',
      '97.450,00',
      '97,450.00',
      '9,74,500.00',
      '20/11/2026',
      '11/20/2026',
      '20 Nov 2026',
      '2026年11月20日',
      '\n',
      ' ',
      '\uD83D',
      '😀',
    );
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(pieces, { maxLength: 60 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(texts, fc.string({ maxLength: 30 }), (text, company) => {
        const read = readInvoice(text, company);
        captureSchema.parse({ fileId: 'f', fileName: 'f', textFound: true, ...read });
      }),
      { numRuns: 200 },
    );
  });
});
