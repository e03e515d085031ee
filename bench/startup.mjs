// Cold start of the built server: milliseconds from spawn to a healthy /api/health, on a fresh
// and on an existing DATA_DIR (the second is what `npm start` on an already-set-up checkout costs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function timeToHealthy(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const deadline = started + 60_000;
  try {
    while (performance.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        /* not yet listening */
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('server did not become healthy within 60 s');
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-start-'));
try {
  const fresh = await timeToHealthy(dataDir);
  const warm = [];
  for (let i = 0; i < 3; i += 1) warm.push(await timeToHealthy(dataDir));
  warm.sort((a, b) => a - b);
  console.log(`startup: fresh DATA_DIR ${(fresh / 1000).toFixed(2)} s`);
  console.log(`startup: existing DATA_DIR median ${(warm[1] / 1000).toFixed(2)} s (budget 5 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
