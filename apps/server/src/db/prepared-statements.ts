import pg from 'pg';

/**
 * Every statement PostgreSQL parses and plans once per connection (decision 0045): a pool client
 * that names each parameterised data statement by its text, so node-postgres prepares it on the
 * connection's first use and only binds and runs it afterwards. Drizzle builds the same text for
 * the same query, so the app's statements are a fixed set; the names are still capped, and a text
 * past the cap runs unnamed, as before.
 */

/** Far above the app's distinct statements (a few hundred); bounds what each connection keeps. */
export const NAMED_STATEMENTS_LIMIT = 1_000;

/** A single data statement: scripts and commands (BEGIN, SET, DDL) run unnamed. */
const DATA_STATEMENT = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();

/** The name of a statement's text, or undefined when it runs unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= NAMED_STATEMENTS_LIMIT || text.includes(';') || !DATA_STATEMENT.test(text)) return undefined;
  const name = `s${names.size}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** pg's client, naming each parameterised data statement it runs (`new pg.Pool({ Client: PreparingClient })`). */
export class PreparingClient extends pg.Client {
  // pg's `query` has a dozen overloads; this only adds a name to a config object and passes all on
  override query(...args: never[]): never {
    const [config, values] = args as unknown as [unknown, unknown];
    // a Query object (a cursor, a stream) goes through as it is
    if (config && typeof config === 'object' && !(config as QueryConfig).name && !('submit' in config)) {
      const { text } = config as QueryConfig;
      const parameterised = values !== undefined || (config as QueryConfig).values !== undefined;
      const name = parameterised && typeof text === 'string' ? statementName(text) : undefined;
      if (name) args[0] = { ...config, name } as never;
    }
    return (super.query as (...rest: never[]) => never)(...args);
  }
}
