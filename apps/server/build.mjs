// Bundles the server (and the shared package) into dist/server.js, and the process that reads an
// uploaded file's text into dist/extraction-process.js beside it; dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

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
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('content', 'dist/content', { recursive: true }); // stories (Markdown) read at run time
console.log('server built: dist/server.js');
