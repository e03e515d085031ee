// How many signed-in people one instance serves: the built server as its own production process
// on PostgreSQL (a scratch database), under simulated people (bench/lib/capacity-load.ts: each
// with an account, positions, files, contacts and invoices of their own; the dashboard's polling,
// a page visit, an order and a search a minute, an upload every ten minutes, one in five with live
// quotes over a WebSocket). The number of people grows by BENCH_FACTOR per step from BENCH_START,
// each step held BENCH_HOLD_SECONDS, until a call kind's p95 passes 200 ms, a call fails (not 2xx,
// or a socket error), or the next step would pass BENCH_MAX.
// Per step: people, requests/s, p95 per call kind, failures, and the CPU seconds of the server
// (its whole process tree: the primary and server processes of BENCH_SERVER_PROCESSES, and their helpers) and of PostgreSQL (the database's backends, and the server's
// background processes), read from /proc — the load generator's own CPU does not count. From the
// largest step held: CPU per person, and people per instance = 2 cores / CPU per person.
// Baseline in the same run: a bare Fastify + node-postgres server answering a one-row read
// (bench/servers/bare.ts), driven by as many people at the same requests per person per second;
// its people per instance and the ratio of the two. Targets: ≥ 10,000 people per instance and a
// ratio ≥ 0.6.
// Every person's calls carry an address of their own (X-Forwarded-For, the server started with
// TRUST_PROXY=127.0.0.1), as people behind a proxy do: the per-address limit on candles would
// otherwise count the whole crowd as one client.
// Run: npm run build -w apps/server && BENCH_DATABASE_URL=… node --import tsx bench/capacity.ts
// BENCH_START (200), BENCH_FACTOR (1.5), BENCH_HOLD_SECONDS (60), BENCH_MAX (100000), BENCH_WARMUP_SECONDS (20),
// BENCH_CONNECTIONS (256: keep-alive connections of the generator), BENCH_CPU_PROF=<dir> (a V8 CPU profile of the server),
// BENCH_SERVER_PROCESSES (auto, as production: the server's SERVER_PROCESSES, decision 0053),
// BENCH_P95_MS (200), BENCH_CALL_COSTS=1 (after the ramp: the CPU each thing a person does costs, and its share). Also printed: the CPU the server and PostgreSQL spend with nobody signed in
// (timers, jobs), which small steps divide among few people, and each step's CPU per person above it.
import http from 'node:http';
import { loadavg } from 'node:os';
import { openDatabase, runMigrations } from '../apps/server/src/db/client';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { Load, PROBES, REQUESTS_PER_PERSON_PER_SECOND, type WindowFigures } from './lib/capacity-load';
import { seedPeople, tokensFor, type Person } from './lib/capacity-seed';
import {
  benchServerUrl,
  childrenOf,
  cpuSecondsOf,
  percentile,
  PostgresCpuMeter,
  startBuiltServer,
  treeCpuSecondsOf,
  withScratchDatabase,
  type ServerProcess,
} from './lib/servers';

const START = Number(process.env.BENCH_START ?? 200);
const FACTOR = Number(process.env.BENCH_FACTOR ?? 1.5);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 60);
const MAX = Number(process.env.BENCH_MAX ?? 100_000);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 256);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const CORES = 2;
/** The server's SERVER_PROCESSES: auto (production's default: a process per usable core on PostgreSQL) or a count. */
const SERVER_PROCESSES = process.env.BENCH_SERVER_PROCESSES ?? 'auto';
const SETTLE_SECONDS = 5; // after new people joined: their sockets connect before a window opens
const TOKEN_RENEWAL_MS = 10 * 60_000; // access tokens last 15 minutes
/** A step holds while every call kind's p95 stays at or under this (BENCH_P95_MS, to try the ramp on a busy machine). */
const TARGET_P95_MS = Number(process.env.BENCH_P95_MS ?? 200);
const IDLE_SECONDS = 10;
const TARGET_PEOPLE = 10_000;
const TARGET_RATIO = 0.6;

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1_000));

