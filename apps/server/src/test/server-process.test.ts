import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { isRunning } from './server-process';
import { tempDir } from './temp-dirs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverProcessModule = path.join(serverDir, 'src/test/server-process.ts');

describe('a server started by startServerProcess', () => {
  it('ends when the process that started it is killed, which runs no exit handler', async () => {
    // a test runner that starts a server, prints its pid and is then killed with SIGKILL (the
    // server's DATA_DIR is this test's: the runner, killed, could not remove one of its own)
    const env = { DATA_DIR: tempDir('tp-process-') };
    const script =
      `import { startServerProcess } from ${JSON.stringify(serverProcessModule)};` +
      `const server = await startServerProcess(${JSON.stringify(env)}); console.log('server ' + server.pid); setInterval(() => {}, 1000);`;
    const runner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    runner.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      const pid = await vi.waitFor(
        () => {
          const match = /server (\d+)/.exec(stdout);
          if (!match) throw new Error(`the server has not started yet (runner exit code ${runner.exitCode})`);
          return Number(match[1]);
        },
        { timeout: 150_000, interval: 100 },
      );
      expect(isRunning(pid)).toBe(true);
      runner.kill('SIGKILL');
      await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 20_000, interval: 100 });
    } finally {
      runner.kill('SIGKILL');
    }
  }, 200_000);
});
