import { LRUCache } from 'lru-cache';
import type { InstrumentSpec } from './instruments';
import type { MarketSnapshot } from './market-provider';

const DAY_SECONDS = 86_400;
/** Enough for every instrument at a few hundred recent seconds; a snapshot is a few hundred bytes. */
export const SNAPSHOT_MEMO_SECONDS = 4_096;

/**
 * The market at single seconds, computed once per (symbol, second) and shared by every request.
 * The market at a second never changes once that second has come, so an entry is never stale; and
 * entries are keyed by their second, so a read in a new second computes that second's snapshot.
 * Each symbol's newest day open (00:00 UTC) is kept apart, so reads of other seconds never evict
 * what every portfolio read of the day asks for.
 */
export interface SnapshotMemo {
  at(spec: InstrumentSpec, second: number): MarketSnapshot;
  /** Snapshots held: at most `maxSeconds` plus one day open per symbol. */
  readonly size: number;
}

export function createSnapshotMemo(
  compute: (spec: InstrumentSpec, second: number) => MarketSnapshot,
  maxSeconds = SNAPSHOT_MEMO_SECONDS,
): SnapshotMemo {
  const seconds = new LRUCache<string, MarketSnapshot>({ max: maxSeconds });
  const dayOpens = new Map<string, MarketSnapshot>();
  const fromSeconds = (spec: InstrumentSpec, second: number) => {
    const key = `${spec.symbol}@${second}`;
    let snapshot = seconds.get(key);
    if (!snapshot) seconds.set(key, (snapshot = Object.freeze(compute(spec, second))));
    return snapshot;
  };
  return {
    at(spec, second) {
      if (second % DAY_SECONDS !== 0) return fromSeconds(spec, second);
      const open = dayOpens.get(spec.symbol);
      if (open?.second === second) return open;
      // an older day's open is an ordinary past second
      if (open && open.second > second) return fromSeconds(spec, second);
      const snapshot = Object.freeze(compute(spec, second));
      dayOpens.set(spec.symbol, snapshot);
      return snapshot;
    },
    get size() {
      return seconds.size + dayOpens.size;
    },
  };
}
