import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('db/schema', () => {
  it('gathers every table of every *.tables.ts file (what drizzle-kit migrates is what the client types)', async () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tables.ts'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const declared = new Set<unknown>();
    for (const file of files) {
      const module = (await import(path.join(SRC, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) if (is(value, PgTable)) declared.add(value);
    }
    const gathered = new Set<unknown>(Object.values(schema).filter((value) => is(value, PgTable)));
    expect([...declared].filter((table) => !gathered.has(table))).toEqual([]);
    expect(gathered.size).toBe(declared.size);
  });
});
