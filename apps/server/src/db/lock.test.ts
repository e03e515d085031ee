import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';
import { tempDir } from '../test/temp-dirs';

const lockDir = () => path.join(tempDir('tp-lock-'), 'db');
const children: Array<{ kill(): void }> = [];
afterEach(() => children.splice(0).forEach((child) => child.kill()));

function startTimeOf(pid: number): string | null {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

describe('data directory lock', () => {
  it('refuses a second holder in this process, and lets go on release', async () => {
    const dir = lockDir();
    const release = await acquireDataDirLock(dir, false);
    await expect(acquireDataDirLock(dir, false)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    expect(existsSync(`${dir}.pid`)).toBe(false);
    await (
      await acquireDataDirLock(dir, false)
    )();
  });

  it('refuses while another live process holds it, however long since it last did anything', async () => {
    const dir = lockDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    const pid = other.pid!;
    const owner = { pid, host: hostname(), started: startTimeOf(pid), boot: null };
    writeFileSync(`${dir}.pid`, JSON.stringify(owner));
    await expect(acquireDataDirLock(dir, false)).rejects.toThrow(/already in use by another process/);
  });

  it('takes over at once the lock of a process that died, or of a reused process id', async () => {
    const dir = lockDir();
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(`${dir}.pid`, JSON.stringify({ pid: gone.pid, host: hostname(), started: '1', boot: null }));
    await (
      await acquireDataDirLock(dir, false)
    )();

    // a live process whose start time differs from the recorded one is not the holder
    const other = spawn('sleep', ['30']);
    children.push(other);
    writeFileSync(`${dir}.pid`, JSON.stringify({ pid: other.pid, host: hostname(), started: '1', boot: null }));
    const release = await acquireDataDirLock(dir, false);
    expect(JSON.parse(readFileSync(`${dir}.pid`, 'utf8')).pid).toBe(process.pid);
    await release();

    // this very pid, from an earlier life (a restarted container), does not hold it either
    writeFileSync(`${dir}.pid`, JSON.stringify({ pid: process.pid, host: hostname(), started: '1', boot: null }));
    await (
      await acquireDataDirLock(dir, false)
    )();
  });

  it('takes over a lock file left unreadable by a crash while writing it', async () => {
    const dir = lockDir();
    writeFileSync(`${dir}.pid`, '{"pid":');
    await (
      await acquireDataDirLock(dir, false)
    )();
  });
});
