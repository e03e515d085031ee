import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A hand-written statement names at most eight positional parameters ($1…$8): past that, which
// value is which is guesswork at the call site. More values travel as arrays (unnest) or one jsonb
// record, behind a repository function that takes an object.
const MOST = 8;

const source = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|-test-kit\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The highest $N a file's text names (0 when none). */
function highestParameter(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\$(\d+)\b/g)].map((match) => Number(match[1])));
}

describe('hand-written SQL', () => {
  it('finds the highest positional parameter', () => {
    expect(highestParameter('select $1::uuid, $12::text where x = $3')).toBe(12);
    expect(highestParameter('select 1')).toBe(0);
  });

  it(`names at most ${MOST} positional parameters in a statement`, () => {
    const wider = Object.fromEntries(
      sourceFiles(source)
        .map(
          (file) =>
            [
              path.relative(source, file).split(path.sep).join('/'),
              highestParameter(readFileSync(file, 'utf8')),
            ] as const,
        )
        .filter(([, highest]) => highest > MOST),
    );
    expect(wider).toEqual({});
  });
});
