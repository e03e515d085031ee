// `npm run bench`: builds if needed, then runs every benchmark script in this folder and prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== 'run.mjs')
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n# ${script}`);
  const args = script.endsWith('.ts') ? ['--import', 'tsx', path.join(here, script)] : [path.join(here, script)];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
