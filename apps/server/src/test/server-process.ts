import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  baseURL: string;
  /** The server's process id (benchmarks read its memory). */
  pid: number;
  output(): string;
  /** Graceful stop (SIGTERM), or a crash (SIGKILL). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  fetch(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
}

// children never outlive the test process, even when a test fails before it could stop them
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${baseURL} not healthy within ${timeoutMs} ms`);
}

/** Starts several at once; if one fails, the others are stopped before the error is thrown. */
export async function startServerProcesses(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value);
  await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  throw failed.reason;
}

/**
 * Starts the server from source (tsx) as its own process on a free loopback port: for tests that
 * need real processes — several instances on one PostgreSQL, or a crash in the middle of work.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tp-process-')),
      AUTH_SECRET: 'process-test-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    // a new embedded database takes seconds to create, many more on a busy machine
    await waitForHealth(baseURL, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return {
    baseURL,
    pid: child.pid!,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    fetch(pathname, init = {}) {
      const { json, token, headers, ...rest } = init;
      return fetch(`${baseURL}${pathname}`, {
        ...rest,
        method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
        headers: {
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string> | undefined),
        },
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
  };
}
