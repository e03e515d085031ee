// Where a reader spent its CPU, from its V8 CPU profiles (--cpu-prof: one per thread).
// Each sample goes to a bucket by the function it was in; the CPU before the profile starts (node's
// own start) is what the bare `node -e 0` start of extraction.ts measures.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const BUCKETS: Array<[string, (name: string, url: string) => boolean]> = [
  ['garbage collection', (name) => name === '(garbage collector)'],
  ['V8 and node outside JavaScript', (name) => name === '(program)'],
  ['reading the bundle from disk', (name, url) => /^readFile|^read$|^openFileHandle$/.test(name) || url === 'node:fs'],
  [
    'compiling or loading code (modules, the code cache)',
    (name, url) => /^compile|^Script$|^decode$/.test(name) || url.includes('node:internal/modules'),
  ],
  ["node's own JavaScript (bootstrap, streams, IPC)", (_, url) => url.startsWith('node:')],
  ['pdf.js and the reader, running', (_, url) => /pdfjs|unpdf|reader\.cjs|extraction-process/.test(url)],
];

/** Milliseconds per bucket of one thread's profile, idle time left out. */
function buckets(profile: CpuProfile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const spent = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!;
    if (frame.functionName === '(idle)') return;
    const bucket = BUCKETS.find(([, test]) => test(frame.functionName, frame.url))?.[0] ?? 'other';
    spent.set(bucket, (spent.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return spent;
}

/** Prints the main thread's buckets and the other threads' totals (the main thread's profile is the longest). */
export function profileOneFile(profiles: CpuProfile[]): void {
  const spentBy = profiles.map(buckets);
  const total = (spent: Map<string, number>) => [...spent.values()].reduce((a, b) => a + b, 0);
  spentBy.sort((a, b) => total(b) - total(a));
  const [main, ...others] = spentBy;
  console.log(`  main thread, ${total(main!).toFixed(0)} ms sampled (the profiler slows what it samples):`);
  for (const [bucket, ms] of [...main!].sort((a, b) => b[1] - a[1]))
    console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${bucket}`);
  for (const other of others) console.log(`  another thread (a watchdog): ${total(other).toFixed(0)} ms sampled`);
}
