import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { storableText, TEXT_MESSAGE } from './api/text';

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

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable from `schema`, with the path that leads to it. */
function stringsIn(schema: z.ZodType, path: string, seen = new Set<unknown>()): Array<[string, z.ZodType]> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (inner: unknown, step: string) => stringsIn(inner as z.ZodType, `${path}${step}`, seen);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object': {
      const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      return [
        ...Object.entries(shape).flatMap(([key, value]) => walk(value, `.${key}`)),
        ...(def.catchall ? walk(def.catchall, '.*') : []),
      ];
    }
    case 'array':
      return walk(def.element, '[]');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, '');
    case 'pipe':
      return [...walk(def.in, ''), ...walk(def.out, '>')];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option, i) => walk(option, `|${i}`));
    case 'intersection':
      return [...walk(def.left, '&L'), ...walk(def.right, '&R')];
    case 'record':
    case 'map':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{value}')];
    case 'set':
      return walk(def.valueType, '{}');
    case 'tuple':
      return [
        ...(def.items as z.ZodType[]).flatMap((item, i) => walk(item, `[${i}]`)),
        ...(def.rest ? walk(def.rest, '[...]') : []),
      ];
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), '');
    default:
      // numbers, booleans, enums, literals, dates, unknown (re-validated by its own schema), transforms
      return [];
  }
}

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
