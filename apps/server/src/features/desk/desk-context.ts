import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { unauthorized } from '../../plugins/errors';
import { users } from '../users/users.tables';
import { localDay, type CalendarDay } from './calendar-dates';
import { currencyTable, type CurrencyTable } from './currencies';

/** Who the desk is answering and when: the user's home currency, their "today", the market second. */
export interface DeskContext {
  userId: string;
  homeCurrency: CurrencyCode;
  timeZone: string;
  /** The market's clock (ms), the instant every rate of one answer is taken at. */
  nowMs: number;
  today: CalendarDay;
  table: CurrencyTable;
}

const tables = new WeakMap<Deps['config'], CurrencyTable>();
export function tableOf(deps: Pick<Deps, 'config'>): CurrencyTable {
  let table = tables.get(deps.config);
  if (!table) {
    table = currencyTable(deps.config);
    tables.set(deps.config, table);
  }
  return table;
}

export async function deskContext(deps: Deps, userId: string, executor: DbExecutor = deps.db): Promise<DeskContext> {
  const [user] = await executor
    .select({ homeCurrency: users.homeCurrency, timeZone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return deskContextOf(deps, userId, user);
}

/** The context of a user whose home currency and zone were read by the caller, at the market's now. */
export function deskContextOf(
  deps: Pick<Deps, 'config' | 'market'>,
  userId: string,
  user: { homeCurrency: CurrencyCode; timeZone: string },
): DeskContext {
  const nowMs = deps.market.now();
  return {
    userId,
    homeCurrency: user.homeCurrency,
    timeZone: user.timeZone,
    nowMs,
    today: localDay(new Date(nowMs), user.timeZone),
    table: tableOf(deps),
  };
}
