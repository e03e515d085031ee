import { Alert } from '@/ui/alert';
import { ThemeControls } from '@/ui/theme-controls';
import { useThemeSaveState } from '../theme-sync';
import { Card } from '@/ui/card';
import { useTimeZone } from '@/lib/time-zone';
import { formatTime } from '@/lib/format-date';

/**
 * The theme (docs/product/settings.md#appearance): applied at once, remembered on this device for the first paint, and
 * saved on the server so another device gets it at sign-in.
 */
export function ThemePreferences() {
  const save = useThemeSaveState();
  const timeZone = useTimeZone();
  return (
    <Card as="section" elevation="flat" aria-labelledby="theme-heading" className="p-6">
      <h2 id="theme-heading" className="text-lg font-semibold">
        Appearance
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        Changes apply at once and follow you to every device you sign in on.
      </p>
      <ThemeControls />
      <div aria-live="polite" className="mt-4 text-sm">
        {save.status === 'saving' && <p className="text-muted">Saving to your account…</p>}
        {save.status === 'saved' && (
          <p className="text-muted">Saved to your account at {formatTime(new Date(save.at), timeZone)}.</p>
        )}
        {save.status === 'error' && (
          <Alert variant="error">
            Not saved to your account: {save.message}. It stays on this device; change it again to retry.
          </Alert>
        )}
      </div>
    </Card>
  );
}
