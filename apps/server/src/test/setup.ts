import { afterEach, beforeEach } from 'vitest';
import { armConsoleErrorTrap, disarmConsoleErrorTrap } from '@tp/shared/testing';

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
