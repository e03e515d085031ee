import { expect } from 'vitest';
import { createQueryClient, prefetchFirstReads, type FirstRead } from '@/lib/query-client';
import { installTestAuthHooks } from './auth-hooks';
import type { ApiCall } from './mock-api';

const asked = (calls: readonly ApiCall[]) => calls.map((call) => call.url.pathname + call.url.search);

/**
 * A query cache holding a page's first reads, as the route table asks for them before the page's
 * module loads (docs/decisions/0055), and the addresses they asked for.
 */
export async function withFirstReads(reads: readonly FirstRead[], calls: readonly ApiCall[]) {
  // the app's auth provider installs its own hooks when it renders
  installTestAuthHooks();
  const queryClient = createQueryClient();
  await prefetchFirstReads(reads, queryClient);
  expect(calls).toHaveLength(reads.length);
  return { queryClient, firstReads: asked(calls) };
}

/** Once the page shows its data: it asked for none of its first reads again. */
export function expectNoneAskedAgain(calls: readonly ApiCall[], firstReads: readonly string[]) {
  const again = asked(calls.slice(firstReads.length)).filter((url) => firstReads.includes(url));
  expect(again).toEqual([]);
}
