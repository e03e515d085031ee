import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importBoundaries from './eslint/import-boundaries.js';

// The web app's layers (docs/decisions/0015): app/ composes features; a feature is reached only
// through its index.ts, or its queries through its reads.ts (light modules that load before the
// screens, docs/decisions/0055); ui/ and lib/ are shared and import no feature; ui/ reads no store.
const web = 'apps/web/src';
const features = readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIndex = [`**/${web}/features/*/index.ts`, `**/${web}/features/*/reads.ts`];
const throughIndex = 'Import a feature through its index.ts (what it exports on purpose), or its reads.ts.';
const webZones = [
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features/!(${name})/**`,
    except: featureIndex,
    message: throughIndex,
  })),
  {
    // the composition root: a feature's index, and its pages, which the router loads lazily
    target: [`${web}/app`, `${web}/boot`, `${web}/*.{ts,tsx}`],
    from: `${web}/features/**`,
    except: [...featureIndex, `**/${web}/features/*/*-page.tsx`],
    message: 'Import a feature through its index.ts or reads.ts, or a page (*-page.tsx) from the route table.',
  },
  {
    target: `${web}/features/!(auth)/**`,
    from: `${web}/features/auth/**`,
    message: 'Read the session with useAuth from @/lib/auth-context; the auth index is for the app shell.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'The app composes features, not the other way round.' },
  {
    target: [`${web}/ui`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (ui/, lib/) imports no feature and no app module.',
  },
];
// app code only: a test may build a store to arrange and inspect state, and uses the test kit
const appCodeZones = [
  {
    target: `${web}/ui`,
    from: `${web}/lib/*-store.ts`,
    message: 'ui/ components read app state through context or props, not from a store.',
  },
  {
    target: `${web}/**/!(*.test|*.fixture).{ts,tsx}`,
    from: `${web}/testing`,
    message: 'The test kit (src/testing) is for tests and their fixtures only.',
  },
];

const boundaryOptions = { basePath: import.meta.dirname, aliasRoot: web };

// Server features (docs/decisions/0043): another feature only through its index.ts, or its tables
// (the schema, which db/schema.ts gathers and drizzle-kit reads file by file). Tests may arrange
// other features' state; which feature may import which at all: scripts/check-import-graph.mjs.
const server = 'apps/server/src';
const serverFeatures = readdirSync(new URL(`./${server}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = serverFeatures.map((name) => ({
  target: `${server}/features/${name}`,
  from: `${server}/features/!(${name})/**`,
  except: [`**/${server}/features/*/index.ts`, `**/${server}/features/*/*.tables.ts`],
  message: 'Import another feature through its index.ts (what it exports on purpose) or its *.tables.ts.',
}));
const renderThroughKit = 'Render with renderApp from @/testing (a route table, a path, the app providers).';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // one concern per file and per function: an error past these sizes (route registration aside)
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.routes.ts', '**/testing/**', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries: importBoundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'boundaries/restricted-paths': ['error', { ...boundaryOptions, zones: [...webZones, ...appCodeZones] }],
    },
  },
  {
    // one way to build controls and one way to reach the API: Radix only inside ui/ (and the UI
    // demo's own components), the network only through lib/api-client and its XHR upload
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/ui/**`, `${web}/features/demo/**`, `${web}/testing/**`, `${web}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['radix-ui', '@radix-ui/*'], message: 'Build it from ui/: Radix is used only there.' }] },
      ],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [
      `${web}/lib/api-client.ts`,
      `${web}/lib/upload-request.ts`,
      `${web}/testing/**`,
      `${web}/**/*.test.{ts,tsx}`,
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api-client (apiRequest, apiStream).' },
        { name: 'XMLHttpRequest', message: 'Uploads go through lib/upload-request (uploadRequest).' },
      ],
    },
  },
  {
    // a feature's tests render through the test kit (renderApp: the app's providers, a memory
    // router and a query client), not through a wrapper of their own
    files: [`${web}/features/**/*.test.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', importNames: ['createMemoryRouter', 'RouterProvider'], message: renderThroughKit },
            { name: '@tanstack/react-query', importNames: ['QueryClientProvider'], message: renderThroughKit },
            { name: '@testing-library/react', importNames: ['render'], message: renderThroughKit },
          ],
        },
      ],
    },
  },
  {
    files: [`${web}/**/*.{test,fixture}.{ts,tsx}`, `${web}/testing/**`],
    rules: { 'boundaries/restricted-paths': ['error', { ...boundaryOptions, zones: webZones }] },
  },
  {
    files: [`${server}/**/*.{ts,tsx}`],
    ignores: [`${server}/**/*.test.{ts,tsx}`, `${server}/**/*-test-kit.ts`, `${server}/test/**`],
    plugins: { boundaries: importBoundaries },
    rules: {
      'boundaries/restricted-paths': [
        'error',
        { basePath: import.meta.dirname, aliasRoot: server, zones: serverZones },
      ],
    },
  },
  {
    // config.ts is the only reader of process.env on the server (tests and build scripts aside)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts' },
      ],
    },
  },
  {
    // every string of the HTTP contract refuses NUL and lone surrogates (packages/shared/src/api/text.ts)
    files: ['packages/shared/src/api/**/*.ts', 'apps/server/src/features/**/*.routes.ts'],
    ignores: ['packages/shared/src/api/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message:
            "Use text() from '@tp/shared' (packages/shared/src/api/text.ts): it refuses NUL and lone surrogates.",
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'bench/**'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'fetch',
          'setTimeout',
          'clearTimeout',
          'performance',
          'Buffer',
          'AbortController',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
