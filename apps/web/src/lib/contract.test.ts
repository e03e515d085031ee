import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './contract';

type Def = { type: string; coerce?: boolean; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Where parsing `schema` could give back something other than what it was given: transforms, defaults, coercion. */
function reshapingIn(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (child: unknown, step: string) => reshapingIn(child as z.ZodType, `${path}${step}`, seen);
  const here = ['pipe', 'transform', 'default', 'prefault', 'catch'].includes(def.type) || def.coerce ? [path] : [];
  const children: Array<[unknown, string]> = [];
  if (def.type === 'object') {
    children.push(
      ...Object.entries((schema as z.ZodObject).shape).map(([key, value]): [unknown, string] => [value, `.${key}`]),
    );
    if (def.catchall) children.push([def.catchall, '.*']);
  }
  if (def.type === 'array') children.push([def.element, '[]']);
  if (def.innerType) children.push([def.innerType, '']);
  if (def.type === 'pipe') children.push([def.in, '<'], [def.out, '>']);
  if (def.type === 'union') (def.options as z.ZodType[]).forEach((option, i) => children.push([option, `|${i}`]));
  if (def.type === 'intersection') children.push([def.left, '&'], [def.right, '&']);
  if (def.type === 'record') children.push([def.keyType, '{key}'], [def.valueType, '{value}']);
  if (def.type === 'tuple') (def.items as z.ZodType[]).forEach((item, i) => children.push([item, `[${i}]`]));
  if (def.type === 'lazy') children.push([(def.getter as () => z.ZodType)(), '']);
  return [...here, ...children.flatMap(([child, step]) => inner(child, step))];
}

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
