import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const loggerModule = path.join(serverDir, 'src/plugins/logger.ts');

/** Starts a process with `log` (pino writing to logDestination(), as the app does) in scope that runs `body`. */
function spawnWithLog(body: string) {
  const script =
    `import { writeSync } from 'node:fs'; import pino from 'pino';` +
    `import { logDestination } from ${JSON.stringify(loggerModule)};` +
    `const log = pino({}, logDestination()); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // 'close': the process exited and its stdout is read to the end
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { child, stdout: () => stdout, closed };
}

async function runWithLog(body: string): Promise<{ stdout: string; code: number | null }> {
  const run = spawnWithLog(body);
  const code = await run.closed;
  return { stdout: run.stdout(), code };
}

const numbered = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { n: number }).n);

describe('the log destination (standard output, in batches)', () => {
  it('buffers lines instead of writing each one, and writes them all when the process exits', async () => {
    const { stdout, code } = await runWithLog(
      // under the 16 KB batch: nothing is written until the exit
      `for (let n = 0; n < 10; n++) log.info({ n }, 'line');` +
        // written synchronously after the lines were logged: it comes first, they were buffered
        `writeSync(1, 'marker\\n'); process.exit(0);`,
    );
    expect(code).toBe(0);
    expect(stdout.startsWith('marker\n')).toBe(true);
    expect(numbered(stdout)).toEqual(Array.from({ length: 10 }, (_, n) => n));
  }, 60_000);

  it('loses no line when the process dies of an uncaught exception', async () => {
    const { stdout, code } = await runWithLog(
      `for (let n = 0; n < 2000; n++) log.info({ n }, 'line'); setImmediate(() => { throw new Error('crash'); });`,
    );
    expect(code).toBe(1);
    expect(numbered(stdout)).toEqual(Array.from({ length: 2000 }, (_, n) => n));
  }, 60_000);

  it('writes a lone line within seconds while the process lives on, with no more traffic', async () => {
    // below the 16 KB batch, and the process never exits on its own: only the periodic flush writes it
    const run = spawnWithLog(`log.info({ n: 0 }, 'line'); setInterval(() => {}, 1000);`);
    try {
      await vi.waitFor(() => expect(numbered(run.stdout())).toEqual([0]), { timeout: 10_000, interval: 50 });
      expect(run.child.exitCode).toBeNull();
    } finally {
      run.child.kill('SIGKILL');
      await run.closed;
    }
  }, 60_000);
});

describe('the server on SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.stop('SIGKILL'));

  it('has written every request line, the summaries and its shutdown line when it has exited', async () => {
    server = await startServerProcess({ LOG_LEVEL: 'info' });
    // lines: answers to a route that is not summarized
    for (const id of ['sigterm-1', 'sigterm-2']) {
      expect((await server.fetch('/api/auth/me', { headers: { 'x-request-id': id } })).status).toBe(401);
    }
    // counted: anonymous reads of the configuration (decision 0032), written as a summary at close
    for (let i = 0; i < 3; i++) expect((await server.fetch('/api/config')).status).toBe(200);
    await server.stop('SIGTERM');
    await vi.waitFor(() => expect(server!.output()).toMatch(/"msg":"shutting down"/), { timeout: 10_000 });
    for (const id of ['sigterm-1', 'sigterm-2']) {
      expect(server.output()).toContain(`"reqId":"${id}"`);
    }
    // (the start's readiness polls are counted too, under GET /api/health)
    const summaries = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"requests summarized"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // one line, or more if a minute's summary fell inside the test
    const counted = summaries
      .filter((summary) => summary.route === 'GET /api/config')
      .reduce((sum, summary) => sum + (summary.count as number), 0);
    expect(counted).toBe(3);
  }, 300_000);
});
