import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meResponseSchema, publicConfigSchema } from '@tp/shared';
import { compileFastSerializer, responseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('compiled response serializers', () => {
  it('write what zod gives: extra keys stripped, nulls, unions, records, optional fields', () => {
    const schema = z.object({
      name: z.string().nullable(),
      at: z.iso.datetime(),
      kind: z.union([z.object({ k: z.literal('a') }), z.object({ k: z.literal('b'), v: z.number() })]),
      counts: z.record(z.string(), z.number()),
      tags: z.array(z.string()).optional(),
    });
    const fast = compileFastSerializer(schema)!;
    const data = {
      name: null,
      at: '2026-11-23T10:00:00.000Z',
      kind: { k: 'b', v: 2, secret: 'x' },
      counts: { a: 1 },
      password: 'never written',
    };
    expect(JSON.parse(fast(data))).toEqual(z.encode(schema, data as never));
    expect(fast(data)).not.toContain('never written');
  });

  it('leave schemas whose output is not plain JSON to zod', () => {
    expect(compileFastSerializer(z.object({ at: z.date() }))).toBeNull();
    expect(compileFastSerializer(z.string().transform(Number))).toBeNull();
  });

  it('compile the shared answers of the hot routes', () => {
    expect(compileFastSerializer(publicConfigSchema)).toBeTypeOf('function');
    expect(compileFastSerializer(meResponseSchema)).toBeTypeOf('function');
  });

  it('outside production still refuse an answer its schema refuses', () => {
    const schema = z.object({ count: z.number().int() });
    const checked = responseSerializerCompiler({ validate: true })(route(schema) as never);
    expect(checked({ count: 2 })).toBe('{"count":2}');
    expect(() => checked({ count: 'two' })).toThrow();
    expect(() => checked({})).toThrow();
  });

  it('in production write with the compiled serializer alone', () => {
    const schema = z.object({ count: z.number().int(), extra: z.string().optional() });
    const fast = responseSerializerCompiler({ validate: false })(route(schema) as never);
    expect(fast({ count: 2, other: true })).toBe('{"count":2}');
  });
});