interface Cpu {
  /** The server's processes and the processes they started (the text extraction hosts and their children). */
  server: number;
  /** Of which its server processes: the one, or the primary and the processes serving requests. */
  serverProcess: number;
  backends: number;
  background: number;
}

interface Step {
  people: number;
  window: WindowFigures;
  cpu: Cpu;
  worstP95: number;
  held: boolean;
}

/** CPU seconds of `pid`'s process tree and of PostgreSQL while `work` runs (by default: `seconds` of the load). */
async function measureCpu(pid: number, url: string, seconds: number, work = () => sleep(seconds)): Promise<Cpu> {
  const meter = new PostgresCpuMeter(url);
  const before = treeCpuSecondsOf(pid);
  const processBefore = serverProcessesCpuSeconds(pid);
  await meter.start();
  await work();
  const database = await meter.stop();
  return {
    server: treeCpuSecondsOf(pid) - before,
    serverProcess: serverProcessesCpuSeconds(pid) - processBefore,
    ...database,
  };
}

/**
 * CPU seconds of the server's own processes so far: the one process, or (several) the primary and
 * its children, the processes serving requests — not the extraction hosts they start.
 */
function serverProcessesCpuSeconds(pid: number): number {
  const served = servingProcesses(pid);
  return cpuSecondsOf(pid) + (served.length > 1 ? served.reduce((sum, child) => sum + cpuSecondsOf(child), 0) : 0);
}

/** The primary's children when the server runs several processes (node:cluster); [] or its extraction host otherwise. */
function servingProcesses(pid: number): number[] {
  return SERVER_PROCESSES === '1' ? [] : childrenOf(pid);
}

/**
 * BENCH_CALL_COSTS=1: what each thing a person does costs — every person does it at once, a few
 * rounds, no other load — in CPU per run, and per person per second at the rate a person does it.
 */
async function measureCallCosts(server: ServerProcess, url: string, people: Person[]): Promise<void> {
  const load = new Load(server.baseURL, CONNECTIONS);
  load.addPeople(await tokensFor(people), { schedule: false });
  const rounds = 3;
  const costs: Array<{
    name: string;
    perRun: number;
    databasePerRun: number;
    perPersonSecond: number;
    failures: number;
  }> = [];
  try {
    for (const probe of PROBES) {
      await load.probe(probe); // warm-up
      load.nextWindow();
      const cpu = await measureCpu(server.pid, url, 0, async () => {
        for (let round = 0; round < rounds; round += 1) await load.probe(probe);
      });
      const perRun = (cpu.server + cpu.backends + cpu.background) / people.length / rounds;
      costs.push({
        name: probe.name,
        perRun,
        databasePerRun: (cpu.backends + cpu.background) / people.length / rounds,
        perPersonSecond: perRun / (probe.periodMs / 1_000),
        failures: load.nextWindow().failures,
      });
    }
  } finally {
    load.stop();
  }
  const total = costs.reduce((sum, cost) => sum + cost.perPersonSecond, 0);
  console.log(`capacity call costs (${people.length} people at once, ${rounds} rounds each; server + PostgreSQL CPU):`);
  for (const cost of costs.sort((a, b) => b.perPersonSecond - a.perPersonSecond)) {
    console.log(
      `  ${cost.name.padEnd(20)} ${(cost.perRun * 1_000).toFixed(2).padStart(7)} ms a run ` +
        `(PostgreSQL ${(cost.databasePerRun * 1_000).toFixed(2)}), ` +
        `${(cost.perPersonSecond * 1_000).toFixed(3).padStart(7)} ms/s per person (${((cost.perPersonSecond / total) * 100).toFixed(0)} %)` +
        `${cost.failures ? `, ${cost.failures} failures` : ''}`,
    );
  }
}

const cpuPerPerson = (cpu: Cpu, seconds: number, people: number) =>
  (cpu.server + cpu.backends + cpu.background) / seconds / people;

/** CPU seconds a second with nobody signed in. */
let idlePerSecond = 0;

