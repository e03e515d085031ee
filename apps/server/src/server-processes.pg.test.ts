import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestDatabaseUrl } from './test/kit';
import { isRunning, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * The built server as one instance of two processes sharing its port (SERVER_PROCESSES, decision
 * 0053), on PostgreSQL: both answer, one killed with kill -9 is replaced while requests go on being
 * answered, and SIGTERM stops them all. Which process answered is read from /proc (the process
 * holding the connection's socket), never from the server. Needs the build: `npm run build -w apps/server`.
 */

/** A request to a process that died with its connection is never answered: given up after this. */
const REQUEST_TIMEOUT_MS = 5_000;

const built = { entry: { dist: 'apps/server/dist' }, nodeEnv: 'production' } as const;

/** The processes the given one started, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const hexPort = (address: string) => parseInt(address.split(':')[1]!, 16);

/** The socket inode of the server's end of the TCP connection from `clientPort` to `serverPort`. */
function serverSocketInode(serverPort: number, clientPort: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (hexPort(fields[1]!) === serverPort && hexPort(fields[2]!) === clientPort) return fields[9];
    }
  }
  return undefined;
}

/** Which of `pids` holds that socket open. */
function holderOf(inode: string, pids: number[]): number | undefined {
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`);
    } catch {
      return false;
    }
  });
}

/**
 * Asks /api/health over `connections` new connections at once and, while they are still open,
 * finds the server process that holds each one: the set of processes that answered.
 */
async function answeringProcesses(server: ServerProcess, connections = 8): Promise<Set<number>> {
  const { hostname, port } = new URL(server.baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const clientPorts = await Promise.all(
      Array.from(
        { length: connections },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get({ agent, host: hostname, port, path: '/api/health', timeout: REQUEST_TIMEOUT_MS }, (response) => {
                const clientPort = response.socket.localPort!;
                response.resume();
                response.on('end', () =>
                  response.statusCode === 200 ? resolve(clientPort) : reject(new Error(`${response.statusCode}`)),
                );
              })
              .on('timeout', function (this: http.ClientRequest) {
                this.destroy(new Error('no answer'));
              })
              .on('error', reject);
          }),
      ),
    );
    const workers = childrenOf(server.pid);
    const holders = clientPorts.map((clientPort) => {
      const inode = serverSocketInode(Number(port), clientPort);
      return inode ? holderOf(inode, workers) : undefined;
    });
    return new Set(holders.filter((pid): pid is number => pid !== undefined));
  } finally {
    agent.destroy();
  }
}

/** GET /api/health on a connection of its own: its status, or the error's code. */
function healthOnNewConnection(server: ServerProcess): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(`${server.baseURL}/api/health`, { agent: false, timeout: REQUEST_TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' }));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('one instance as two server processes on PostgreSQL', () => {
  let server: ServerProcess;
  let workers: number[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: (await getTestDatabaseUrl())!, SERVER_PROCESSES: '2', LOG_LEVEL: 'info' };
    server = await startServerProcess(env, built);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('serves from both processes, through its one port', async () => {
    workers = await vi.waitFor(
      () => {
        const children = childrenOf(server.pid);
        expect(children).toHaveLength(2);
        return children;
      },
      { timeout: 60_000, interval: 100 },
    );
    // the second may still be starting when the first answers
    await vi.waitFor(async () => expect(await answeringProcesses(server)).toEqual(new Set(workers)), {
      timeout: 60_000,
      interval: 250,
    });
    // the primary's line, once both listen (log lines are written within a second)
    await vi.waitFor(() => expect(server.output()).toContain('(2 server processes)'), { timeout: 5_000 });
  }, 150_000);

  it('starts another process when one is killed, and goes on answering meanwhile', async () => {
    const [killed, survivor] = workers as [number, number];
    process.kill(killed, 'SIGKILL');
    // a connection handed to the process just as it died is lost with it (as with a lone server);
    // once the primary has reaped it, every new connection goes to a process that is alive
    const answers: Array<{ afterReap: boolean; status: number | string }> = [];
    const replacement = await vi.waitFor(
      async () => {
        const afterReap = !childrenOf(server.pid).includes(killed);
        answers.push({ afterReap, status: await healthOnNewConnection(server) });
        const children = childrenOf(server.pid);
        expect(children).toHaveLength(2);
        expect(children).toContain(survivor);
        expect(children).not.toContain(killed);
        const started = children.find((pid) => pid !== survivor)!;
        expect(await answeringProcesses(server)).toEqual(new Set([survivor, started]));
        return started;
      },
      { timeout: 120_000, interval: 50 },
    );
    for (let i = 0; i < 10; i += 1) answers.push({ afterReap: true, status: await healthOnNewConnection(server) });
    const afterReap = answers.filter((answer) => answer.afterReap);
    expect(afterReap.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(isRunning(killed)).toBe(false);
    expect(server.output()).toMatch(
      new RegExp(`"worker":${killed},"code":null,"signal":"SIGKILL".*server process ended`),
    );
    await vi.waitFor(
      () => expect(server.output()).toMatch(new RegExp(`"worker":${replacement}.*in place of the one`)),
      {
        timeout: 5_000,
      },
    );
    workers = [survivor, replacement];
  }, 200_000);

  it('stops every process on SIGTERM, each draining, and exits 0', async () => {
    const tree = [server.pid, ...workers, ...workers.flatMap(childrenOf)];
    await server.stop('SIGTERM');
    expect(server.exitStatus()).toEqual({ code: 0, signal: null });
    // each process's text-extraction host ends when its server process has gone
    await vi.waitFor(() => expect(tree.filter(isRunning)).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(server.output().match(/"msg":"shutting down"/g)).toHaveLength(2);
  }, 60_000);
});

describe('SERVER_PROCESSES on the embedded database', () => {
  it('refuses to start more than one process, naming the variable', async () => {
    await expect(startServerProcess({ SERVER_PROCESSES: '2' }, built)).rejects.toThrow(
      /SERVER_PROCESSES: the embedded database \(no DATABASE_URL\) admits one process/,
    );
  }, 60_000);
});
