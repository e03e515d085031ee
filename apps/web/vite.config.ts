import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { contractVersion } from '../../packages/shared/contract-version.mjs';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

// React Router's package exports only its development build (dev warnings on); production builds use its twin.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const LANDING_ICONS =
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](chart-column|chart-line|check|chevron-down|circle-check|clock|download|file-text|folder-open|mail)\.mjs$/;

/**
 * The dev server's page paints the stored theme before the app starts, as the built pages' blocking
 * script does (scripts/prerender.mjs); the app itself does not paint it (lib/theme-boot.tsx).
 */
const devThemePaint: Plugin = {
  name: 'tp-dev-theme-paint',
  apply: 'serve',
  transformIndexHtml: () => [
    { tag: 'script', attrs: { type: 'module', src: '/src/boot/theme-paint.ts' }, injectTo: 'head' },
  ],
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), devThemePaint],
  // the shared contract this page was built with: an answer of the same version is not parsed again (lib/api-client)
  define: { __CONTRACT_VERSION__: JSON.stringify(contractVersion()) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 3000,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    // no source maps in the build: served, they hand every visitor the app's original source (and the
    // server refuses `.map` files anyway, plugins/spa.ts)
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Whatever the entry imports statically is in the entry chunk. Without this group Rolldown moved
        // React, the shared constants and the theme names into chunks of their own, because lazy chunks
        // import them too: the browser found them only after parsing the entry (one round trip later,
        // no modulepreload: docs/decisions/0013) and four files compressed worse than one.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // The icons the landing page shares with the other public pages, in one chunk rather than ten
            // of ≈ 250 B each: each small chunk costs its own gzip frame and import header (1.6 KB of the
            // landing page's initial JS, bench/landing.ts). An icon not listed costs only its own chunk.
            { name: 'landing-icons', test: LANDING_ICONS },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    unstubGlobals: true,
    // component tests render real screens: a few seconds each on a busy two-core machine
    testTimeout: 15_000,
    css: false,
  },
}));