function printStep(step: Step): void {
  const { window, cpu, people } = step;
  const perPerson = cpuPerPerson(cpu, window.seconds, people);
  const aboveIdle = perPerson - idlePerSecond / people;
  console.log(
    `  ${String(people).padStart(6)} people: ${(window.requests / window.seconds).toFixed(0)} requests/s, ` +
      `${(window.quotes / window.seconds).toFixed(0)} quotes/s over WebSockets, ${window.failures} failures, worst p95 ` +
      `${step.worstP95.toFixed(1)} ms; CPU s over ${window.seconds.toFixed(0)} s: server ${cpu.server.toFixed(1)} ` +
      `(its server processes ${cpu.serverProcess.toFixed(1)}), ` +
      `PostgreSQL backends ${cpu.backends.toFixed(1)}, PostgreSQL background ${cpu.background.toFixed(1)}; ` +
      `CPU per person ${(perPerson * 1_000).toFixed(2)} ms/s (${(aboveIdle * 1_000).toFixed(2)} above idle) → ` +
      `${Math.floor(CORES / perPerson)} people on ${CORES} cores; ` +
      `load average ${loadavg()[0]!.toFixed(1)} — ${step.held ? 'held' : 'NOT held'}`,
  );
  const kinds = [...window.times].map(([kind, times]) => ({ kind, p95: percentile(times, 0.95), n: times.length }));
  kinds.sort((a, b) => b.p95 - a.p95);
  console.log(`         p95 (calls): ${kinds.map((k) => `${k.kind} ${k.p95.toFixed(1)} ms (${k.n})`).join('; ')}`);
  for (const sample of window.failureSamples) console.log(`         failure: ${sample}`);
}

/** Grows the crowd step by step while every step holds; returns the steps measured. */
async function ramp(server: ServerProcess, url: string, people: Person[]): Promise<Step[]> {
  const load = new Load(server.baseURL, CONNECTIONS);
  const run = Date.now().toString(36);
  const renewal = setInterval(() => void tokensFor(people).then((tokens) => load.setTokens(tokens)), TOKEN_RENEWAL_MS);
  const steps: Step[] = [];
  try {
    for (let target = START; target <= MAX; target = Math.round(target * FACTOR)) {
      const seeded = performance.now();
      const fresh = await seedPeople(url, run, people.length, target - people.length);
      people.push(...fresh);
      load.addPeople(await tokensFor(fresh));
      const seedSeconds = (performance.now() - seeded) / 1_000;
      await sleep(steps.length === 0 ? WARMUP_SECONDS : SETTLE_SECONDS);
      load.nextWindow();
      const cpu = await measureCpu(server.pid, url, HOLD_SECONDS);
      const window = load.nextWindow();
      const worstP95 = Math.max(...[...window.times.values()].map((times) => percentile(times, 0.95)));
      const step = { people: target, window, cpu, worstP95, held: worstP95 <= TARGET_P95_MS && window.failures === 0 };
      steps.push(step);
      console.log(`  (${fresh.length} people added, seeded in ${seedSeconds.toFixed(1)} s)`);
      printStep(step);
      if (!step.held) break;
    }
  } finally {
    clearInterval(renewal);
    load.stop();
  }
  return steps;
}

/** The bare server, driven at `rate` one-row reads a second for HOLD_SECONDS; its CPU seconds. */
async function measureBare(
  url: string,
  userId: string,
  rate: number,
): Promise<{ cpu: Cpu; answered: number; failed: number }> {
  const bare = await startServerProcess(
    { BARE_KIND: 'me', DATABASE_URL: url, BARE_USER_ID: userId },
    {
      entry: { script: 'bench/servers/bare.ts' },
      nodeEnv: 'production',
      readyPath: '/api/auth/me',
      output: 'stderr-only',
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(bare.baseURL);
  let answered = 0;
  let failed = 0;
  let owed = 0;
  let last = performance.now();
  // an open loop: the calls of a crowd arrive whether or not earlier ones were answered
  const timer = setInterval(() => {
    const now = performance.now();
    owed += ((now - last) / 1_000) * rate;
    last = now;
    for (; owed >= 1; owed -= 1) {
      const request = http.get({ agent, host: hostname, port, path: '/api/auth/me' }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? (answered += 1) : (failed += 1)));
      });
      request.on('error', () => (failed += 1));
    }
  }, 5);
  try {
    await sleep(Math.min(WARMUP_SECONDS, 10));
    answered = 0;
    failed = 0;
    const cpu = await measureCpu(bare.pid, url, HOLD_SECONDS);
    return { cpu, answered, failed };
  } finally {
    clearInterval(timer);
    agent.destroy();
    await bare.stop();
  }
}

