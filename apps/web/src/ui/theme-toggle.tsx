import { useContext } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme';
import type { ThemeMode } from '@/lib/theme-paint';
import { ThemeContext } from '@/lib/theme-boot';

const NEXT: Record<ThemeMode, ThemeMode> = { dark: 'light', light: 'auto', auto: 'dark' };
const LABEL: Record<ThemeMode, string> = { dark: 'Dark', light: 'Light', auto: 'Auto' };
const ICON = { dark: Moon, light: Sun, auto: Monitor } as const;

/**
 * The header's theme control: one 44 px button that steps dark → light → auto (auto follows the
 * system). Loaded lazily by the header so the theme store stays out of the entry chunk.
 */
export function ThemeToggle() {
  const theme = useTheme();
  const Icon = ICON[theme.mode];
  const next = NEXT[theme.mode];
  return (
    <button
      type="button"
      onClick={() => theme.setMode(next)}
      aria-label={`Theme: ${LABEL[theme.mode]}. Switch to ${LABEL[next].toLowerCase()}`}
      title={`Theme: ${LABEL[theme.mode]}`}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/** The header's entry: nothing where no ThemeProvider is mounted (a layout rendered on its own). */
export default function HeaderThemeToggle() {
  return useContext(ThemeContext) ? <ThemeToggle /> : null;
}
