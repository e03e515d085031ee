import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { storableText, TEXT_MESSAGE } from './api/text';
import { defOf, stringsIn, type Def } from './schema-walk.fixture';

/** String formats whose grammar has no room for NUL or a lone surrogate. */
const SAFE_FORMATS = new Set([
  'email',
  'uuid',
  'guid',
  'datetime',
  'date',
  'time',
  'duration',
  'cuid',
  'cuid2',
  'ulid',
]);
const UNSTORABLE = ['\u0000', 'a\u0000b', 'ok\u0000', '\ud800', 'x\ud800y', 'y\udc00', '\udfff\ud800'];

const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('every string of the contract refuses NUL and lone surrogates', () => {
  it('finds the contract’s schemas', () => {
    expect(schemas.length).toBeGreaterThan(60);
  });

  it.each(schemas)('%s', (name, schema) => {
    for (const [path, leaf] of stringsIn(schema, name)) {
      const def = defOf(leaf) as Def & { checks?: Array<{ _zod: { def: unknown } }>; format?: string };
      const checked = def.checks?.some((check) => check === storableText || check._zod.def === storableText._zod.def);
      expect(checked || SAFE_FORMATS.has(def.format ?? ''), `${path} is a plain z.string(): use text()`).toBe(true);
      for (const value of UNSTORABLE) {
        expect(leaf.safeParse(value).success, `${path} accepted ${JSON.stringify(value)}`).toBe(false);
      }
    }
  });

  it('names the field and says why', () => {
    const result = contract.profileUpdateSchema.safeParse({ name: 'a\u0000b', phone: '+1 555' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: TEXT_MESSAGE })]);
    const surrogate = contract.magicLinkRequestSchema.safeParse({ email: 'a@example.com', name: 'x\ud800y' });
    expect(surrogate.error?.issues.map((i) => i.path)).toEqual([['name']]);
    // a pair of surrogates is an ordinary character
    expect(contract.profileUpdateSchema.safeParse({ name: 'Ada 😀', phone: '1' }).success).toBe(true);
  });
});
