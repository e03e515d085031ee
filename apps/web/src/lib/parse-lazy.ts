import type { z } from 'zod';

/**
 * Validates an API answer with its shared zod schema, loading the schema module on demand (in
 * parallel with the request) so zod stays out of the entry chunk. See docs/decisions/0010.
 */
export async function parseLazy<S extends z.ZodType>(
  schema: () => Promise<S>,
  data: Promise<unknown>,
): Promise<z.infer<S>> {
  const [answer, loaded] = await Promise.all([data, schema()]);
  return loaded.parse(answer) as z.infer<S>;
}
