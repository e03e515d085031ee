import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTheme } from '@/lib/theme';
import type { FontSize, ReducedMotionSetting, ThemeMode } from '@/lib/theme-paint';
import { FormField } from './form-field';
import { Select } from './select';
import { Switch } from './switch';

const MODES: { value: ThemeMode; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto (follow the system)' },
];
const SIZES: { value: FontSize; label: string }[] = [
  { value: 'sm', label: 'Small' },
  { value: 'md', label: 'Medium' },
  { value: 'lg', label: 'Large' },
];
const MOTION: { value: ReducedMotionSetting; label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'on', label: 'Always reduce motion' },
  { value: 'off', label: 'Never reduce motion' },
];
/** Primary colours offered as swatches; null is the design's own accent. */
export const PRIMARY_COLORS: { value: string | null; label: string; swatch: string }[] = [
  { value: null, label: 'Default', swatch: 'var(--tp-accent)' },
  { value: '#10b981', label: 'Emerald', swatch: '#10b981' },
  { value: '#8b5cf6', label: 'Violet', swatch: '#8b5cf6' },
  { value: '#f59e0b', label: 'Amber', swatch: '#f59e0b' },
  { value: '#f43f5e', label: 'Rose', swatch: '#f43f5e' },
  { value: '#6366f1', label: 'Indigo', swatch: '#6366f1' },
];

/**
 * The theme preferences (docs/product/settings.md#appearance): mode, primary colour, text size, motion, animations and
 * high contrast. Each change applies at once; where a user is signed in it is also saved on the
 * server (the settings feature listens to the theme store).
 */
export function ThemeControls() {
  const theme = useTheme();
  const systemReduces = theme.reducedMotionSetting === 'system' && theme.reducedMotion;
  return (
    <div className="flex flex-col gap-5">
      <ThemeModeField />
      <PrimaryColorField />
      <FormField name="font-size" label="Text size">
        <Select options={SIZES} value={theme.fontSize} onValueChange={(v) => theme.setFontSize(v as FontSize)} />
      </FormField>
      <FormField
        name="reduced-motion"
        label="Reduced motion"
        description={systemReduces ? 'Your system asks for reduced motion.' : undefined}
      >
        <Select
          options={MOTION}
          value={theme.reducedMotionSetting}
          onValueChange={(v) => theme.setReducedMotion(v as ReducedMotionSetting)}
        />
      </FormField>
      <Switch
        label="Animations"
        description={theme.reducedMotion ? 'Motion is reduced, so animations stay off.' : undefined}
        checked={theme.animations && !theme.reducedMotion}
        disabled={theme.reducedMotion}
        onCheckedChange={theme.setAnimations}
      />
      <Switch label="High contrast" checked={theme.highContrast} onCheckedChange={theme.setHighContrast} />
    </div>
  );
}

function ThemeModeField() {
  const theme = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Theme</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {MODES.map((mode) => (
          <label
            key={mode.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
              theme.mode === mode.value ? 'border-accent bg-surface-2 font-medium' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="theme-mode"
              value={mode.value}
              checked={theme.mode === mode.value}
              onChange={() => theme.setMode(mode.value)}
              className="size-4 accent-[var(--tp-accent)]"
            />
            {mode.label}
          </label>
        ))}
      </div>
      {theme.mode === 'auto' && (
        <p className="mt-2 text-sm text-muted">Now {theme.resolvedMode}, as your system is set.</p>
      )}
    </fieldset>
  );
}

function PrimaryColorField() {
  const theme = useTheme();
  const custom = theme.primaryColor !== null && !PRIMARY_COLORS.some((c) => c.value === theme.primaryColor);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Primary colour</legend>
      <div className="flex flex-wrap items-center gap-2">
        {PRIMARY_COLORS.map((color) => {
          const chosen = theme.primaryColor === color.value;
          return (
            <label
              key={color.label}
              title={color.label}
              className={cn(
                'relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full border-2',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                chosen ? 'border-fg' : 'border-transparent',
              )}
            >
              <input
                type="radio"
                name="primary-color"
                checked={chosen}
                onChange={() => theme.setPrimaryColor(color.value)}
                aria-label={color.label}
                // over the whole swatch, unseen: a click anywhere on it chooses the colour
                className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span aria-hidden="true" className="size-8 rounded-full" style={{ background: color.swatch }} />
              {chosen && <Check aria-hidden="true" className="absolute size-4 text-fg mix-blend-difference" />}
            </label>
          );
        })}
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
          <input
            type="color"
            value={theme.primaryColor && /^#[0-9a-f]{6}$/i.test(theme.primaryColor) ? theme.primaryColor : '#38bdf8'}
            onChange={(event) => theme.setPrimaryColor(event.target.value)}
            className={cn(
              'size-11 cursor-pointer rounded-md border bg-surface p-1',
              custom ? 'border-fg' : 'border-border',
            )}
          />
          Custom colour{custom && <span className="text-muted"> ({theme.primaryColor})</span>}
        </label>
      </div>
      {theme.highContrast && theme.primaryColor && (
        <p className="mt-2 text-sm text-muted">High contrast is on, so its own colours are shown instead.</p>
      )}
    </fieldset>
  );
}
