import { afterEach, beforeEach, vi } from 'vitest';

/** console.error fails the test unless the test expects it (expectConsoleError). */
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(times = 1): void {
  expected += times;
}

beforeEach(() => {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called unexpectedly:\n${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
