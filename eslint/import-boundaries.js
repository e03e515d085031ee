// The lint rule for the layers of the web app and the server (docs/decisions/0015, 0014), resolved by
// this file alone: the `@/` alias and relative paths are all the apps use, so no resolver package is
// needed. Import cycles are found by dpdm (`npm run lint:imports`), type-only imports included.
//   restricted-paths: zones { target, from, except?, message } — a file under `target` may not
//     import a file under `from` unless it matches `except` (globs or folders, relative to basePath).
import { existsSync, statSync } from 'node:fs';
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

export default { rules: { 'restricted-paths': restrictedPaths } };
