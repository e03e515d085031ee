import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth';
import { NotificationsProvider } from '@/lib/notifications';
import { ThemeProvider } from '@/lib/theme-boot';
import { Toaster } from '@/ui/toaster';

/** The shell's providers. TanStack Query is provided by the lazy query layout (./query-layout). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <NotificationsProvider>
        <AuthProvider>{children}</AuthProvider>
        <Toaster />
      </NotificationsProvider>
    </ThemeProvider>
  );
}
