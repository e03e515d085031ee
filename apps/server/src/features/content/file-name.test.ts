import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('display names of uploaded files', () => {
  it('drops folders, whichever separator the client used', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\ada\\invoice.pdf')).toBe('invoice.pdf');
  });

  it('removes control and bidi characters, so a name shows what it is', () => {
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\r\nb\u0000.txt')).toBe('a b.txt');
  });

  it('normalises to NFC and keeps the extension of a long name', () => {
    expect(cleanFileName('Cafe\u0301.txt')).toBe('Café.txt');
    const long = cleanFileName(`${'я'.repeat(300)}.pdf`);
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('я.pdf')).toBe(true);
  });

  it('falls back when nothing is left', () => {
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    expect(cleanFileName('\u202e')).toBe('file');
  });
});
