import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromSchemaValidation, fromZodError, validationFailed } from './errors';

describe('the validation answer', () => {
  it('is a 400 VALIDATION_FAILED naming each field, its message summing them up unless a spec text is given', () => {
    const details = [
      { field: 'quantity', message: 'Too small' },
      { field: 'symbol', message: 'Required' },
    ];
    expect(validationFailed(details)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request: quantity: Too small; symbol: Required',
      details,
    });
    expect(validationFailed(details, 'Fill in the order').message).toBe('Fill in the order');
  });

  it('names a zod issue by its path, and one at the root by the name given', () => {
    const schema = z.object({ lines: z.array(z.object({ price: z.string() })) });
    const nested = schema.safeParse({ lines: [{ price: 1 }] });
    expect(fromZodError(nested.error!).details).toEqual([
      { field: 'lines.0.price', message: expect.any(String) as string },
    ]);
    const root = schema.safeParse('text');
    expect(fromZodError(root.error!, 'fields').details?.map((d) => d.field)).toEqual(['fields']);
    expect(fromZodError(root.error!).details?.map((d) => d.field)).toEqual(['body']);
  });

  it('names a route schema issue by its path within the part of the request it checked', () => {
    const error = fromSchemaValidation({
      validationContext: 'querystring',
      validation: [{ instancePath: '/lists/1', message: 'Invalid' }, { instancePath: '' }],
    });
    expect(error.details).toEqual([
      { field: 'lists.1', message: 'Invalid' },
      { field: 'querystring', message: 'Invalid value' },
    ]);
  });
});
