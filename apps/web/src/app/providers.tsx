import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth';
import { useGlobalLoading } from '@/lib/loading-store';
import type { NotificationStore } from '@/lib/notification-types';
import { NotificationsProvider } from '@/lib/notifications';
import { ThemeProvider } from '@/lib/theme-boot';
import type { ThemeStore } from '@/lib/theme-store';
import { ControlsDisabledContext } from '@/ui/controls-disabled';
import { Toaster } from '@/ui/toaster';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests give their own stores; the app's are created on first use. */
  theme?: ThemeStore;
  notifications?: NotificationStore;
}

/** The shell's providers. TanStack Query is provided by the lazy query layout (./query-layout). */
export function AppProviders({ children, theme, notifications }: AppProvidersProps) {
  return (
    <ThemeProvider store={theme}>
      <NotificationsProvider store={notifications}>
        <ControlsDisabledContext value={useGlobalLoading()}>
          <AuthProvider>{children}</AuthProvider>
        </ControlsDisabledContext>
        <Toaster />
      </NotificationsProvider>
    </ThemeProvider>
  );
}
