import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { defOf, stringsIn } from './schema-walk.fixture';

type Check = { _zod: { def: { check?: string; maximum?: number; minimum?: number } } };

/** The lengths a string schema's checks refuse: one character over each maximum, one under each minimum. */
function refusedLengths(schema: z.ZodType): number[] {
  const checks = (defOf(schema).checks ?? []) as Check[];
  return checks.flatMap(({ _zod: { def } }) => {
    if (def.check === 'max_length' && def.maximum !== undefined) return [def.maximum + 1];
    if (def.check === 'min_length' && def.minimum !== undefined && def.minimum > 0) return [def.minimum - 1];
    return [];
  });
}

const requests = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType && /(Request|Update)Schema$/.test(entry[0]),
);

describe("a request's length limits are worded for people", () => {
  it('finds the requests', () => {
    expect(requests.length).toBeGreaterThan(15);
  });

  it.each(requests)('%s', (name, schema) => {
    for (const [path, leaf] of stringsIn(schema, name)) {
      for (const length of refusedLengths(leaf)) {
        const messages = leaf.safeParse('a'.repeat(length)).error?.issues.map((issue) => issue.message) ?? [];
        expect(messages.length, `${path} takes ${length} characters`).toBeGreaterThan(0);
        for (const message of messages) {
          expect(message, `${path} at ${length} characters says zod's default`).not.toMatch(
            /^Too (big|small)|expected/,
          );
        }
      }
    }
  });

  it('says the limit in words', () => {
    const result = contract.profileUpdateSchema.safeParse({
      name: 'a'.repeat(contract.PROFILE_LIMITS.nameMax + 1),
      phone: '1',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: 'Must be at most 120 characters' }),
    ]);
  });
});
