import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractVersion } from '../contract-version.mjs';

const source = path.resolve(import.meta.dirname);
const copies: string[] = [];
const copy = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tp-contract-'));
  copies.push(dir);
  cpSync(source, dir, { recursive: true });
  return dir;
};
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('contractVersion', () => {
  it('is the same for the same source, wherever it lies', () => {
    expect(contractVersion()).toMatch(/^[0-9a-f]{16}$/);
    expect(contractVersion(copy())).toBe(contractVersion());
  });

  it('changes with any change to a source file the builds bundle, and with a new one', () => {
    const changed = copy();
    writeFileSync(path.join(changed, 'api/market.ts'), '// one more line\n', { flag: 'a' });
    expect(contractVersion(changed)).not.toBe(contractVersion());
    const added = copy();
    writeFileSync(path.join(added, 'api/new-feature.ts'), 'export const x = 1;\n');
    expect(contractVersion(added)).not.toBe(contractVersion());
  });

  it('ignores tests, fixtures and the test helpers, which no build bundles', () => {
    const dir = copy();
    writeFileSync(path.join(dir, 'api/market.test.ts'), '// another test\n', { flag: 'a' });
    writeFileSync(path.join(dir, 'schema-walk.fixture.ts'), '// more\n', { flag: 'a' });
    writeFileSync(path.join(dir, 'testing/console-error-trap.ts'), '// more\n', { flag: 'a' });
    expect(contractVersion(dir)).toBe(contractVersion());
  });
});
