import { vi } from 'vitest';

/**
 * Test kit for the server's and the web's test setups: console.error fails a test unless the test
 * expects it (expectConsoleError). Arm it before each test; disarm it after, and fail the test with
 * what it answers.
 */
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(times = 1): void {
  expected += times;
}

export function armConsoleErrorTrap(): void {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
  });
}

/** Restores console.error and answers each unexpected call as one line of text. */
export function disarmConsoleErrorTrap(): string[] {
  vi.mocked(console.error).mockRestore();
  return unexpected.map((args) => args.map(String).join(' '));
}
