// The load generator of bench/capacity.ts: simulated signed-in people, each doing what the
// dashboard does with its default settings plus a page visit, an order and a search a minute and an
// upload every ten minutes; one in five also on the trades page with live quotes over a WebSocket.
// One keep-alive agent for all HTTP calls and one timer for all people (a heap of due calls).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { IDEMPOTENCY_KEY_HEADER, POLLING_MS } from '@tp/shared';
import WebSocket from 'ws';
import { makePdf } from '../../apps/server/src/test/pdf-files';
import { SEARCH_WORDS } from './capacity-seed';

/** The five symbols each person watches (the dashboard's live feed and the trades page's watch list). */
const WATCHED = ['AAPL', 'GOOGL', 'MSFT', 'EURUSD', 'COFFEE'].join(',');
const SOCKET_SHARE = 5; // one person in five has the trades page open with live quotes

/** What each page the visits pick from reads when it opens (besides GET /api/auth/me), as the web client calls it. */
const PAGES: Record<string, () => string[]> = {
  dashboard: () => [
    '/api/me/activity',
    '/api/market/instruments',
    '/api/portfolio',
    '/api/trades?limit=10',
    '/api/desk/exposure',
  ],
  trades: () => [
    '/api/market/instruments',
    '/api/preferences/trading',
    '/api/portfolio',
    `/api/market/historical/AAPL?timeframe=5m&start=${encodeURIComponent(new Date(Date.now() - 150 * 300_000).toISOString())}`,
    '/api/trades?symbol=AAPL&status=filled&limit=100',
    '/api/trades?status=pending&limit=50',
    '/api/trades?limit=10',
    '/api/analytics/performance',
    '/api/analytics/risk',
  ],
  content: () => [
    '/api/content/files?limit=20',
    '/api/content/files/stats',
    '/api/content/files/session',
    '/api/content/recent-searches',
    '/api/content/health',
    '/api/content/shared-links',
  ],
  analytics: () => ['/api/me/analytics', '/api/analytics/performance', '/api/analytics/risk'],
  desk: () => ['/api/desk/exposure', '/api/desk/invoices?page=1&limit=20', '/api/desk/forwards', '/api/desk/policy'],
};
const PAGE_NAMES = Object.keys(PAGES);

