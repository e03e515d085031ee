// `npm start`: build what is missing or out of date, then run the server (one process, or on
// PostgreSQL a primary and a server process per core: SERVER_PROCESSES, docs/decisions/0053)
// (it applies migrations at start-up and serves the API and the web app on one origin).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function stale(output, inputs) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src'];
// landing.html (the prerendered landing page) is the last page the web build writes
if (
  stale('apps/web/dist/landing.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/scripts',
    'apps/web/vite.config.ts',
    ...shared,
  ])
) {
  console.log('Building the web app...');
  run(['run', 'build', '-w', 'apps/web']);
}
if (stale('apps/server/dist/server.js', ['apps/server/src', ...shared])) {
  console.log('Building the server...');
  run(['run', 'build', '-w', 'apps/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  // without SMTP_URL the dev mailbox keeps mail (loopback clients only); with it, mail goes out
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
