import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from './helpers';
import { removeTempDirs, tempDir } from './temp-dirs';

describe('temporary directories of a test', () => {
  const earlier: string[] = [];

  it('are made empty in the system temporary directory, named by their prefix', () => {
    const dir = tempDir('tp-temp-dirs-');
    earlier.push(dir);
    expect(path.dirname(dir)).toBe(tmpdir());
    expect(path.basename(dir)).toMatch(/^tp-temp-dirs-.{6}$/);
    expect(readdirSync(dir)).toEqual([]);
    expect(tempDir('tp-temp-dirs-')).not.toBe(dir);
  });

  it('are kept until the file ends, for a test that restarts an app on the same directory', () => {
    expect(earlier).toHaveLength(1);
    expect(earlier.filter((dir) => existsSync(dir))).toEqual(earlier);
  });

  it('are removed with what they hold, once, skipping one already gone', () => {
    const full = tempDir('tp-temp-dirs-');
    mkdirSync(path.join(full, 'db'));
    writeFileSync(path.join(full, 'db', 'data'), 'x');
    const gone = tempDir('tp-temp-dirs-');
    rmSync(gone, { recursive: true });
    removeTempDirs();
    expect(existsSync(full)).toBe(false);
    const after = tempDir('tp-temp-dirs-');
    removeTempDirs();
    expect(existsSync(after)).toBe(false);
    expect(earlier.filter((dir) => existsSync(dir))).toEqual([]);
  });

  it("include a test app's DATA_DIR", () => {
    const { dataDir } = testConfig();
    expect(existsSync(dataDir)).toBe(true);
    removeTempDirs();
    expect(existsSync(dataDir)).toBe(false);
  });
});
