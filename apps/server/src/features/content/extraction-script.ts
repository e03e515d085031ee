import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The script of the extraction processes (extraction-process.ts): built beside the bundle in dist
 * (apps/server/build.mjs), or, when the server runs from source (tests, `npm run dev`), bundled
 * here with esbuild on first use, as the build does. Not run under tsx: tsx re-transforms the
 * 1.4 MB PDF reader on every start, ≈ 1.5 s of CPU for each file read against ≈ 0.3 s.
 */

let script: Promise<string> | undefined;

/**
 * The bundle is named by its content, under node_modules/.cache where its own imports (unpdf)
 * resolve: processes share it, and none needs to remove it.
 */
async function bundleFromSource(entry: string): Promise<string> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    write: false,
  });
  const code = outputFiles[0]!.contents;
  const dir = fileURLToPath(new URL('../../../node_modules/.cache', import.meta.url));
  const file = path.join(dir, `extraction-process-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // written whole under another name first: another process may start it at any moment
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
  }
  return file;
}

export function extractionScript(): Promise<string> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return Promise.resolve(fileURLToPath(new URL('./extraction-process.js', here)));
  script ??= bundleFromSource(fileURLToPath(new URL('./extraction-process.ts', here)));
  return script;
}
