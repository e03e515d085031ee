import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

/**
 * The answer's JSON schema as fast-json-stringify should read it: `format` dropped (it would turn
 * a Date into a date-time; the contract's strings are strings), and `additionalProperties: false`
 * dropped so that a union picks its branch as zod does (extra keys are stripped either way: the
 * compiled serializer writes only the properties a schema names).
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'format' || keyword === '$schema') continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    result[keyword] =
      keyword === 'properties' || keyword === 'definitions' ? mapValues(value, forSerializer) : forSerializer(value);
  }
  return result;
}

const mapValues = (object: unknown, map: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object as JsonSchema).map(([key, value]) => [key, map(value)]));

/** A serializer compiled from the zod schema's JSON schema, or null when zod's output is not plain JSON data (transforms, dates). */
export function compileFastSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(forSerializer(jsonSchema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * Response serialization from the shared zod schemas. In production an answer is written by a
 * serializer compiled once from its schema (zod's encode and JSON.stringify were ≈ 9 % of a small
 * answer's CPU); elsewhere (development, tests) every answer is still checked against its zod
 * schema, as before, and the compiled serializer's output must equal zod's — so the whole test
 * suite also proves the two agree. Schemas without a plain JSON output keep zod's serializer.
 */
export function responseSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route);
    const schema = route.schema instanceof z.ZodType ? route.schema : null;
    const fast = schema && compileFastSerializer(schema);
    if (!schema || !fast) return zodSerializer;
    if (!options.validate) return fast;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written}, ` +
            `not what its zod schema gives: ${JSON.stringify(checked.data)}`,
        );
      }
      return written;
    };
  };
}
