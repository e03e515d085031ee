import { TIMEOUTS_MS } from '@tp/shared';

/**
 * Local persistence of client state (docs/product/ui-layer.md#client-persistence): only registered
 * slices (theme, and auth if it
 * chooses to) are kept, together, under ONE storage key carrying the version (1). Restoring gives
 * up after 5 s. Actions: register, rehydrate, pause, flush, purge.
 */
export const PERSIST_KEY = 'tp.ui.v1';
export const PERSIST_VERSION = 1;

type Slices = Record<string, unknown>;

export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export interface Persistor {
  /** Declares a slice persisted; writes of undeclared slices are ignored. */
  register(slice: string): void;
  /** The stored slice, read synchronously when the storage is synchronous (undefined otherwise). */
  readSync(slice: string): unknown;
  /** Reads the stored state; null when it is absent, unreadable, of another version or too slow. */
  rehydrate(): Promise<Slices | null>;
  write(slice: string, value: unknown): void;
  /** Stops writing until resume(); writes made meanwhile are kept in memory. */
  pause(): void;
  resume(): void;
  /** Writes what is in memory now (also while paused). */
  flush(): Promise<void>;
  /** Removes everything stored under the key. */
  purge(): Promise<void>;
}

interface Options {
  key?: string;
  version?: number;
  storage: PersistStorage | null;
  timeoutMs?: number;
}

const isPromise = <T>(value: unknown): value is Promise<T> =>
  typeof value === 'object' && value !== null && typeof (value as Promise<T>).then === 'function';

function parse(raw: string | null, version: number): Slices | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as { version?: unknown; slices?: unknown };
    if (data.version !== version || typeof data.slices !== 'object' || data.slices === null) return null;
    return data.slices as Slices;
  } catch {
    return null;
  }
}

/** Runs storage writes: a synchronous storage's at once, an asynchronous one's in order. */
function createWriteQueue(): (op: () => void | Promise<void>) => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  let inflight = 0;
  const track = (work: Promise<unknown>) => {
    inflight += 1;
    tail = work
      .then(
        () => undefined,
        () => undefined, // quota or blocked storage: the state stays in memory
      )
      .finally(() => {
        inflight -= 1;
      });
  };
  return (op) => {
    if (inflight > 0) {
      track(tail.then(op));
      return tail;
    }
    try {
      const result = op();
      if (isPromise(result)) track(result);
    } catch {
      // quota or blocked storage
    }
    return tail;
  };
}

/** The stored text, or null when the storage takes longer than `timeoutMs`. */
async function readWithin(storage: PersistStorage, key: string, timeoutMs: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve(storage.getItem(key)),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createPersistor({
  key = PERSIST_KEY,
  version = PERSIST_VERSION,
  storage,
  timeoutMs = TIMEOUTS_MS.persistRestore,
}: Options): Persistor {
  const registered = new Set<string>();
  let memory: Slices = {};
  let loaded = false; // memory holds what storage had, so a write cannot drop another slice
  let paused = false;
  let dirty = false;
  const enqueue = createWriteQueue();

  const pick = (slices: Slices): Slices =>
    Object.fromEntries(Object.entries(slices).filter(([name]) => registered.has(name)));

  function loadSync(): void {
    if (loaded || !storage) return;
    try {
      const raw = storage.getItem(key);
      if (isPromise(raw)) {
        raw.catch(() => undefined); // rehydrate() reads async storages
        return;
      }
      memory = { ...(parse(raw, version) ?? {}), ...memory };
      loaded = true;
    } catch {
      loaded = true; // storage blocked: nothing to keep
    }
  }

  function persistNow(): Promise<void> {
    if (!storage) return Promise.resolve();
    dirty = false;
    const value = JSON.stringify({ version, slices: pick(memory) });
    return enqueue(() => storage.setItem(key, value));
  }

  return {
    register(slice) {
      registered.add(slice);
    },
    readSync(slice) {
      loadSync();
      return loaded ? memory[slice] : undefined;
    },
    async rehydrate() {
      if (!storage) return null;
      try {
        const raw = await readWithin(storage, key, timeoutMs);
        const slices = parse(raw, version);
        memory = { ...(slices ?? {}), ...memory }; // what this visit wrote wins
        return slices ? pick(slices) : null;
      } catch {
        return null;
      } finally {
        const wasLoaded = loaded;
        loaded = true;
        if (!wasLoaded && dirty && !paused) void persistNow();
      }
    },
    write(slice, value) {
      if (!registered.has(slice)) return;
      loadSync();
      memory = { ...memory, [slice]: value };
      dirty = true;
      if (!paused && loaded) void persistNow();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      if (dirty && loaded) void persistNow();
    },
    flush() {
      return persistNow();
    },
    async purge() {
      memory = {};
      dirty = false;
      if (!storage) return;
      return enqueue(() => storage.removeItem(key));
    },
  };
}

function browserStorage(): PersistStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

/** The app's persistor (localStorage). Auth may register its own slice here. */
export const persistor = createPersistor({ storage: browserStorage() });
