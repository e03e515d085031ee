import { describe, expect, it } from 'vitest';
import { statementName } from './prepared-statements';

describe('naming statements to prepare them once per connection', () => {
  it('gives a data statement one name for its text, and another text another name', () => {
    const read = 'select "id" from "users" where "id" = $1 -- naming test 1';
    const name = statementName(read);
    expect(name).toMatch(/^s\d+$/);
    expect(statementName(read)).toBe(name);
    expect(statementName(` WITH x as (select 1) insert into t select * from x -- naming test 2`)).not.toBe(name);
    for (const kind of [
      'insert into t values ($1)',
      'update t set a = $1',
      'delete from t',
      '(select 1) union (select 2)',
    ])
      expect(statementName(`${kind} -- naming test 3`), kind).toBeDefined();
  });

  it('leaves scripts and commands unnamed: they cannot all be prepared, and they are not hot', () => {
    for (const text of [
      'begin',
      'commit',
      'set local statement_timeout = 1000',
      'create table t (a int)',
      'select 1; select 2',
      'listen jobs',
    ])
      expect(statementName(text), text).toBeUndefined();
  });
});