const BOUNDARY = 'capacity-bench-boundary';
/** The small PDF each person uploads (extraction.ts reads the same). */
export const UPLOAD_PDF = makePdf(['Packing list: 320 bags of green coffee, 60 kg each', 'Port of loading: Mombasa']);
const UPLOAD_BODY = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="packing-list.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  ),
  UPLOAD_PDF,
  Buffer.from(
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nPacking list\r\n--${BOUNDARY}--\r\n`,
  ),
]);

interface Person {
  index: number;
  token: string;
  /** The address its calls come from (X-Forwarded-For): each person is on a network of their own. */
  address: string;
  sells: boolean;
  socket: WebSocket | null;
}

interface Task {
  name: string;
  periodMs: number;
  /** How many calls a run makes, on average. */
  calls: number;
  run(load: Load, person: Person): void;
}

function visit(load: Load, person: Person, page: string): void {
  load.get(person, '/api/auth/me');
  for (const path of PAGES[page]!()) load.get(person, path);
}

const readsPerVisit = 1 + PAGE_NAMES.reduce((n, name) => n + PAGES[name]!().length, 0) / PAGE_NAMES.length;

const TASKS: Task[] = [
  {
    name: 'market data poll',
    periodMs: POLLING_MS.marketData,
    calls: 1,
    run: (load, p) => load.get(p, `/api/market/data?symbols=${WATCHED}`),
  },
  { name: 'portfolio poll', periodMs: POLLING_MS.portfolio, calls: 1, run: (load, p) => load.get(p, '/api/portfolio') },
  {
    name: 'recent trades poll',
    periodMs: POLLING_MS.trades,
    calls: 1,
    run: (load, p) => load.get(p, '/api/trades?limit=10'),
  },
  {
    name: 'page visit',
    periodMs: 60_000,
    calls: readsPerVisit,
    run: (load, p) => visit(load, p, PAGE_NAMES[Math.floor(Math.random() * PAGE_NAMES.length)]!),
  },
  {
    name: 'order',
    periodMs: 60_000,
    calls: 1,
    run: (load, p) => {
      // one share of AAPL, bought and sold in turn: every person holds ten, so a sale always fills
      const body = JSON.stringify({ symbol: 'AAPL', side: p.sells ? 'sell' : 'buy', quantity: 1 });
      p.sells = !p.sells;
      load.send(p, 'POST', '/api/trades', body, {
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      });
    },
  },
  {
    name: 'search',
    periodMs: 60_000,
    calls: 1,
    run: (load, p) => {
      const query = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
      load.send(p, 'POST', '/api/content/search', JSON.stringify({ query }), { 'content-type': 'application/json' });
    },
  },
  {
    name: 'upload',
    periodMs: 600_000,
    calls: 1,
    run: (load, p) =>
      load.send(p, 'POST', '/api/content/upload', UPLOAD_BODY, {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      }),
  },
];

/** Per-person requests a second of the mix, on average (a visit's reads averaged over the pages). */
export const REQUESTS_PER_PERSON_PER_SECOND = TASKS.reduce(
  (sum, task) => sum + (task.calls * 1_000) / task.periodMs,
  0,
);

/**
 * What each person does, one probe per thing (a visit of each page on its own), with how often a
 * person does it: for the CPU each costs (`Load.probe`).
 */
export const PROBES: Array<Pick<Task, 'name' | 'periodMs' | 'run'>> = TASKS.flatMap((task) =>
  task.name === 'page visit'
    ? PAGE_NAMES.map((page) => ({
        name: `visit of ${page}`,
        periodMs: task.periodMs * PAGE_NAMES.length,
        run: (load: Load, p: Person) => visit(load, p, page),
      }))
    : [task],
);

export interface WindowFigures {
  seconds: number;
  requests: number;
  /** Call kind (method and path) → answer times in ms, sorted. */
  times: Map<string, number[]>;
  failures: number;
  /** The first few failures, in words. */
  failureSamples: string[];
  quotes: number;
}

interface Due {
  at: number;
  person: Person;
  task: Task;
}

/** A binary min-heap of due calls by time. */
class DueHeap {
  private readonly items: Due[] = [];
  get size() {
    return this.items.length;
  }
  peek = () => this.items[0];
  push(item: Due) {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }
  pop(): Due {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length === 0) return top;
    items[0] = last;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && items[left]!.at < items[least]!.at) least = left;
      if (right < items.length && items[right]!.at < items[least]!.at) least = right;
      if (least === i) break;
      [items[least], items[i]] = [items[i]!, items[least]!];
      i = least;
    }
    return top;
  }
}

export class Load {
  private readonly agent: http.Agent;
  private readonly url: URL;
  private readonly people: Person[] = [];
  private readonly due = new DueHeap();
  private readonly timer: NodeJS.Timeout;
  private stopping = false;
  private inFlight = 0;
  private settled: (() => void) | null = null;
  private window: WindowFigures = Load.emptyWindow();
  private windowStart = performance.now();

  constructor(baseURL: string, connections: number) {
    this.url = new URL(baseURL);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    this.timer = setInterval(() => this.runDue(), 5);
  }

  private static emptyWindow(): WindowFigures {
    return { seconds: 0, requests: 0, times: new Map(), failures: 0, failureSamples: [], quotes: 0 };
  }

  get count() {
    return this.people.length;
  }

  /** New people, each starting every task at a random moment within its first period. */
  addPeople(tokens: readonly string[], { schedule = true } = {}): void {
    const now = performance.now();
    for (const token of tokens) {
      const index = this.people.length;
      const person: Person = {
        index,
        token,
        address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        sells: false,
        socket: null,
      };
      this.people.push(person);
      if (!schedule) continue;
      for (const task of TASKS) this.due.push({ at: now + Math.random() * task.periodMs, person, task });
      if (index % SOCKET_SHARE === 0) this.openSocket(person);
    }
  }

  /** New access tokens for everyone (the old ones expire after 15 minutes), in the order people were added. */
  setTokens(tokens: readonly string[]): void {
    tokens.forEach((token, i) => {
      if (this.people[i]) this.people[i].token = token;
    });
  }

  /** Starts a new measuring window; returns the one that ends. */
  nextWindow(): WindowFigures {
    const ended = this.window;
    ended.seconds = (performance.now() - this.windowStart) / 1_000;
    for (const times of ended.times.values()) times.sort((a, b) => a - b);
    this.window = Load.emptyWindow();
    this.windowStart = performance.now();
    return ended;
  }

  private runDue(): void {
    const now = performance.now();
    while (this.due.size > 0 && this.due.peek()!.at <= now) {
      const item = this.due.pop();
      item.task.run(this, item.person);
      item.at += item.task.periodMs;
      this.due.push(item);
    }
  }

  /** Every person does `probe` once, all at once; resolves when all its calls are answered. */
  probe(probe: Pick<Task, 'run'>): Promise<void> {
    for (const person of this.people) probe.run(this, person);
    return new Promise((resolve) => (this.inFlight === 0 ? resolve() : (this.settled = resolve)));
  }

  private answered(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) this.settled?.();
  }

  get(person: Person, path: string): void {
    this.send(person, 'GET', path);
  }

  send(
    person: Person,
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): void {
    const kind = `${method} ${path.split('?')[0]!.replace(/\/historical\/\w+/, '/historical/:symbol')}`;
    const started = performance.now();
    const window = this.window;
    this.inFlight += 1;
    const request = http.request(
      {
        agent: this.agent,
        host: this.url.hostname,
        port: this.url.port,
        method,
        path,
        headers: { authorization: `Bearer ${person.token}`, 'x-forwarded-for': person.address, ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        response.on('data', (chunk: Buffer) => {
          if (status >= 300 && text.length < 300) text += chunk.toString();
        });
        response.on('end', () => {
          this.answered();
          if (window !== this.window) return; // answered after its window closed
          window.requests += 1;
          const times = window.times.get(kind) ?? [];
          times.push(performance.now() - started);
          window.times.set(kind, times);
          if (status < 200 || status >= 300) this.fail(`${kind}: ${status} ${text.slice(0, 200)}`);
        });
      },
    );
    request.on('error', (error) => {
      this.answered();
      if (!this.stopping) this.fail(`${kind}: ${error.message}`);
    });
    request.end(body);
  }

  private fail(what: string): void {
    this.window.failures += 1;
    if (this.window.failureSamples.length < 5) this.window.failureSamples.push(what);
  }

  private openSocket(person: Person): void {
    const base = `ws://${this.url.host}/ws/market`;
    const socket = new WebSocket(`${base}?symbols=${WATCHED}&token=${person.token}`, {
      headers: { 'x-forwarded-for': person.address },
    });
    person.socket = socket;
    socket.on('message', () => {
      this.window.quotes += 1;
    });
    socket.on('error', (error) => {
      if (!this.stopping) this.fail(`WebSocket: ${error.message}`);
    });
    socket.on('close', (code) => {
      if (this.stopping) return;
      // 4401: the access token expired; the web client reconnects with a fresh one, as here
      if (code !== 4401) this.fail(`WebSocket closed with ${code}`);
      setTimeout(() => this.openSocket(person), 1_000);
    });
  }

  stop(): void {
    this.stopping = true;
    clearInterval(this.timer);
    for (const person of this.people) person.socket?.terminate();
    this.agent.destroy();
  }
}
