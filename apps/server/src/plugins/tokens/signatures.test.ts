import { describe, expect, it } from 'vitest';
import { purposeKey, sameBytes, sameSecret, sign } from './signatures';

const SECRET = 'a-secret-long-enough-for-the-tests-of-signatures';

describe('signatures', () => {
  it('signs with a key of its own per purpose and secret', () => {
    const content = purposeKey(SECRET, 'tp:content-signed-url:v1');
    expect(purposeKey(SECRET, 'tp:content-signed-url:v1')).toBe(content);
    expect(purposeKey(SECRET, 'tp:campaign-links:v1').equals(content)).toBe(false);
    expect(purposeKey(`${SECRET}-rotated`, 'tp:content-signed-url:v1').equals(content)).toBe(false);
    expect(sign(content, 'file\n1').equals(sign(purposeKey(SECRET, 'tp:campaign-links:v1'), 'file\n1'))).toBe(false);
  });

  it('cuts a signature to the bytes asked for, its prefix unchanged', () => {
    const key = purposeKey(SECRET, 'tp:test:v1');
    const whole = sign(key, 'subject');
    expect(whole).toHaveLength(32);
    expect(sign(key, 'subject', 16).equals(whole.subarray(0, 16))).toBe(true);
  });

  it('compares bytes and secrets: equal, different, a different length, nothing given', () => {
    expect(sameBytes(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(sameBytes(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(sameBytes(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
    expect(sameSecret('hook-secret', 'hook-secret')).toBe(true);
    expect(sameSecret('hook-secret', 'hook-secret ')).toBe(false);
    expect(sameSecret('hook-secret', undefined)).toBe(false);
    expect(sameSecret('hook-secret', '')).toBe(false);
  });
});
