import { persistor as appPersistor, type Persistor } from './persist';
import {
  applyTheme,
  DARK_QUERY,
  isCssColor,
  MOTION_QUERY,
  resolveReducedMotion,
  THEME_TOKENS,
  type ThemeState,
} from './theme-paint';

/**
 * Client theme (docs/product/shell.md#theme): dark by default, light, or auto following the system;
 * applied to <html>.
 */
export const DEFAULT_THEME: ThemeState = {
  mode: 'dark',
  primaryColor: null,
  fontSize: 'md',
  animations: true,
  reducedMotionSetting: 'system',
  reducedMotion: false,
  highContrast: false,
  customColors: {},
};

const SLICE = 'theme';

/** The persisted part, checked field by field (a bad stored value falls back to the default). */
function readStored(raw: unknown): Partial<ThemeState> {
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<ThemeState> = {};
  if (r.mode === 'dark' || r.mode === 'light' || r.mode === 'auto') out.mode = r.mode;
  if (r.primaryColor === null || isCssColor(r.primaryColor)) out.primaryColor = r.primaryColor;
  if (r.fontSize === 'sm' || r.fontSize === 'md' || r.fontSize === 'lg') out.fontSize = r.fontSize;
  if (typeof r.animations === 'boolean') out.animations = r.animations;
  if (typeof r.highContrast === 'boolean') out.highContrast = r.highContrast;
  if (r.reducedMotionSetting === 'system' || r.reducedMotionSetting === 'on' || r.reducedMotionSetting === 'off') {
    out.reducedMotionSetting = r.reducedMotionSetting;
  }
  if (typeof r.customColors === 'object' && r.customColors !== null) {
    out.customColors = Object.fromEntries(
      Object.entries(r.customColors).filter(
        ([token, value]) => (THEME_TOKENS as readonly string[]).includes(token) && isCssColor(value),
      ),
    );
  }
  return out;
}

/** What a user may change: everything but the resolved reduced motion. */
export type ThemeChoices = Omit<ThemeState, 'reducedMotion'>;

export interface ThemeStore {
  getState(): ThemeState;
  /** dark or light: the mode in force (auto resolved through the system preference). */
  getResolvedMode(): 'dark' | 'light';
  subscribe(listener: () => void): () => void;
  /** The user's change on this device: applied, stored, and told to `onUserChange` listeners. */
  update(patch: Partial<ThemeChoices>): void;
  /** Choices saved elsewhere (the server's copy): applied and stored here, not told back. */
  adopt(choices: Partial<ThemeChoices>): void;
  /** Listens to the user's own changes (the checked part of each patch), e.g. to save them on the server. */
  onUserChange(listener: (patch: Partial<ThemeChoices>) => void): () => void;
  reset(): void;
  destroy(): void;
}

interface StoreOptions {
  persistor?: Persistor;
  root?: HTMLElement;
  matchMedia?: (query: string) => MediaQueryList;
}

export function createThemeStore({
  persistor = appPersistor,
  root = document.documentElement,
  matchMedia = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia.bind(window) : undefined,
}: StoreOptions = {}): ThemeStore {
  persistor.register(SLICE);
  const dark = matchMedia?.(DARK_QUERY);
  const motion = matchMedia?.(MOTION_QUERY);
  const withMotion = (choices: ThemeChoices): ThemeState => ({
    ...choices,
    reducedMotion: resolveReducedMotion(choices.reducedMotionSetting, motion?.matches ?? false),
  });
  let state: ThemeState = withMotion({ ...DEFAULT_THEME, ...readStored(persistor.readSync(SLICE)) });
  const listeners = new Set<() => void>();
  const userListeners = new Set<(patch: Partial<ThemeChoices>) => void>();

  const resolved = (): 'dark' | 'light' =>
    state.mode === 'auto' ? (dark && !dark.matches ? 'light' : 'dark') : state.mode;

  const apply = () => void applyTheme(root, state, resolved() === 'dark');

  function set(next: ThemeChoices, persist: boolean): void {
    state = withMotion(next);
    apply();
    if (persist) {
      const { reducedMotion: _system, ...kept } = state;
      persistor.write(SLICE, kept);
    }
    listeners.forEach((listener) => listener());
  }

  const onSystemChange = () => set(state, false);
  dark?.addEventListener('change', onSystemChange);
  motion?.addEventListener('change', onSystemChange);
  apply();

  // an asynchronous storage answers later (or never: rehydrate gives up after 5 s)
  if (persistor.readSync(SLICE) === undefined) {
    void persistor.rehydrate().then((slices) => {
      if (slices?.[SLICE]) set({ ...state, ...readStored(slices[SLICE]) }, false);
    });
  }

  return {
    getState: () => state,
    getResolvedMode: resolved,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const clean = readStored(patch);
      set({ ...state, ...clean }, true);
      if (Object.keys(clean).length > 0) userListeners.forEach((listener) => listener(clean));
    },
    adopt(choices) {
      set({ ...state, ...readStored(choices) }, true);
    },
    onUserChange(listener) {
      userListeners.add(listener);
      return () => userListeners.delete(listener);
    },
    reset() {
      const { reducedMotion: _resolved, ...defaults } = DEFAULT_THEME;
      set(defaults, true);
      userListeners.forEach((listener) => listener(defaults));
    },
    destroy() {
      dark?.removeEventListener('change', onSystemChange);
      motion?.removeEventListener('change', onSystemChange);
      listeners.clear();
      userListeners.clear();
    },
  };
}

let defaultStore: ThemeStore | undefined;
/** The app's theme store, created (and applied to <html>) on first use. */
export function getThemeStore(): ThemeStore {
  defaultStore ??= createThemeStore();
  return defaultStore;
}
