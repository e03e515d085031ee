import { useSyncExternalStore } from 'react';
import { FEATURE_FLAGS, type FeatureFlag } from '@tp/shared';
import { usePublicConfig } from './public-config';

/**
 * Feature flags (docs/product/shell.md#feature-flags, all off by default): the server's defaults
 * from GET /api/config, with
 * this browser's own overrides on top (the /email-blaster test page sets them).
 */
export const FLAG_OVERRIDES_KEY = 'tp.featureFlags';

export type FlagOverrides = Partial<Record<FeatureFlag, boolean>>;

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: FlagOverrides } = { raw: null, value: {} };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored overrides, checked flag by flag (anything else in storage is ignored). */
export function readFlagOverrides(): FlagOverrides {
  const raw = storage()?.getItem(FLAG_OVERRIDES_KEY) ?? null;
  if (raw === cached.raw) return cached.value;
  let value: FlagOverrides;
  try {
    const parsed = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    value = Object.fromEntries(
      FEATURE_FLAGS.filter((flag) => typeof parsed[flag] === 'boolean').map((flag) => [flag, parsed[flag]]),
    ) as FlagOverrides;
  } catch {
    value = {};
  }
  cached = { raw, value };
  return value;
}

function write(overrides: FlagOverrides): void {
  const store = storage();
  if (Object.keys(overrides).length === 0) store?.removeItem(FLAG_OVERRIDES_KEY);
  else store?.setItem(FLAG_OVERRIDES_KEY, JSON.stringify(overrides));
  listeners.forEach((listener) => listener());
}

/** Sets one flag for this browser; setting it back to the server's default drops the override. */
export function setFlagOverride(flag: FeatureFlag, on: boolean, serverDefault: boolean): void {
  const { [flag]: _old, ...rest } = readFlagOverrides();
  write(on === serverDefault ? rest : { ...rest, [flag]: on });
}

/** Back to the server's defaults. */
export function resetFlagOverrides(): void {
  write({});
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FLAG_OVERRIDES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const NO_OVERRIDES: FlagOverrides = {};

export interface FeatureFlagsState {
  /** null until the server's defaults have arrived. */
  defaults: Record<FeatureFlag, boolean> | null;
  overrides: FlagOverrides;
  /** The flags in force: the defaults (off while unknown) with the overrides on top. */
  flags: Record<FeatureFlag, boolean>;
}

export function useFeatureFlags(): FeatureFlagsState {
  const config = usePublicConfig();
  const overrides = useSyncExternalStore(subscribe, readFlagOverrides, () => NO_OVERRIDES);
  const defaults = config.data?.features ?? null;
  const flags = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, overrides[flag] ?? defaults?.[flag] ?? false]),
  ) as Record<FeatureFlag, boolean>;
  return { defaults, overrides, flags };
}
