import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPageResources } from '@/lib/page-resource';
import { installDomPolyfills } from './dom-polyfills';
import { takeUnexpectedApiCalls } from './mock-api';

// absent in the node environment (the prerender test)
if (typeof Element !== 'undefined') installDomPolyfills();

// findBy*/waitFor wait for their condition up to 5 s: a screen's first answer waits for the lazily
// loaded contract (zod), which can take more than the default second on a busy machine
configure({ asyncUtilTimeout: 5_000 });

/** console.error fails the test unless the test expects it (expectConsoleError). */
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(times = 1): void {
  expected += times;
}

beforeEach(() => {
  expected = 0;
  unexpected = [];
  takeUnexpectedApiCalls();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
  });
});

afterEach(() => {
  cleanup();
  resetPageResources();
  vi.mocked(console.error).mockRestore();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  const problems = [
    ...unexpected.map((args) => `console.error: ${args.map(String).join(' ')}`),
    ...takeUnexpectedApiCalls().map((key) => `API call no route answers: ${key}`),
  ];
  if (problems.length > 0) throw new Error(`unexpected during the test:\n${problems.join('\n')}`);
});
