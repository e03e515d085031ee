import { useTheme } from '@/lib/theme';
import type { FontSize, ThemeMode } from '@/lib/theme-paint';
import { FormField } from './form-field';
import { Select } from './select';
import { Switch } from './switch';

const MODES: { value: ThemeMode; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto (follow the system)' },
];
const SIZES: { value: FontSize; label: string }[] = [
  { value: 'sm', label: 'Small' },
  { value: 'md', label: 'Medium' },
  { value: 'lg', label: 'Large' },
];

/** The theme preferences (mode, text size, animations, high contrast); saved on this device. */
export function ThemeControls() {
  const theme = useTheme();
  return (
    <div className="flex flex-col gap-4">
      <FormField name="theme-mode" label="Theme">
        <Select options={MODES} value={theme.mode} onValueChange={(v) => theme.setMode(v as ThemeMode)} />
      </FormField>
      <FormField name="font-size" label="Text size">
        <Select options={SIZES} value={theme.fontSize} onValueChange={(v) => theme.setFontSize(v as FontSize)} />
      </FormField>
      <Switch
        label="Animations"
        description={theme.reducedMotion ? 'Your system asks for reduced motion, so animations stay off.' : undefined}
        checked={theme.animations && !theme.reducedMotion}
        disabled={theme.reducedMotion}
        onCheckedChange={theme.setAnimations}
      />
      <Switch label="High contrast" checked={theme.highContrast} onCheckedChange={theme.setHighContrast} />
    </div>
  );
}
