import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { armConsoleErrorTrap, disarmConsoleErrorTrap } from '@tp/shared/testing';
import { resetPageResources } from '@/lib/page-resource';
import { installDomPolyfills } from './dom-polyfills';
import { takeUnexpectedApiCalls } from './mock-api';

// absent in the node environment (the prerender test)
if (typeof Element !== 'undefined') installDomPolyfills();

// findBy*/waitFor wait for their condition up to 5 s: a screen's first answer waits for the lazily
// loaded contract (zod), which can take more than the default second on a busy machine
configure({ asyncUtilTimeout: 5_000 });

export { expectConsoleError } from '@tp/shared/testing';

beforeEach(() => {
  takeUnexpectedApiCalls();
  armConsoleErrorTrap();
});

afterEach(() => {
  cleanup();
  resetPageResources();
  const unexpected = disarmConsoleErrorTrap();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  const problems = [
    ...unexpected.map((line) => `console.error: ${line}`),
    ...takeUnexpectedApiCalls().map((key) => `API call no route answers: ${key}`),
  ];
  if (problems.length > 0) throw new Error(`unexpected during the test:\n${problems.join('\n')}`);
});
