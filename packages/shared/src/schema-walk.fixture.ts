import type { z } from 'zod';

/** Walking the contract's schemas in tests (the shared package's and the web client's): what a schema holds, with paths. */

export type Def = { type: string; coerce?: boolean; [key: string]: unknown };
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas `schema` holds directly, each with the step of the path that leads to it. */
function childrenOf(schema: z.ZodType): Array<[z.ZodType, string]> {
  const def = defOf(schema);
  const child = (inner: unknown, step: string): [z.ZodType, string] => [inner as z.ZodType, step];
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      return [
        ...Object.entries(shape).map(([key, value]) => child(value, `.${key}`)),
        ...(def.catchall ? [child(def.catchall, '.*')] : []),
      ];
    }
    case 'array':
      return [child(def.element, '[]')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [child(def.innerType, '')];
    case 'pipe':
      return [child(def.in, ''), child(def.out, '>')];
    case 'union':
      return (def.options as z.ZodType[]).map((option, i) => child(option, `|${i}`));
    case 'intersection':
      return [child(def.left, '&L'), child(def.right, '&R')];
    case 'record':
    case 'map':
      return [child(def.keyType, '{key}'), child(def.valueType, '{value}')];
    case 'set':
      return [child(def.valueType, '{}')];
    case 'tuple':
      return [
        ...(def.items as z.ZodType[]).map((item, i) => child(item, `[${i}]`)),
        ...(def.rest ? [child(def.rest, '[...]')] : []),
      ];
    case 'lazy':
      return [child((def.getter as () => z.ZodType)(), '')];
    default:
      // numbers, booleans, enums, literals, dates, unknown (re-validated by its own schema), transforms
      return [];
  }
}

/** `visit`'s findings in `schema` and every schema it holds, each schema visited once. */
function collect<T>(
  schema: z.ZodType,
  path: string,
  visit: (schema: z.ZodType, path: string) => T[],
  seen = new Set<unknown>(),
): T[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  return [
    ...visit(schema, path),
    ...childrenOf(schema).flatMap(([inner, step]) => collect(inner, `${path}${step}`, visit, seen)),
  ];
}

/** Every string schema reachable from `schema`, with the path that leads to it. */
export const stringsIn = (schema: z.ZodType, path: string): Array<[string, z.ZodType]> =>
  collect(schema, path, (inner, at): Array<[string, z.ZodType]> =>
    defOf(inner).type === 'string' ? [[at, inner]] : [],
  );

/**
 * The paths in `schema` where parsing could give back something other than what it was given: a
 * transform or pipe, a default, a caught error, a coercion.
 */
export const reshapingIn = (schema: z.ZodType, path: string): string[] =>
  collect(schema, path, (inner, at) => {
    const def = defOf(inner);
    return ['pipe', 'transform', 'default', 'prefault', 'catch'].includes(def.type) || def.coerce ? [at] : [];
  });
