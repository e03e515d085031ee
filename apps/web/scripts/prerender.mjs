// After `vite build`: the public pages as static HTML: the landing page (dist/landing.html, sent by the
// server for `/`) and the others of PRERENDERED_PATHS (dist/prerendered/<path>.html, sent for their
// exact address without a query string; docs/decisions/0024).
// - the page is rendered by an SSR build of src/prerender.tsx, as a first-time visitor sees it;
// - a small blocking script paints the stored theme before that HTML shows (src/boot/theme-paint.ts);
// - the app starts once the page has painted, and hydrates it (src/main.tsx).
// Also the shells of some signed-in pages (src/app/signed-in-shell.tsx, dist/prerendered/<path>.html):
// header, sidebar column and heading, painted before the app runs and replaced by it (src/lib/app-shell.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Every prerendered page: its path, tab title and markup. */
async function renderPages() {
  await build({
    root: web,
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
  });
  try {
    const { prerender, PRERENDERED_PATHS, titleOf, prerenderSignedInShell, SHELL_PATHS } = await import(
      pathToFileURL(path.join(ssrOut, 'prerender.js')).href
    );
    const pages = [];
    // one at a time: they share the app's module-level stores
    for (const page of PRERENDERED_PATHS) pages.push({ path: page, title: titleOf(page), html: await prerender(page) });
    const shells = [];
    for (const page of SHELL_PATHS)
      shells.push({ path: page, title: titleOf(page), html: await prerenderSignedInShell(page) });
    return { pages, shells };
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
  }
}

async function buildThemePaint() {
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
        lib: { entry: 'src/boot/theme-paint.ts', formats: ['iife'], name: 'tpThemePaint' },
      },
    }),
  );
  return output.output[0].code;
}

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTag = shell.match(/<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/);
const stylesheet = shell.match(/<link rel="stylesheet"[^>]*>/);
const shellTitle = shell.match(/<title>[^<]*<\/title>/);
if (
  !entryTag ||
  !stylesheet ||
  !shellTitle ||
  !shell.includes('<div id="root"></div>') ||
  shell.includes('<script src="/assets/theme-paint-')
) {
  throw new Error(
    'dist/index.html is not the shell this script expects (entry script, stylesheet, title, empty #root, no theme painter yet: run `vite build` first)',
  );
}

const [{ pages, shells }, themePaint] = await Promise.all([renderPages(), buildThemePaint()]);
const themePaintUrl = writeAsset('theme-paint', themePaint);
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

// every other address gets the shell: it paints the stored theme the same way, so the app does not (lib/theme-boot.tsx)
const themePaintTag = `${stylesheet[0]}\n    <script src="${themePaintUrl}"></script>`;
writeFileSync(path.join(dist, 'index.html'), shell.replace(stylesheet[0], themePaintTag));

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
/** index.html with the page's title, its markup in place of the empty root, and the app started by the boot script. */
const documentOf = (title, rootMarkup) =>
  shell
    .replace(entryTag[0], `<script type="module" crossorigin src="${bootUrl}"></script>`)
    .replace(stylesheet[0], themePaintTag)
    .replace(shellTitle[0], () => `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', () => rootMarkup); // a function: no `$&` patterns

for (const { path: page, title, html } of pages) {
  const document = documentOf(title, `<div id="root">${html}</div>`);
  const file = page === '/' ? 'landing.html' : `prerendered${page}.html`;
  writeFileSync(path.join(dist, file), document);
  console.log(`prerendered ${page} → dist/${file} (${(html.length / 1024).toFixed(1)} KB of markup)`);
}

// The signed-in pages' shells (src/lib/app-shell.ts): painted from the HTML; the app is not hydrated
// into them but replaces them. Their app starts after the first paint too (the boot script), so its
// evaluation never delays the shell's paint.
for (const { path: page, title, html } of shells) {
  const document = documentOf(title, `<div id="app-shell">${html}</div>\n    <div id="root"></div>`);
  const file = `prerendered${page}.html`;
  writeFileSync(path.join(dist, file), document);
  console.log(`signed-in shell ${page} → dist/${file} (${(html.length / 1024).toFixed(1)} KB of markup)`);
}
