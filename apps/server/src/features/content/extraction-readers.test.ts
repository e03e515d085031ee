import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isRunning, makeInflateBombPdf, makePdf } from './content-test-kit';
import type { ChildRequest, ReaderMessage, ReaderRequest } from './extraction-child';
import { readerFiles } from './extraction-loader';
import { startReader } from './extraction-readers';
import { EXTRACTION_LIMITS, extractTextInSandbox, type SandboxOptions } from './extraction-sandbox';
import { extractionScript } from './extraction-script';
import { tempDir } from '../../test/temp-dirs';

/** Reads a file and gives the process id of the reader it was handed to, with its text. */
async function readBy(bytes: Buffer, mime: string, options: SandboxOptions = {}) {
  let pid: number | undefined;
  const text = await extractTextInSandbox(bytes, mime, { ...options, onReader: (p) => (pid = p) }).catch(
    (e: unknown) => e,
  );
  return { pid: pid!, text };
}

const pdf = (line: string) => makePdf([line]);
const textOf = (line: string) => ({ text: line, truncated: false });

/** Sends a reader started as the host starts it one request, and waits for its answer. */
function ask(reader: ChildProcess, request: ReaderRequest): Promise<ReaderMessage> {
  return new Promise((resolve) => {
    reader.once('message', resolve);
    reader.send(request);
  });
}

describe('readers: processes that read one file after the other', () => {
  it('reads two files in a row in the same reader, a PDF and a text document', async () => {
    const first = await readBy(pdf('Invoice 1: 20 bales of cotton'), 'application/pdf');
    const second = await readBy(Buffer.from('Invoice 2: 12 bags of cloves'), 'text/plain');
    const third = await readBy(pdf('Invoice 3: 8 drums of sesame oil'), 'application/pdf');
    expect([first.text, second.text, third.text]).toEqual([
      textOf('Invoice 1: 20 bales of cotton'),
      textOf('Invoice 2: 12 bags of cloves'),
      textOf('Invoice 3: 8 drums of sesame oil'),
    ]);
    expect(second.pid).toBe(first.pid);
    expect(third.pid).toBe(first.pid);
  });

  it('kills the reader of a file that hit a limit; the next file gets a new one', async () => {
    const before = await readBy(pdf('Packing list'), 'application/pdf');
    const bomb = await readBy(await makeInflateBombPdf('never read'), 'application/pdf');
    expect(bomb.text).toMatchObject({ reason: 'inflate-limit' });
    expect(bomb.pid).toBe(before.pid);
    const after = await readBy(pdf('Certificate of origin: Kenya'), 'application/pdf');
    expect(after.text).toEqual(textOf('Certificate of origin: Kenya'));
    expect(after.pid).not.toBe(bomb.pid);
    expect(isRunning(bomb.pid)).toBe(false);
  }, 30_000);

  it('kills the reader of a file it could not decode; the next file gets a new one', async () => {
    const before = await readBy(Buffer.from('Bill of lading'), 'text/plain');
    const damaged = await readBy(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'), 'application/pdf');
    expect(damaged.text).toMatchObject({ reason: 'unreadable' });
    expect(damaged.pid).toBe(before.pid);
    const after = await readBy(Buffer.from('read by a new reader'), 'text/plain');
    expect(after.text).toEqual(textOf('read by a new reader'));
    expect(after.pid).not.toBe(damaged.pid);
  });

  it('retires a reader after its number of files, and one past its memory bound after a file', async () => {
    // a reader that has served a file is not taken for a file whose bound is one: a new one starts
    await readBy(Buffer.from('zero'), 'text/plain', { readerBounds: { maxFiles: 1 } });
    const bounds = { maxFiles: 2 };
    const one = await readBy(Buffer.from('one'), 'text/plain', { readerBounds: bounds });
    const two = await readBy(Buffer.from('two'), 'text/plain', { readerBounds: bounds });
    const three = await readBy(Buffer.from('three'), 'text/plain', { readerBounds: bounds });
    expect(three.text).toEqual(textOf('three'));
    expect(two.pid).toBe(one.pid);
    expect(three.pid).not.toBe(two.pid);
    // any reader is past one byte: each file gets a new one
    const small = { recycleBytes: 1 };
    const four = await readBy(Buffer.from('four'), 'text/plain', { readerBounds: small });
    const five = await readBy(Buffer.from('five'), 'text/plain', { readerBounds: small });
    expect(five.text).toEqual(textOf('five'));
    expect(five.pid).not.toBe(four.pid);
  });

  it('ends a reader left idle, and takes no file to one past its age', async () => {
    const one = await readBy(Buffer.from('one'), 'text/plain');
    const two = await readBy(Buffer.from('two'), 'text/plain', { readerBounds: { idleMs: 100 } });
    expect(two.pid).toBe(one.pid);
    await vi.waitFor(() => expect(isRunning(two.pid)).toBe(false), { timeout: 5_000 });
    // a reader older than a millisecond is retired after its file: the next gets a new one
    const three = await readBy(Buffer.from('three'), 'text/plain', { readerBounds: { maxAgeMs: 1 } });
    const four = await readBy(Buffer.from('four'), 'text/plain');
    expect([three.text, four.text]).toEqual([textOf('three'), textOf('four')]);
    expect(three.pid).not.toBe(two.pid);
    expect(four.pid).not.toBe(three.pid);
  });

  it('gives a reader no file of the disk but its own code, and no process', async () => {
    const secret = path.join(tempDir('tp-reader-'), 'config.json');
    writeFileSync(secret, '{"smtpPassword":"not for a reader"}');
    const entry = await extractionScript();
    const reader = startReader(entry);
    try {
      expect(await ask(reader, { type: 'probe', file: secret })).toEqual({
        type: 'probed',
        readFile: 'ERR_ACCESS_DENIED',
        spawn: 'ERR_ACCESS_DENIED',
      });
      // what it may read, it reads: the refusal above is the permission model's
      const own = await ask(reader, { type: 'probe', file: readerFiles(entry).bundle });
      expect(own).toMatchObject({ readFile: 'allowed', spawn: 'ERR_ACCESS_DENIED' });
    } finally {
      reader.kill('SIGKILL');
    }
  });

  it('loads the PDF reader from its code cache under the permission model', async () => {
    const bytes = makePdf(['Certificate of origin: Kenya']);
    const request: ChildRequest = {
      ...EXTRACTION_LIMITS,
      mime: 'application/pdf',
      size: bytes.length,
      deadlineMs: 10_000,
    };
    const reader = startReader(await extractionScript());
    let stderr = '';
    reader.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      const answer = await ask(reader, { type: 'read', request, bytes });
      expect(answer).toMatchObject({ type: 'reply', ok: true });
      expect(JSON.parse((answer as { reply: string }).reply)).toEqual({
        ok: true,
        extracted: textOf('Certificate of origin: Kenya'),
      });
    } finally {
      reader.disconnect();
      await new Promise((resolve) => reader.once('exit', resolve));
    }
    // the reader says so on standard error when V8 rejected the cache (extraction-loader.ts)
    expect(stderr).toBe('');
  });
});
