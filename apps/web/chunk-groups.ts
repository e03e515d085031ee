// How the build groups the code of the signed-in pages (docs/decisions/0049). Left to itself the
// bundler gives every set of lazy modules that share code a chunk of its own: a signed-in page then
// loaded 80–96 files, several imports deep, each level one more round trip on a phone.

/** What the bundler tells about a module (the part of Rolldown's ModuleInfo read here). */
export interface ModuleGraphInfo {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  isEntry: boolean;
}
export type ModuleGraph = (id: string) => ModuleGraphInfo | null;

/** The lazy modules only a signed-in person loads: the signed-in pages and the sidebar. */
export const SIGNED_IN_ROOTS =
  /src[\\/](features[\\/](dashboard[\\/]dashboard|trading[\\/]trades|content[\\/]content-access|analytics[\\/]analytics|desk[\\/]desk|achievements[\\/]achievements|settings[\\/](settings|feature-flags)|auth[\\/](profile|complete-profile))-page\.tsx|app[\\/]layout[\\/]sidebar\.tsx)$/;

/**
 * The loading roots of a module: the entry or lazy modules (a route's page, a lazy component,
 * a library loaded on demand) whose static imports reach it. A module loaded lazily is its own root.
 */
export function rootsOf(id: string, graph: ModuleGraph, memo = new Map<string, Set<string>>()): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  // set before the walk: an import cycle adds nothing new
  memo.set(id, roots);
  const info = graph(id);
  if (!info) return roots;
  if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id);
  for (const importer of info.importers) for (const root of rootsOf(importer, graph, memo)) roots.add(root);
  return roots;
}

/**
 * The chunk a module goes into, or null for the bundler's own choice: `signed-in` for code that
 * two or more signed-in lazy modules share and nothing else loads, so no other page's download
 * grows. Code of one page stays in that page's chunk; a library loaded on demand (the price
 * chart's) stays its own chunk, as it is a root of its own. (Code the signed-in pages share with
 * the sign-in page or the stories is left out too: both load the query layout, and grouping it
 * with the signed-in pages' code made their download ≈ 65 KB larger.)
 */
export function signedInChunkOf(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): string | null {
  const roots = rootsOf(id, graph, memo);
  if (roots.size < 2) return null;
  return [...roots].every((root) => SIGNED_IN_ROOTS.test(root)) ? 'signed-in' : null;
}
