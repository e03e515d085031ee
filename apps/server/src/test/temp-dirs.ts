import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Temporary directories a test makes, removed when its file ends (the test setup's `afterAll`,
 * after the file's own hooks have closed its apps and servers): a test may restart an app on the
 * same directory, and nothing outlives the run. Kept on `globalThis`, as the worker's database
 * is, so the setup and the tests share one list whichever copy of this module they load.
 */
const made: string[] = ((globalThis as Record<string, unknown>).__tpTempDirs ??= []) as string[];

/** A new empty directory in the system's temporary directory, named `<prefix>XXXXXX`, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made so far, with what is in it (one already gone is skipped). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
