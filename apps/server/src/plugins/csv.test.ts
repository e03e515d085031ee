import { describe, expect, it } from 'vitest';
import { neutralised, toCsv } from './csv';

describe('CSV exports', () => {
  it('starts with a byte-order mark and a header, quoting what needs it, with CRLF line ends', () => {
    const csv = toCsv(['reference', 'amount'], [['INV-1, Hamburg "roast"', '97450.00']]);
    expect(csv.startsWith('\uFEFFreference,amount\r\n')).toBe(true);
    expect(csv).toContain('"INV-1, Hamburg ""roast""",97450.00\r\n');
  });

  it('neutralises cells a spreadsheet would run, and keeps numbers numbers', () => {
    expect(neutralised('=HYPERLINK("http://evil.test")')).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(neutralised('+1 555')).toBe(`'+1 555`);
    expect(neutralised('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralised('-cmd')).toBe(`'-cmd`);
    expect(neutralised('-1461.75')).toBe('-1461.75');
    expect(neutralised(null)).toBe('');
    expect(neutralised('Müller & Söhne — €')).toBe('Müller & Söhne — €');
  });
});
