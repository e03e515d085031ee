import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { CHAT } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { usePublicConfig } from '@/lib/public-config';
import type { ProviderHandle } from './chat-providers';
import { useSupportAvailability } from './use-support-availability';

const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * Support chat on every page (docs/product/shell.md#support-chat). The button appears 3 s after load once the widget is
 * ready, and hides while the chat is open; the layout places it (main-layout.tsx: above the footer). With CHAT_PROVIDER + CHAT_WEBSITE_ID the provider's
 * script is loaded (with the user's role); otherwise the built-in panel sends through the contact endpoint.
 */
export function ChatWidget() {
  const config = usePublicConfig();
  const { status, user } = useAuth();
  const role =
    status === 'authenticated'
      ? user && 'role' in user && typeof user.role === 'string'
        ? user.role
        : 'user'
      : 'visitor';
  const availability = useSupportAvailability();
  const [delayPassed, setDelayPassed] = useState(false);
  const [providerReady, setProviderReady] = useState(false);
  const [open, setOpen] = useState(false);
  const handle = useRef<ProviderHandle | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const roleRef = useRef(role);

  const chat = config.data?.chat;
  const provider = chat && chat.provider !== 'none' && chat.websiteId ? chat.provider : null;
  const websiteId = chat?.websiteId ?? null;
  const baseUrl = chat?.baseUrl ?? null;

  useEffect(() => {
    // 3 s after the page loaded, not after this lazily loaded widget mounted
    const timer = setTimeout(() => setDelayPassed(true), Math.max(0, CHAT.buttonDelayMs - performance.now()));
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!provider || !websiteId) return;
    let disposed = false;
    void import('./chat-providers').then(({ startProvider }) => {
      if (disposed) return;
      handle.current = startProvider(
        { provider, websiteId, baseUrl },
        { role: roleRef.current, onReady: () => setProviderReady(true), onOpenChange: setOpen },
      );
    });
    return () => {
      disposed = true;
      handle.current?.dispose();
      handle.current = null;
    };
  }, [provider, websiteId, baseUrl]);

  useEffect(() => {
    roleRef.current = role;
    handle.current?.setRole(role);
  }, [role]);

  // when the chat closes, focus returns to the button that opened it
  useEffect(() => {
    if (wasOpen.current && !open) launcherRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // ready: the built-in panel as soon as the config has answered (or failed); a provider once its script is up
  const ready = provider ? providerReady : config.status !== 'pending';
  const showButton = delayPassed && ready && !open;

  function openChat() {
    if (provider) handle.current?.open();
    else setOpen(true);
  }

  return (
    <>
      {showButton && (
        <button
          ref={launcherRef}
          type="button"
          onClick={openChat}
          aria-label={`Chat with support (${availability.open ? 'online' : 'away'})`}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-accent px-4 font-semibold text-accent-fg shadow-card hover:opacity-90 dense:min-h-10"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          <span className="hidden sm:inline">Chat</span>
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full border border-accent-fg ${availability.open ? 'bg-gain' : 'bg-muted'}`}
          />
        </button>
      )}
      {open && !provider && (
        <Suspense fallback={null}>
          <ChatPanel availability={availability} role={role} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
