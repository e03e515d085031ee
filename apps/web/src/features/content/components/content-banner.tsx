import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { NOTIFICATIONS } from '@tp/shared';
import { Alert, type AlertVariant } from '@/ui/alert';

interface BannerMessage {
  id: number;
  variant: AlertVariant;
  title: string;
  text?: string;
}

interface BannerApi {
  show(variant: AlertVariant, title: string, text?: string): void;
}

const BannerContext = createContext<BannerApi | null>(null);

/**
 * The content manager's notification banner: one message at a time, dismissible, gone after 5 s
 * (docs/product/content-hub.md#notification-banner).
 */
export function ContentBannerProvider({ children }: { children: (banner: ReactNode) => ReactNode }) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const show = useCallback(
    (variant: AlertVariant, title: string, text?: string) =>
      setMessage((previous) => ({ id: (previous?.id ?? 0) + 1, variant, title, text })),
    [],
  );
  const api = useMemo(() => ({ show }), [show]);
  const clear = useCallback(() => setMessage(null), []);
  const banner = message && (
    <Alert
      key={message.id}
      variant={message.variant}
      title={message.title}
      dismissible
      autoClose
      duration={NOTIFICATIONS.autoCloseMs}
      onClose={clear}
      className="mb-4"
    >
      {message.text}
    </Alert>
  );
  return <BannerContext.Provider value={api}>{children(banner)}</BannerContext.Provider>;
}

export function useContentBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useContentBanner must be used inside ContentBannerProvider');
  return api;
}
