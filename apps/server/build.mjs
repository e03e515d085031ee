// Bundles the server (and the shared package) into dist/server.js, and the process that reads an
// uploaded file's text into dist/extraction-process.js beside it; dependencies stay in node_modules,
// except in that process's PDF reader, bundled whole into dist/extraction-process.reader.cjs with
// its V8 code cache (src/features/content/extraction-loader.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { contractVersion } from '../../packages/shared/contract-version.mjs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/db/migrate-cli.ts',
    'extraction-process': 'src/features/content/extraction-process.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
  // the shared contract the server answers by, sent with every API answer (src/contract-version.ts)
  define: { __CONTRACT_VERSION__: JSON.stringify(contractVersion()) },
  plugins: [
    {
      // the shared workspace package is TypeScript source: bundle it instead of leaving it external
      name: 'bundle-shared',
      setup(b) {
        b.onResolve({ filter: /^@tp\/shared$/ }, () => ({
          path: new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
        }));
      },
    },
  ],
});
await build({
  entryPoints: ['src/features/content/extraction-reader.ts'],
  outfile: 'dist/extraction-process.reader.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // smaller to read at each start; names kept (a failure reports its error's name)
  minifyWhitespace: true,
  minifySyntax: true,
  // pdf.js's canvas factory reads import.meta.url; text extraction never makes a canvas
  logOverride: { 'empty-import-meta': 'silent' },
});
const codeCache = spawnSync(process.execPath, ['dist/extraction-process.js', 'code-cache'], { stdio: 'inherit' });
if (codeCache.status !== 0) throw new Error("the PDF reader's code cache could not be made");
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('content', 'dist/content', { recursive: true }); // stories (Markdown) read at run time
console.log('server built: dist/server.js');