async function measure(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  await runMigrations(database);
  await database.close();
  const server = await startBuiltServer(
    { DATABASE_URL: url, TRUST_PROXY: '127.0.0.1', SERVER_PROCESSES },
    { output: 'stderr-only', nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [] },
  );
  const served = servingProcesses(server.pid).length;
  console.log(
    `capacity: people from ${START} ×${FACTOR} per step up to ${MAX}, each step held ${HOLD_SECONDS} s ` +
      `(${REQUESTS_PER_PERSON_PER_SECOND.toFixed(3)} requests/s per person by design); server ` +
      `SERVER_PROCESSES=${SERVER_PROCESSES}: ${served > 1 ? `${served} processes and their primary` : 'one process'}`,
  );
  const people: Person[] = [];
  let steps: Step[];
  try {
    const idle = await measureCpu(server.pid, url, IDLE_SECONDS);
    idlePerSecond = (idle.server + idle.backends + idle.background) / IDLE_SECONDS;
    console.log(
      `  idle (nobody signed in), CPU s/s: server ${(idle.server / IDLE_SECONDS).toFixed(3)}, PostgreSQL backends ` +
        `${(idle.backends / IDLE_SECONDS).toFixed(3)}, background ${(idle.background / IDLE_SECONDS).toFixed(3)}`,
    );
    steps = await ramp(server, url, people);
    if (process.env.BENCH_CALL_COSTS === '1') await measureCallCosts(server, url, people);
  } finally {
    await server.stop();
  }
  const held = steps.filter((step) => step.held).at(-1);
  const basis = held ?? steps[0]!;
  const perPerson = cpuPerPerson(basis.cpu, basis.window.seconds, basis.people);
  const perInstance = CORES / perPerson;
  const rate = basis.window.requests / basis.window.seconds;
  console.log(
    `capacity: largest step held ${held ? `${held.people} people` : 'none (figures below from the first step)'}; ` +
      `CPU per person ${(perPerson * 1_000).toFixed(2)} ms/s (server + PostgreSQL); people per instance ` +
      `${Math.floor(perInstance)} — target ≥ ${TARGET_PEOPLE}: ${perInstance >= TARGET_PEOPLE ? 'met' : 'NOT met'}`,
  );

  const bare = await measureBare(url, people[0]!.userId, rate);
  const barePerPerson = cpuPerPerson(bare.cpu, HOLD_SECONDS, basis.people);
  const bareInstance = CORES / barePerPerson;
  const ratio = perInstance / bareInstance;
  console.log(
    `capacity baseline: bare Fastify + node-postgres one-row read at ${rate.toFixed(0)} requests/s ` +
      `(${basis.people} people × ${(rate / basis.people).toFixed(3)}/s; ${bare.answered} answered, ${bare.failed} failed); ` +
      `CPU s: server ${bare.cpu.server.toFixed(1)}, PostgreSQL backends ${bare.cpu.backends.toFixed(1)}, background ` +
      `${bare.cpu.background.toFixed(1)}; CPU per person ${(barePerPerson * 1_000).toFixed(3)} ms/s → bare people per instance ` +
      `${Math.floor(bareInstance)}; ratio ${ratio.toFixed(2)} — target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
}

const serverUrl = benchServerUrl();
if (!(START > 0 && START <= MAX && FACTOR > 1))
  throw new Error('BENCH_START must be 1…BENCH_MAX and BENCH_FACTOR above 1');
if (serverUrl) await withScratchDatabase(serverUrl, 'tp_bench_capacity', measure);
else console.log('capacity: skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://...');
process.exit(0);
