import type { z } from 'zod';
import { parseLazy } from '@/lib/parse-lazy';

type Schemas = typeof import('./contract-schemas');

/** Validates an API answer against one of the public-site schemas, loaded on demand (see lib/parse-lazy). */
export function parseAnswer<K extends keyof Schemas>(name: K, data: Promise<unknown>): Promise<z.infer<Schemas[K]>> {
  return parseLazy(() => import('./contract-schemas').then((m) => m[name] as Schemas[K]), data) as Promise<
    z.infer<Schemas[K]>
  >;
}
