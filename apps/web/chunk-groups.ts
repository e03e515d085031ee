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
 * The lazy modules of the app behind the sign-in form: every route page but the public site's
 * static pages, the query layout they share, the full API contract and the lazy parts of the
 * signed-in features. None is loaded by a first visit to the public site (the landing page, the
 * static pages, the chat and the forms there).
 */
export const APP_ROOTS =
  /src[\\/](features[\\/](?!marketing[\\/])[\w-]+[\\/][\w-]+-page\.tsx|features[\\/](dashboard|trading|content|analytics|desk|achievements|settings|campaigns)[\\/].+|app[\\/](query-layout|not-found-page)\.tsx|app[\\/]layout[\\/]sidebar\.tsx|lib[\\/]contract\.ts)$/;

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

const all = (roots: Set<string>, pattern: RegExp) => [...roots].every((root) => pattern.test(root));

/**
 * The chunk a module goes into, or null for the bundler's own choice: `signed-in` for code that
 * two or more signed-in lazy modules share and nothing else loads, `app` for code the other lazy
 * modules of the app share with them (the query layout, the sign-in page, the stories). What a
 * first visit to the public site loads is never in either, so no public page's download grows.
 * Code of one page stays in that page's chunk; a library loaded on demand (the price chart's)
 * stays its own chunk, as it is a root of its own.
 */
export function appChunkOf(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): string | null {
  const roots = rootsOf(id, graph, memo);
  if (roots.size < 2) return null;
  if (all(roots, SIGNED_IN_ROOTS)) return 'signed-in';
  return all(roots, APP_ROOTS) ? 'app' : null;
}
