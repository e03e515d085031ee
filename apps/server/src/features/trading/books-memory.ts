import type { Connection } from '../../db/client';
import type { AccountState, PositionState } from './books.repository';

/**
 * The books an instance last wrote for a user and symbol (decision 0029): the next order of that
 * user in that symbol is booked from them and written in one statement, without the books read.
 * Memory is never trusted: the write checks the account's version (every write to the books turns
 * it, on any instance), the session, the user's zone and the newest counted day in the same
 * statement (`WriteGuard`), and when it writes nothing the order takes the read path as before.
 */

export interface RememberedBooks {
  account: AccountState;
  position: PositionState;
  /** The user's zone when the books were read (an accepted order's activity day is counted in it). */
  timeZone: string;
}

/** Enough for every trader of a busy instance; past it the first remembered goes (it costs one read). */
const CAPACITY = 10_000;

const memories = new WeakMap<Connection, Map<string, RememberedBooks>>();
const keyOf = (userId: string, symbol: string) => `${userId} ${symbol}`;

function memoryOf(connection: Connection): Map<string, RememberedBooks> {
  let memory = memories.get(connection);
  if (!memory) memories.set(connection, (memory = new Map()));
  return memory;
}

/** A copy of what was remembered (the caller's work changes its books in place). */
export function recall(connection: Connection, userId: string, symbol: string): RememberedBooks | null {
  const found = memories.get(connection)?.get(keyOf(userId, symbol));
  return found ? { ...found, account: { ...found.account }, position: { ...found.position } } : null;
}

export function remember(connection: Connection, userId: string, symbol: string, books: RememberedBooks): void {
  const memory = memoryOf(connection);
  memory.set(keyOf(userId, symbol), books);
  if (memory.size > CAPACITY) memory.delete(memory.keys().next().value!);
}

export function forget(connection: Connection, userId: string, symbol: string): void {
  memories.get(connection)?.delete(keyOf(userId, symbol));
}
