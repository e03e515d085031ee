// Cold start of the built server: milliseconds from spawn to a healthy /api/health, on a fresh
// and on an existing DATA_DIR (the second is what `npm start` on an already-set-up checkout costs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './lib/servers';

async function timeToHealthy(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  const elapsed = performance.now() - started;
  await server.stop();
  return elapsed;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-start-'));
try {
  const fresh = await timeToHealthy(dataDir);
  const warm: number[] = [];
  for (let i = 0; i < 3; i += 1) warm.push(await timeToHealthy(dataDir));
  warm.sort((a, b) => a - b);
  console.log(`startup: fresh DATA_DIR ${(fresh / 1000).toFixed(2)} s`);
  console.log(`startup: existing DATA_DIR median ${(warm[1]! / 1000).toFixed(2)} s (budget 5 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
