// The one way a server runs as a child process of its own: server tests (several instances on one
// PostgreSQL, a crash in the middle of work), the Playwright fixtures (the built server) and the
// benches (the built server, and the bare baselines of bench/framework.ts) all start it here.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tempDir } from './temp-dirs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(serverDir, '../..');
const exitWithParent = pathToFileURL(path.join(serverDir, 'src/test/exit-with-parent.mjs')).href;

export interface ServerProcessOptions {
  /**
   * What to run: the server's source under tsx (`'source'`, the default), the `server.js` of a
   * built directory (`{ dist }`, relative to the repository root), or another script (`{ script }`,
   * relative to the root; a `.ts` one runs under tsx).
   */
  entry?: 'source' | { dist: string } | { script: string };
  /** NODE_ENV (default `test`). */
  nodeEnv?: 'test' | 'production';
  /** AUTH_SECRET (default a fixed test secret). */
  secret?: string;
  /** Arguments for its node, before the entry (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The path that answers below 500 once it is ready (default `/api/health`). */
  readyPath?: string;
  /** How long it may take to answer there (default 120 s: a new embedded database is slow on a busy machine). */
  startTimeoutMs?: number;
  /**
   * `capture` (default): stdout and stderr are kept for `output()` and failure messages.
   * `stderr-only`: stdout is discarded and stderr goes straight to ours, for a bench whose request
   * log would otherwise be read, at a cost, by the process that measures.
   */
  output?: 'capture' | 'stderr-only';
}

/** Requests to one address: `json` is sent as a JSON body (and makes the default method POST), `token` as a bearer. */
export type HttpClient = (path: string, init?: RequestInit & { json?: unknown; token?: string }) => Promise<Response>;

export function httpClient(baseURL: string): HttpClient {
  return (pathname, init = {}) => {
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
  };
}

export interface ServerProcess {
  baseURL: string;
  /** The server's process id (benchmarks read its CPU time and memory). */
  pid: number;
  /** What it has written so far (empty with `output: 'stderr-only'`). */
  output(): string;
  /** How it ended: its exit code, or the signal that ended it; null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /**
   * Stops it and waits until it has exited: SIGTERM, and SIGKILL if it is still running 30 s later
   * (the server forces its own exit after 15 s), or SIGKILL at once to play a crash. A temporary
   * DATA_DIR made for it is removed then.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  fetch: HttpClient;
}

const KILL_AFTER_MS = 30_000;
const TEST_SECRET = 'process-test-secret-that-is-long-enough-for-hs256';

// children never outlive the process that started them, even when it fails before it could stop
// them; when it is killed, they see their standard input close (exit-with-parent.mjs)
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** A loopback port nothing listens on now: for a server to listen on, or for a client to be refused at. */
/** Whether a process of that pid is alive (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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

/** The node arguments and working directory that run `entry`. */
function command(entry: ServerProcessOptions['entry'] = 'source'): { args: string[]; cwd: string } {
  if (entry === 'source') return { args: ['--import', 'tsx', 'src/server.ts'], cwd: serverDir };
  if ('dist' in entry) {
    const file = path.resolve(repoRoot, entry.dist, 'server.js');
    if (!existsSync(file)) throw new Error(`Build the server first: npm run build -w apps/server (no ${file})`);
    return { args: [file], cwd: repoRoot };
  }
  return { args: [...(entry.script.endsWith('.ts') ? ['--import', 'tsx'] : []), entry.script], cwd: repoRoot };
}

/** Starts several at once; if one fails, the others are stopped before the error is thrown. */
export async function startServerProcesses(
  count: number,
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess[]> {
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env, options)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value);
  await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  throw failed.reason;
}

/**
 * Starts a server as its own process on a free loopback port (PUBLIC_URL is that address) and
 * resolves once it answers. `env` comes last: it may set DATA_DIR (default a new temporary
 * directory), LOG_LEVEL (default `warn`) or anything else.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { args, cwd } = command(options.entry);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR ? undefined : tempDir('tp-process-');
  const capture = (options.output ?? 'capture') === 'capture';
  let log = '';
  const child = spawn(process.execPath, ['--import', exitWithParent, ...(options.nodeArgs ?? []), ...args], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: options.nodeEnv ?? 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      AUTH_SECRET: options.secret ?? TEST_SECRET,
      LOG_LEVEL: 'warn',
      // one process, as the tests and benches reason about it, unless `env` asks for more
      SERVER_PROCESSES: '1',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: capture ? ['pipe', 'pipe', 'pipe'] : ['pipe', 'ignore', 'inherit'],
  });
  // the pipe only has to close when this process ends; it must not keep this process alive
  // (a 'pipe' stdio stream is a socket)
  (child.stdin as Socket | null)?.unref();
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));

  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(force);
    }
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };

  const readyURL = `${baseURL}${options.readyPath ?? '/api/health'}`;
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}\n${log}`);
    }
    try {
      if ((await fetch(readyURL)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server at ${baseURL} not ready within ${timeoutMs} ms\n${log}`);
    }
    // often enough that bench/startup.ts measures its start time to within a few tens of milliseconds
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  return {
    baseURL,
    pid: child.pid!,
    output: () => log,
    exitStatus: () =>
      child.exitCode === null && child.signalCode === null ? null : { code: child.exitCode, signal: child.signalCode },
    stop,
    fetch: httpClient(baseURL),
  };
}
