import { describe, expect, it } from 'vitest';
import { signedInChunkOf, rootsOf, type ModuleGraph } from '../../chunk-groups';

const src = '/repo/apps/web/src';
const ENTRY = `${src}/main.tsx`;
const DASHBOARD = `${src}/features/dashboard/dashboard-page.tsx`;
const DESK = `${src}/features/desk/desk-page.tsx`;
const LOGIN = `${src}/features/auth/login-page.tsx`;
const LANDING = `${src}/features/marketing/landing-page.tsx`;
const CHARTS = '/repo/node_modules/lightweight-charts/dist/lightweight-charts.production.mjs';

/** A module graph from "importer → imported" lists; `lazy` are imported dynamically by the entry. */
function graphOf(imports: Record<string, string[]>, lazy: string[]): ModuleGraph {
  const modules = new Map<string, { importers: string[]; dynamicImporters: string[]; isEntry: boolean }>();
  const info = (id: string) => {
    let found = modules.get(id);
    if (!found) modules.set(id, (found = { importers: [], dynamicImporters: [], isEntry: id === ENTRY }));
    return found;
  };
  info(ENTRY);
  for (const id of lazy) info(id).dynamicImporters.push(ENTRY);
  for (const [importer, imported] of Object.entries(imports))
    for (const id of imported) info(id).importers.push(importer);
  return (id) => modules.get(id) ?? null;
}

describe('the chunk groups of the signed-in pages', () => {
  const ui = `${src}/ui/table.tsx`;
  const trading = `${src}/features/trading/format.ts`;
  const button = `${src}/ui/button.tsx`;
  const query = '/repo/node_modules/@tanstack/query-core/build/modern/query.js';
  const react = '/repo/node_modules/react/index.js';
  const graph = graphOf(
    {
      [ENTRY]: [react],
      [DASHBOARD]: [ui, trading, button, query, react],
      [DESK]: [ui, trading, query, react],
      [trading]: [ui],
      [LOGIN]: [query, button],
      [LANDING]: [button, react],
      [`${src}/features/trading/components/chart-frame.tsx`]: [],
    },
    [DASHBOARD, DESK, LOGIN, LANDING, CHARTS],
  );
  const chunkOf = (id: string) => signedInChunkOf(id, graph, new Map());

  it('knows the lazy modules whose static imports reach a module, through other modules', () => {
    expect(rootsOf(ui, graph)).toEqual(new Set([DASHBOARD, DESK]));
    expect(rootsOf(react, graph)).toEqual(new Set([ENTRY, DASHBOARD, DESK, LANDING]));
  });

  it('puts what only signed-in pages share into one chunk', () => {
    expect(chunkOf(ui)).toBe('signed-in');
    expect(chunkOf(trading)).toBe('signed-in');
  });

  it("leaves a page's own code, the entry's, a library loaded on demand and what sign-in or a public page loads to the bundler", () => {
    expect(chunkOf(DASHBOARD)).toBeNull();
    expect(chunkOf(query)).toBeNull();
    expect(chunkOf(react)).toBeNull();
    expect(chunkOf(CHARTS)).toBeNull();
    expect(chunkOf(button)).toBeNull();
  });
});
