import { describe, expect, it } from 'vitest';
import { formatBytes, formatFileSize } from './file-size';

describe('file sizes', () => {
  it('shows sizes in MB with 2 decimals, grouped (docs/product/ui-layer.md#numbers)', () => {
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(3 * 1024 * 1024 * 1024)).toBe('3,072.00 MB');
  });

  it('says "< 0.01 MB" for a file too small to show in MB, never "0.00 MB"', () => {
    expect(formatFileSize(1)).toBe('< 0.01 MB');
    expect(formatFileSize(2_048)).toBe('< 0.01 MB');
    expect(formatFileSize(5_242)).toBe('< 0.01 MB'); // 0.00499… MB
    expect(formatFileSize(5_243)).toBe('0.01 MB'); // rounds up to the smallest figure
    expect(formatFileSize(10_486)).toBe('0.01 MB');
  });

  it('shows other sizes for people, in the unit that fits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4.56 * 1024 * 1024)).toBe('4.56 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });
});
