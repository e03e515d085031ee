// Two lint rules for the web app's layers (docs/decisions/0015), resolved by this file alone: the
// `@/` alias and relative paths are all the web app uses, so no resolver package is needed.
//   restricted-paths: zones { target, from, except?, message } — a file under `target` may not
//     import a file under `from` unless it matches `except` (globs or folders, relative to basePath).
//   no-cycle: no chain of imports (static, re-exports or dynamic; type-only imports aside) leads
//     from a module back to itself.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(fromFile, specifier, aliasRoot) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(aliasRoot, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null; // a package
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// import … from 'x' | export … from 'x' | import 'x' | import('x'); `import type` / `export type` are left out
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(source) {
  const found = [];
  for (const match of source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').matchAll(IMPORT)) {
    found.push(match[1] ?? match[2]);
  }
  return found;
}

/** The graph, read from disk once per file version for the whole lint run. */
const edges = new Map();
function dependenciesOf(file, aliasRoot) {
  const mtime = statSync(file).mtimeMs;
  const cached = edges.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const targets = importsOf(readFileSync(file, 'utf8'))
    .map((specifier) => resolveImport(file, specifier, aliasRoot))
    .filter((target) => target !== null);
  edges.set(file, { mtime, targets });
  return targets;
}

function leadsBackTo(start, origin, aliasRoot) {
  const seen = new Set();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop();
    if (file === origin) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...dependenciesOf(file, aliasRoot));
  }
  return false;
}

function visitImports(context, check) {
  const onSource = (node) => {
    if (node.source && typeof node.source.value === 'string')
      check(node.source.value, node, node.importKind ?? node.exportKind);
  };
  return {
    ImportDeclaration: onSource,
    ExportNamedDeclaration: onSource,
    ExportAllDeclaration: onSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node.source.value, node, 'value');
    },
  };
}

const asList = (value) => (Array.isArray(value) ? value : [value]);
const isGlob = (pattern) => /[*?{}[\]!(]/.test(pattern);
/** A path (relative to basePath) is under a folder, or matches a glob. */
const matches = (relative, patterns) =>
  asList(patterns).some((pattern) =>
    isGlob(pattern)
      ? minimatch(relative, pattern.replace(/^\*\*\//, ''), { dot: true }) ||
        minimatch(relative, pattern, { dot: true })
      : relative === pattern || relative.startsWith(`${pattern.replace(/\/$/, '')}/`),
  );

const restrictedPaths = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }] },
  create(context) {
    const { basePath, aliasRoot, zones } = context.options[0];
    const file = context.filename;
    const relativeFile = path.relative(basePath, file);
    const active = zones.filter((zone) => matches(relativeFile, zone.target));
    if (active.length === 0) return {};
    return visitImports(context, (specifier, node) => {
      const target = resolveImport(file, specifier, path.resolve(basePath, aliasRoot));
      if (!target) return;
      const relativeTarget = path.relative(basePath, target);
      for (const zone of active) {
        if (matches(relativeTarget, zone.from) && !(zone.except && matches(relativeTarget, zone.except))) {
          context.report({ node, message: `${zone.message} (${specifier})` });
          return;
        }
      }
    });
  },
};

const noCycle = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }] },
  create(context) {
    const { basePath, aliasRoot } = context.options[0];
    const root = path.resolve(basePath, aliasRoot);
    const file = context.filename;
    return visitImports(context, (specifier, node, kind) => {
      if (kind === 'type') return;
      const target = resolveImport(file, specifier, root);
      if (target && leadsBackTo(target, file, root)) {
        context.report({ node, message: `Import cycle: ${specifier} leads back to this module.` });
      }
    });
  },
};

export default { rules: { 'restricted-paths': restrictedPaths, 'no-cycle': noCycle } };
