import type { z } from 'zod';

/** Walking the contract's schemas in its tests: the string schemas a schema holds, with their paths. */

export type Def = { type: string; [key: string]: unknown };
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable from `schema`, with the path that leads to it. */
export function stringsIn(schema: z.ZodType, path: string, seen = new Set<unknown>()): Array<[string, z.ZodType]> {
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
