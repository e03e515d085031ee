// After `vite build`: the landing page as static HTML (dist/landing.html, sent by the server for `/`).
// - the page is rendered by an SSR build of src/prerender.tsx, as a first-time visitor sees it;
// - a small blocking script paints the stored theme before that HTML shows (src/boot/paint-theme.ts);
// - the app starts once the page has painted, and hydrates it (src/main.tsx).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

process.env.NODE_ENV = 'production';
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrOut = path.join(web, 'node_modules/.prerender');

/** Writes an immutable asset named by its content, and answers its URL. */
function writeAsset(name, code) {
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  const file = `assets/${name}-${hash}.js`;
  writeFileSync(path.join(dist, file), code);
  return `/${file}`;
}

async function renderLanding() {
  await build({
    root: web,
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
  });
  try {
    const { prerender } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
    return await prerender('/');
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
  }
}

async function buildPaintTheme() {
  const [output] = [].concat(
    await build({
      configFile: false,
      root: web,
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(web, 'src') } },
      build: {
        write: false,
        minify: true,
        target: 'es2020',
        lib: { entry: 'src/boot/paint-theme.ts', formats: ['iife'], name: 'tpPaintTheme' },
      },
    }),
  );
  return output.output[0].code;
}

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTag = shell.match(/<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/);
const stylesheet = shell.match(/<link rel="stylesheet"[^>]*>/);
if (!entryTag || !stylesheet || !shell.includes('<div id="root"></div>')) {
  throw new Error('dist/index.html is not the shell this script expects (entry script, stylesheet, empty #root)');
}

const [html, paintTheme] = await Promise.all([renderLanding(), buildPaintTheme()]);
const paintThemeUrl = writeAsset('paint-theme', paintTheme);
const bootUrl = writeAsset(
  'boot',
  // Hydration waits for the first paint of the prerendered page; a hidden tab has nothing to paint.
  `const start = () =>\n` +
    `  import(${JSON.stringify(entryTag[1])}).catch((error) => {\n` +
    `    // the prerendered page stays readable and its links still work; the app just did not start\n` +
    `    console.error('Trading Portal could not start:', error);\n` +
    `  });\n` +
    `if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));\nelse start();\n`,
);

const landing = shell
  .replace(entryTag[0], `<script type="module" crossorigin src="${bootUrl}"></script>`)
  .replace(stylesheet[0], `${stylesheet[0]}\n    <script src="${paintThemeUrl}"></script>`)
  .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`); // a function: no `$&` patterns
writeFileSync(path.join(dist, 'landing.html'), landing);
console.log(`prerendered / → dist/landing.html (${(html.length / 1024).toFixed(1)} KB of markup)`);
