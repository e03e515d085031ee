import { describe, expect, it } from 'vitest';
import {
  codeForStatus,
  isProfileComplete,
  magicLinkRequestSchema,
  messageForStatus,
  profileUpdateSchema,
  redirectPathSchema,
} from './index';

describe('error catalogue', () => {
  it('uses the spec texts by status, with the generic fallback', () => {
    expect(messageForStatus(401)).toBe('Your session has expired. Please log in again.');
    expect(messageForStatus(409)).toBe('A user with this email already exists.');
    expect(messageForStatus(429)).toBe('Too many requests. Please try again later.');
    expect(messageForStatus(418)).toBe('An unexpected error occurred.');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(502)).toBe('INTERNAL_ERROR');
  });
});

describe('auth contract', () => {
  it('lowercases and trims the e-mail, trims the name, defaults to sign-in', () => {
    const parsed = magicLinkRequestSchema.parse({ email: '  Ada@Example.COM ', name: '  Ada  ' });
    expect(parsed).toMatchObject({ email: 'ada@example.com', name: 'Ada', mode: 'signin' });
  });

  it('rejects a malformed e-mail and names the field', () => {
    const result = magicLinkRequestSchema.safeParse({ email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['email']);
  });

  it('keeps only same-origin paths as redirect targets', () => {
    expect(redirectPathSchema.safeParse('/dashboard?tab=1').success).toBe(true);
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
      'javascript:alert(1)',
    ]) {
      expect(redirectPathSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('requires name and phone in the profile form, company and position optional', () => {
    expect(profileUpdateSchema.safeParse({ name: 'Ada', phone: '+44 20 7946 0958' }).success).toBe(true);
    const missing = profileUpdateSchema.safeParse({ name: ' ', phone: '' });
    expect(missing.error?.issues.map((i) => i.path[0])).toEqual(['name', 'phone']);
  });

  it('calls a profile complete once the fields the form requires are filled in, so saving the form never loops', () => {
    const required = { name: 'Ada', phone: '1', company: '', position: '' };
    expect(isProfileComplete(required)).toBe(true);
    expect(isProfileComplete({ ...required, phone: '  ' })).toBe(false);
    expect(isProfileComplete({ ...required, name: '' })).toBe(false);
    // whatever the form accepts is complete
    const saved = profileUpdateSchema.parse({ name: 'Ada', phone: '+44 20 7946 0958' });
    expect(isProfileComplete(saved)).toBe(true);
  });
});
