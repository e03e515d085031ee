import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCodeCache, readerFiles } from './extraction-loader';

/**
 * The script of the extraction processes (extraction-process.ts), with the PDF reader's bundle and
 * code cache beside it (extraction-loader.ts): built in dist (apps/server/build.mjs), or, when the
 * server runs from source (tests, `npm run dev`), bundled here with esbuild on first use, as the
 * build does. Not run under tsx: tsx re-transforms the 1.4 MB PDF reader on every start, ≈ 1.5 s
 * of CPU for each file read against ≈ 0.3 s.
 */

let script: Promise<string> | undefined;

/** The esbuild options of the entry and of the reader's bundle, as apps/server/build.mjs sets them. */
const ENTRY_BUILD = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external' } as const;
const READER_BUILD = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  // pdf.js's canvas factory reads import.meta.url; text extraction never makes a canvas
  logOverride: { 'empty-import-meta': 'silent' },
} as const;

async function bundle(entry: string, options: typeof ENTRY_BUILD | typeof READER_BUILD): Promise<Uint8Array> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({ ...options, entryPoints: [entry], logLevel: 'warning', write: false });
  return outputFiles[0]!.contents;
}

/** Written whole under another name first: another process may start it at any moment. */
function writeWhole(file: string, contents: Uint8Array): void {
  writeFileSync(`${file}.${process.pid}`, contents);
  renameSync(`${file}.${process.pid}`, file);
}

/**
 * The bundles are named by their content, under node_modules/.cache where the entry's own imports
 * resolve: processes share them, and none needs to remove them.
 */
async function bundleFromSource(source: string): Promise<string> {
  const entryCode = await bundle(path.join(source, 'extraction-process.ts'), ENTRY_BUILD);
  const readerCode = await bundle(path.join(source, 'extraction-reader.ts'), READER_BUILD);
  const hash = createHash('sha256').update(entryCode).update(readerCode).digest('hex').slice(0, 16);
  const dir = fileURLToPath(new URL('../../../node_modules/.cache', import.meta.url));
  const file = path.join(dir, `extraction-process-${hash}.mjs`);
  const reader = readerFiles(file);
  if (!existsSync(reader.cache)) {
    mkdirSync(dir, { recursive: true });
    writeWhole(reader.bundle, readerCode);
    writeWhole(file, entryCode);
    await makeCodeCache(file);
  }
  return file;
}

export function extractionScript(): Promise<string> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return Promise.resolve(fileURLToPath(new URL('./extraction-process.js', here)));
  script ??= bundleFromSource(path.dirname(fileURLToPath(here)));
  return script;
}
