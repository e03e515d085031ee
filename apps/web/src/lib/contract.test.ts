import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reshapingIn } from '@tp/shared/schema-walk';
import * as contract from './contract';

const answerSchemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('the answer schemas the client loads', () => {
  it('are all here: the public pages, the session check and the rest', () => {
    const names = answerSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['publicConfigSchema', 'meResponseSchema', 'portfolioResponseSchema']),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  // An answer by this page's contract is used without parsing (docs/decisions/0056): that is the
  // same value only while parsing an answer the server wrote changes nothing but extra keys.
  it('give back what they are given: no transform, default or coercion in any answer', () => {
    expect(answerSchemas.flatMap(([name, schema]) => reshapingIn(schema, name))).toEqual([]);
  });

  it('would be caught reshaping an answer', () => {
    const reshaping = z.object({ at: z.string(), items: z.array(z.object({ n: z.coerce.number() })).default([]) });
    expect(reshapingIn(reshaping, 'example')).toEqual(['example.items', 'example.items[].n']);
  });
});
