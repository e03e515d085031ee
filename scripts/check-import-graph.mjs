// The import graph of both apps, read by dpdm (type-only and dynamic imports included). Run by
// `npm run lint`; prints each offence and exits 1.
//   - No module reaches itself through its imports: a cycle makes the order of evaluation decide
//     what a module sees at load.
//   - Server features depend on each other one way only (docs/decisions/0043): no feature reaches
//     itself through other features' app code (tests, which arrange other features' rows, aside).
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = path.resolve(import.meta.dirname, '..');
const apps = [
  { name: 'apps/server', tsconfig: 'apps/server/tsconfig.json' },
  { name: 'apps/web', tsconfig: 'apps/web/tsconfig.json' },
];
const serverFeatures = 'apps/server/src/features/';
const isTestCode = (file) => /\.test\.tsx?$|-test-kit\.ts$|\/test\//.test(file);

async function graphOf(app) {
  return parseDependencyTree(`${app.name}/src/**/*.{ts,tsx}`, {
    cwd: root,
    context: root,
    tsconfig: path.join(root, app.tsconfig),
    transform: false,
  });
}

const featureOf = (file) => (file.startsWith(serverFeatures) ? file.slice(serverFeatures.length).split('/')[0] : null);

/** Feature-level edges of app code: feature → the other features it imports. */
function featureEdges(tree) {
  const edges = new Map();
  for (const [file, dependencies] of Object.entries(tree)) {
    const from = featureOf(file);
    if (!from || !dependencies || isTestCode(file)) continue;
    for (const dependency of dependencies) {
      const to = dependency.id && featureOf(dependency.id);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${file} → ${dependency.id}`);
    }
  }
  return edges;
}

/** One chain of features leading from `start` back to it, or null. */
function featureCycleFrom(start, edges) {
  const seen = new Set();
  const walk = (feature, trail) => {
    for (const [next, example] of edges.get(feature) ?? []) {
      if (next === start) return [...trail, example];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, example]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

const problems = [];
for (const app of apps) {
  const tree = await graphOf(app);
  for (const circle of parseCircular(tree)) {
    problems.push(`${app.name}: import cycle ${[...circle, circle[0]].join(' → ')}`);
  }
  if (app.name !== 'apps/server') continue;
  const edges = featureEdges(tree);
  const reported = new Set();
  for (const feature of [...edges.keys()].sort()) {
    const cycle = featureCycleFrom(feature, edges);
    if (!cycle || reported.has(feature)) continue;
    cycle.forEach((step) => reported.add(featureOf(step.split(' → ')[0])));
    problems.push(`apps/server: features import each other (make it one way):\n    ${cycle.join('\n    ')}`);
  }
}

for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
