import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Connection } from './client';
import { getTestDatabase, getTestDatabaseUrl, resetDatabase } from '../test/kit';
import { users } from '../features/users/users.tables';

/** On PostgreSQL (this file runs only in the PostgreSQL pass) every data statement is prepared once per connection. */
describe('statements prepared on the connection', () => {
  let connection: Connection;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    // a pool of its own, used one statement at a time: it only ever opens one connection
    connection = await openDatabase({ databaseUrl: (await getTestDatabaseUrl())! });
  });
  afterAll(() => connection?.close());

  const prepared = async () =>
    (
      await connection.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement not like $1',
        ['%pg_prepared_statements%'],
      )
    ).rows.map((row) => row.statement);

  it("prepares Drizzle's statements, in and out of transactions, and answers as before", async () => {
    const { db } = connection;
    const email = 'prepared@example.com';
    await db.insert(users).values({ email, name: 'Prepared' });
    const byEmail = () => db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(await byEmail()).toEqual([{ name: 'Prepared' }]);
    expect(await byEmail()).toEqual([{ name: 'Prepared' }]);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Renamed' }).where(eq(users.email, email));
    });
    expect(await byEmail()).toEqual([{ name: 'Renamed' }]);
    const statements = await prepared();
    expect(statements.filter((text) => text.startsWith('select "name" from "users"'))).toHaveLength(1);
    expect(statements.some((text) => text.startsWith('insert into "users"'))).toBe(true);
    expect(statements.some((text) => text.startsWith('update "users"'))).toBe(true);
    expect(statements.some((text) => /^(begin|commit)/i.test(text))).toBe(false);
  });

  it('runs scripts of several statements unnamed', async () => {
    await connection.db.execute(sql.raw('select 1; select 2'));
    await connection.exec('select 1; select 2');
    expect((await prepared()).some((text) => text.includes('select 1; select 2'))).toBe(false);
  });
});
