import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_THEME_PREFERENCES, type UserPreferencesPatch, type ThemePreferences, MESSAGES } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { useThemeStore } from '@/lib/theme';
import type { ThemeChoices } from '@/lib/theme-store';
import { getUserPreferences, updateUserPreferences } from './api/user-preferences-requests';
import { errorMessage } from '@/lib/api-client';

type ThemePatch = NonNullable<UserPreferencesPatch['theme']>;

/** The server's theme as the theme store holds it (the server names the motion setting reducedMotion). */
export function themeFromServer({ reducedMotion, ...rest }: ThemePreferences): ThemeChoices {
  return { ...rest, reducedMotionSetting: reducedMotion };
}

/** A change made on this device, as the server's PATCH takes it. */
export function themeToServer({ reducedMotionSetting, ...rest }: Partial<ThemeChoices>): ThemePatch {
  return { ...rest, ...(reducedMotionSetting && { reducedMotion: reducedMotionSetting }) };
}

const isDefault = (theme: ThemePatch) =>
  (Object.keys(DEFAULT_THEME_PREFERENCES) as (keyof ThemePreferences)[]).every(
    (key) => JSON.stringify(theme[key]) === JSON.stringify(DEFAULT_THEME_PREFERENCES[key]),
  );

export type ThemeSaveState =
  { status: 'idle' | 'saving' } | { status: 'saved'; at: string } | { status: 'error'; message: string };

// the saves of this tab, one after another so the server ends with the newest choice
let saveState: ThemeSaveState = { status: 'idle' };
let queue: Promise<void> = Promise.resolve();
const saveListeners = new Set<() => void>();
function setSaveState(next: ThemeSaveState) {
  saveState = next;
  saveListeners.forEach((listener) => listener());
}

function saveTheme(theme: ThemePatch): Promise<void> {
  setSaveState({ status: 'saving' });
  queue = queue.then(() =>
    updateUserPreferences({ theme }).then(
      (answer) => setSaveState({ status: 'saved', at: answer.lastSyncTime ?? new Date().toISOString() }),
      (error: unknown) => setSaveState({ status: 'error', message: errorMessage(error, MESSAGES.preferencesFailed) }),
    ),
  );
  return queue;
}

/** Whether the latest theme change reached the server (the settings page shows it). */
export function useThemeSaveState(): ThemeSaveState {
  return useSyncExternalStore(
    (listener) => {
      saveListeners.add(listener);
      return () => saveListeners.delete(listener);
    },
    () => saveState,
    () => saveState,
  );
}

/**
 * Keeps the signed-in user's theme on the server (docs/product/shell.md#theme), so it follows them to another
 * device: on sign-in the server's copy is adopted (a theme chosen on this device before the first
 * save is uploaded instead), and every change the user makes here — settings, the header toggle —
 * is saved. The local copy (localStorage) stays what paints the first frame.
 */
export default function ThemeSync() {
  const { user } = useAuth();
  const store = useThemeStore();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    setSaveState({ status: 'idle' });
    let active = true;
    let changedHere = false;
    const stop = store.onUserChange((patch) => {
      changedHere = true;
      void saveTheme(themeToServer(patch));
    });
    const controller = new AbortController();
    getUserPreferences(controller.signal).then(
      (preferences) => {
        // a choice made while the answer was on its way wins: it is being saved
        if (!active || changedHere) return;
        if (preferences.lastSyncTime) {
          store.adopt(themeFromServer(preferences.theme));
          return;
        }
        const { reducedMotion: _resolved, ...local } = store.getState();
        const theme = themeToServer(local);
        if (!isDefault(theme)) void saveTheme(theme);
      },
      // offline or refused: this device keeps its own copy until the next sign-in
      () => {},
    );
    return () => {
      active = false;
      controller.abort();
      stop();
    };
  }, [userId, store]);

  return null;
}
