import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrors } from './form-errors';

describe('fieldErrors', () => {
  const error = new ApiError('Invalid request', 400, 'VALIDATION', [
    { field: 'email', message: 'Invalid email' },
    { field: 'email', message: 'a second message for the same field' },
    { field: 'StopPrice', message: 'stopPrice is required' },
    { field: 'other', message: 'not a field of this form' },
  ]);

  it("keeps the first message of each of the form's fields, matched without regard to case", () => {
    expect(fieldErrors(error, ['email', 'name'] as const)).toEqual({ email: 'Invalid email' });
    expect(fieldErrors(error, ['stopPrice'] as const)).toEqual({ stopPrice: 'stopPrice is required' });
  });

  it('rewords each message for its field, and reads details from an answer as well as an error', () => {
    const answer = { success: false, details: [{ field: 'stopLoss', message: 'too close' }] };
    expect(fieldErrors(answer, ['stopLoss'] as const, (field, message) => `${field}: ${message}`)).toEqual({
      stopLoss: 'stopLoss: too close',
    });
  });

  it('gives nothing for an error without details or a value that is not an answer', () => {
    expect(fieldErrors(new ApiError('Network error', 0, 'NETWORK'), ['email'] as const)).toEqual({});
    expect(fieldErrors(new Error('boom'), ['email'] as const)).toEqual({});
    expect(fieldErrors(null, ['email'] as const)).toEqual({});
  });
});
