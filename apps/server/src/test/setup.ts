import { afterAll, afterEach, beforeEach } from 'vitest';
import { armConsoleErrorTrap, disarmConsoleErrorTrap } from '@tp/shared/testing';
import { removeTempDirs } from './temp-dirs';

export { expectConsoleError } from '@tp/shared/testing';

beforeEach(() => {
  armConsoleErrorTrap();
});

afterEach(() => {
  const unexpected = disarmConsoleErrorTrap();
  if (unexpected.length > 0) {
    throw new Error(`console.error was called unexpectedly:\n${unexpected.join('\n')}`);
  }
});

// registered before the test file's own hooks, so it runs after them (hooks run as a stack)
afterAll(() => {
  removeTempDirs();
});
