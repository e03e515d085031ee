import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { isRunning, makeInflateBombPdf, makePdf } from './content-test-kit';
import { extractTextInSandbox, startExtractionHost, UnreadableFileError } from './extraction-sandbox';

/** The inflate limits out of the way, so that what stops the bomb is the process's own limit. */
const NO_INFLATE_LIMITS = { maxStreamBytes: Number.MAX_SAFE_INTEGER, maxFileBytes: Number.MAX_SAFE_INTEGER };

/** Whether a process whose parent has gone still runs: it may wait as a zombie for the system to reap it. */
const orphanIsRunning = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/** The sandbox's rejection, with the process it started and how long it took. */
async function refusal(run: (onReader: (pid: number) => void) => Promise<unknown>) {
  let pid: number | undefined;
  const started = performance.now();
  const error = await run((p) => (pid = p)).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, pid, ms: performance.now() - started };
}

describe('text extraction in a process of its own', () => {
  it('reads a PDF and a text document, and starts nothing for a type without text', async () => {
    const pdf = await extractTextInSandbox(makePdf(['Bill of lading: 40 bags of cloves']), 'application/pdf');
    expect(pdf).toEqual({ text: 'Bill of lading: 40 bags of cloves', truncated: false });
    expect(await extractTextInSandbox(Buffer.from('hs code,0907\n'), 'text/csv')).toEqual({
      text: 'hs code,0907',
      truncated: false,
    });
    let spawned = false;
    const image = await extractTextInSandbox(Buffer.from('not read'), 'image/png', {
      onReader: () => (spawned = true),
    });
    expect(image).toBeNull();
    expect(spawned).toBe(false);
  });

  it('refuses a PDF whose stream inflates past the limit before decoding it', async () => {
    const bomb = await makeInflateBombPdf('never read');
    const error = await extractTextInSandbox(bomb, 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect(error).toMatchObject({
      reason: 'inflate-limit',
      detail: `a compressed stream inflates past ${64 * 1024 * 1024} bytes`,
    });
  }, 30_000);

  it('kills a process that is still reading at its time limit; it reads at a lower priority', async () => {
    const bomb = await makeInflateBombPdf('never read', { pages: 500 });
    let priority: number | undefined;
    const { error, pid, ms } = await refusal((onReader) =>
      extractTextInSandbox(bomb, 'application/pdf', {
        limits: { ...NO_INFLATE_LIMITS, timeMs: 2_000 },
        onReader: (p) => {
          onReader(p);
          priority = getPriority(p);
        },
      }),
    );
    // niceness 10: on a busy machine the server's thread goes first
    expect(priority).toBe(10);
    expect(error).toMatchObject({ reason: 'time-limit' });
    expect(ms).toBeGreaterThanOrEqual(2_000);
    // killed at the limit, not when done: 500 pages of 100 MiB each would take many minutes
    expect(ms).toBeLessThan(20_000);
    expect(isRunning(pid!)).toBe(false);
  }, 30_000);

  it('kills a process whose memory grows past its limit, inflated buffers included', async () => {
    const bomb = await makeInflateBombPdf('never read', { pages: 1, inflatedBytes: 300 * 1024 * 1024 });
    const { error, pid } = await refusal((onReader) =>
      extractTextInSandbox(bomb, 'application/pdf', {
        limits: { ...NO_INFLATE_LIMITS, memoryBytes: 250 * 1024 * 1024, timeMs: 60_000 },
        onReader,
      }),
    );
    expect(error).toMatchObject({ reason: 'memory-limit' });
    expect(isRunning(pid!)).toBe(false);
  }, 90_000);

  it('names a damaged PDF unreadable without quoting it', async () => {
    const damaged = Buffer.from('%PDF-1.4\n1 0 obj << /Secret (Quillwort Ltd) >> endobj\n%%EOF\n');
    const error = await extractTextInSandbox(damaged, 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect(error).toMatchObject({ reason: 'unreadable' });
    expect((error as Error).message).not.toMatch(/quillwort/i);
  });

  it('stops when the server stops, with an error that lets the job run again', async () => {
    const bomb = await makeInflateBombPdf('never read', { pages: 500 });
    const stopping = new AbortController();
    const { error, pid } = await refusal((onReader) => {
      const running = extractTextInSandbox(bomb, 'application/pdf', {
        limits: NO_INFLATE_LIMITS,
        signal: stopping.signal,
        onReader: (p) => {
          onReader(p);
          stopping.abort();
        },
      });
      return running;
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UnreadableFileError);
    expect(isRunning(pid!)).toBe(false);
  });

  it('ends the processes of a host that was killed with it', async () => {
    const bomb = await makeInflateBombPdf('never read', { pages: 500 });
    let pid: number | undefined;
    const reading = extractTextInSandbox(bomb, 'application/pdf', {
      limits: { ...NO_INFLATE_LIMITS, timeMs: 60_000 },
      onReader: (p) => (pid = p),
    }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(pid).toBeDefined(), { timeout: 10_000 });
    process.kill((await startExtractionHost())!, 'SIGKILL');
    expect(await reading).toMatchObject({ message: expect.stringMatching(/extraction host exited/) });
    // not at its own deadline, a minute later: nothing else would stop a process stuck decoding
    await vi.waitFor(() => expect(orphanIsRunning(pid!)).toBe(false), { timeout: 5_000 });
  }, 30_000);

  it('starts the host again after it has gone', async () => {
    const pid = (await startExtractionHost())!;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false));
    const text = await extractTextInSandbox(Buffer.from('read after the host died'), 'text/plain');
    expect(text).toEqual({ text: 'read after the host died', truncated: false });
    expect(await startExtractionHost()).not.toBe(pid);
  });
});
