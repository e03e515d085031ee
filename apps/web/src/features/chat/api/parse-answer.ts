import type { z } from 'zod';

type Schemas = typeof import('./contract-schemas');

/**
 * Validates an API answer against its shared zod schema, loading the schemas on demand
 * (a separate chunk fetched in parallel with the request).
 */
export async function parseAnswer<K extends keyof Schemas>(
  name: K,
  data: Promise<unknown>,
): Promise<z.infer<Schemas[K]>> {
  const [answer, schemas] = await Promise.all([data, import('./contract-schemas')]);
  return schemas[name].parse(answer) as z.infer<Schemas[K]>;
}
