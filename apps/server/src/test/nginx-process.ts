// nginx in front of server processes, run from the repository's own deploy/nginx.conf: the
// failover test proves the configuration an operator deploys, not a copy of it.
import { spawn } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { freePort } from './server-process';
import { tempDir } from './temp-dirs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const NGINX_CONF = path.join(repoRoot, 'deploy/nginx.conf');
const NGINX_BIN = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
// started by root (CI, containers), nginx runs as nobody: the test plays an unprivileged operator
const NOBODY = 65_534;

export interface NginxProcess {
  baseURL: string;
  /** The access log so far (one line a request, `upstream=` names the instance that answered). */
  accessLog(): string;
  /** What nginx wrote to its error log and stderr so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf with the lines a test run must change: the upstream addresses, the listen
 * address, the paths below /var (into `dir`), and `user`, `pid` and `error_log` (given on the
 * command line). Each must be found exactly once, so the test cannot drift from the file.
 */
export function renderNginxConfig(source: string, options: { port: number; upstreams: number[]; dir: string }) {
  const [first, second] = options.upstreams;
  const replacements: Array<[RegExp, string]> = [
    [/^user [^;]+;\n/m, ''],
    [/^pid [^;]+;\n/m, ''],
    [/^error_log [^;]+;\n/m, ''],
    [/^(\s+)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`],
    [/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${first} `],
    [/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${second} `],
    [/\/var\/log\/nginx\/access\.log/, path.join(options.dir, 'logs/access.log')],
  ];
  let config = replacements.reduce((text, [pattern, replacement]) => {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    const count = text.match(global)?.length ?? 0;
    if (count !== 1) throw new Error(`deploy/nginx.conf: expected one match of ${pattern} (found ${count})`);
    return text.replace(pattern, replacement);
  }, source);
  const temporary = config.match(/\/var\/lib\/nginx\//g)?.length ?? 0;
  if (temporary !== 5) throw new Error(`deploy/nginx.conf: expected five temp paths under /var/lib/nginx/`);
  config = config.replaceAll('/var/lib/nginx/', `${path.join(options.dir, 'temp')}/`);
  if (/\/var\/|\/run\//.test(config)) throw new Error('deploy/nginx.conf: a path below /var or /run was left');
  return config;
}

/**
 * Starts nginx on a loopback port (by default a free one) in front of `upstreams` and resolves once
 * it proxies `readyPath` (by default `/api/health`).
 */
export async function startNginx(
  upstreams: number[],
  { port: chosenPort, readyPath = '/api/health' }: { port?: number; readyPath?: string } = {},
): Promise<NginxProcess> {
  const dir = tempDir('tp-nginx-');
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub));
  const port = chosenPort ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConfig(readFileSync(NGINX_CONF, 'utf8'), { port, upstreams, dir }));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const entry of ['', ...readdirSync(dir)]) chownSync(path.join(dir, entry), NOBODY, NOBODY);
  const errorLog = path.join(dir, 'logs/error.log');
  let output = '';
  const args = [
    '-p',
    dir,
    '-e',
    errorLog,
    '-c',
    conf,
    '-g',
    `daemon off; pid ${dir}/nginx.pid; error_log ${errorLog} warn;`,
  ];
  // nginx cannot watch its parent: a shell runs it and stops it (SIGTERM) once its
  // standard input closes — when stop() closes it, or when this process ends however it ends
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'exec 3<&0; "$0" "$@" & n=$!; (cat <&3 >/dev/null; kill -TERM $n 2>/dev/null) & wait $n',
      NGINX_BIN,
      ...args,
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    },
  );
  (child.stdin as unknown as Socket).unref();
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, 'logs', file), 'utf8');
    } catch {
      return '';
    }
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = output + read('error.log');
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}\n${log}`);
    }
    const status = await fetch(`${baseURL}${readyPath}`).then(
      (res) => res.status,
      () => 0,
    );
    if (status > 0 && status < 500) break;
    if (Date.now() > deadline) {
      const log = output + read('error.log');
      await stop();
      throw new Error(`nginx at ${baseURL} did not proxy ${readyPath} within 30 s\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseURL, accessLog: () => read('access.log'), errorLog: () => output + read('error.log'), stop };
}
