import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { usableCores } from './usable-cores';
import { tempDir } from './test/temp-dirs';

const dir = () => tempDir('tp-cores-');
const cpuMax = (text: string) => {
  const file = path.join(dir(), 'cpu.max');
  writeFileSync(file, text);
  return file;
};
const POSTGRES = 'postgres://user:pass@127.0.0.1:5432/tp';

describe('usableCores', () => {
  it('is the cores the scheduler allows, capped by a cgroup CPU quota rounded up', () => {
    const cores = availableParallelism();
    expect(usableCores(path.join(dir(), 'absent'))).toBe(cores);
    expect(usableCores(cpuMax('max 100000\n'))).toBe(cores);
    expect(usableCores(cpuMax('50000 100000\n'))).toBe(1);
    expect(usableCores(cpuMax('150000 100000\n'))).toBe(Math.min(cores, 2));
    expect(usableCores(cpuMax('6400000 100000\n'))).toBe(cores);
  });
});

describe('SERVER_PROCESSES', () => {
  const base = () => ({ DATA_DIR: dir() });

  it('is one process on the embedded database, and the usable cores on PostgreSQL, by default', () => {
    expect(loadConfig(base()).serverProcesses).toBe(1);
    expect(loadConfig({ ...base(), DATABASE_URL: POSTGRES }).serverProcesses).toBe(usableCores());
    expect(loadConfig({ ...base(), DATABASE_URL: POSTGRES, SERVER_PROCESSES: '3' }).serverProcesses).toBe(3);
    expect(loadConfig({ ...base(), SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
  });

  it('refuses more than one process on the embedded database, and values that are no count, naming the variable', () => {
    expect(() => loadConfig({ ...base(), SERVER_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), SERVER_PROCESSES: '2' })).toThrow(
      /SERVER_PROCESSES: the embedded database \(no DATABASE_URL\) admits one process/,
    );
    for (const value of ['0', '65', 'two', '1.5', '-1']) {
      expect(() => loadConfig({ ...base(), DATABASE_URL: POSTGRES, SERVER_PROCESSES: value })).toThrow(
        /SERVER_PROCESSES: must be auto or a number of processes from 1 to 64/,
      );
    }
  });
});
