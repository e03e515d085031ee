import { describe, expect, it } from 'vitest';
import { matchesAccept, rejectionLines, validateFiles } from './file-validation';

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe('file validation', () => {
  it('matches MIME types, families, extensions and any', () => {
    const pdf = { name: 'Report.PDF', type: 'application/pdf' };
    expect(matchesAccept(pdf, [])).toBe(true);
    expect(matchesAccept(pdf, ['*'])).toBe(true);
    expect(matchesAccept(pdf, ['.pdf'])).toBe(true);
    expect(matchesAccept(pdf, ['application/pdf'])).toBe(true);
    expect(matchesAccept(pdf, ['image/*', '.png'])).toBe(false);
    expect(matchesAccept({ name: 'a.jpg', type: 'image/jpeg' }, ['image/*'])).toBe(true);
  });

  it('rejects files over 10 MB by default with the spec text', () => {
    const { accepted, rejected } = validateFiles([file('big.bin', 10_485_761, ''), file('ok.bin', 10_485_760, '')]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.bin']);
    expect(rejected).toEqual([{ file: expect.any(File), reason: 'File size exceeds 10MB limit' }]);
  });

  it('names the accepted types and stops at maxFiles', () => {
    const { accepted, rejected } = validateFiles(
      [file('a.png', 1, 'image/png'), file('b.exe', 1, 'application/x-msdownload'), file('c.png', 1, 'image/png')],
      { accept: ['image/*', '.pdf'], maxFiles: 3, currentCount: 2, maxFileSize: 2 * 1024 * 1024 },
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(rejectionLines(rejected)).toBe(
      'b.exe: File type not allowed. Accepted: image/*, .pdf\nc.png: Maximum files reached',
    );
  });
});
