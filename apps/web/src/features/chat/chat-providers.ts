/**
 * Third-party chat providers (loaded only when CHAT_PROVIDER and CHAT_WEBSITE_ID are set).
 * Their own launchers are hidden: the portal's button (shown after 3 s) opens them.
 */

export interface ProviderSettings {
  provider: 'chatwoot' | 'crisp';
  websiteId: string;
  baseUrl: string | null;
}

export interface ProviderCallbacks {
  role: string;
  onReady(): void;
  onOpenChange(open: boolean): void;
}

export interface ProviderHandle {
  open(): void;
  setRole(role: string): void;
  dispose(): void;
}

type CrispQueue = unknown[][] & { push(command: unknown[]): void };
interface ChatwootApi {
  hasLoaded?: boolean;
  isOpen?: boolean;
  toggle(state?: 'open' | 'close'): void;
  setCustomAttributes(attributes: Record<string, string>): void;
}
declare global {
  interface Window {
    $crisp?: CrispQueue;
    CRISP_WEBSITE_ID?: string;
    $chatwoot?: ChatwootApi;
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
  }
}

export const CRISP_SCRIPT = 'https://client.crisp.chat/l.js';
export const CHATWOOT_DEFAULT_BASE = 'https://app.chatwoot.com';

function addScript(src: string, onLoad?: () => void): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.chatProvider = 'true';
  if (onLoad) script.addEventListener('load', onLoad);
  document.head.appendChild(script);
  return script;
}

function startCrisp(settings: ProviderSettings, callbacks: ProviderCallbacks): ProviderHandle {
  const queue = (window.$crisp ??= [] as unknown as CrispQueue);
  window.CRISP_WEBSITE_ID = settings.websiteId;
  const setRole = (role: string) => queue.push(['set', 'session:data', [[['role', role]]]]);
  queue.push(['do', 'chat:hide']);
  setRole(callbacks.role);
  queue.push(['on', 'session:loaded', () => callbacks.onReady()]);
  queue.push(['on', 'chat:opened', () => callbacks.onOpenChange(true)]);
  queue.push([
    'on',
    'chat:closed',
    () => {
      window.$crisp?.push(['do', 'chat:hide']);
      callbacks.onOpenChange(false);
    },
  ]);
  const script = addScript(CRISP_SCRIPT);
  return {
    open() {
      window.$crisp?.push(['do', 'chat:show']);
      window.$crisp?.push(['do', 'chat:open']);
    },
    setRole,
    dispose: () => script.remove(),
  };
}

function startChatwoot(settings: ProviderSettings, callbacks: ProviderCallbacks): ProviderHandle {
  const baseUrl = (settings.baseUrl ?? CHATWOOT_DEFAULT_BASE).replace(/\/$/, '');
  let role = callbacks.role;
  let watcher: ReturnType<typeof setInterval> | undefined;
  window.chatwootSettings = { hideMessageBubble: true, position: 'right', type: 'standard' };
  const onReady = () => {
    window.$chatwoot?.setCustomAttributes({ role });
    callbacks.onReady();
  };
  window.addEventListener('chatwoot:ready', onReady);
  const script = addScript(`${baseUrl}/packs/js/sdk.js`, () => {
    window.chatwootSDK?.run({ websiteToken: settings.websiteId, baseUrl });
  });
  return {
    open() {
      window.$chatwoot?.toggle('open');
      callbacks.onOpenChange(true);
      // the SDK has no close event in every version: watch its open flag until it closes
      clearInterval(watcher);
      watcher = setInterval(() => {
        if (window.$chatwoot && window.$chatwoot.isOpen === false) {
          clearInterval(watcher);
          callbacks.onOpenChange(false);
        }
      }, 500);
    },
    setRole(next) {
      role = next;
      window.$chatwoot?.setCustomAttributes({ role });
    },
    dispose() {
      clearInterval(watcher);
      window.removeEventListener('chatwoot:ready', onReady);
      script.remove();
    },
  };
}

export function startProvider(settings: ProviderSettings, callbacks: ProviderCallbacks): ProviderHandle {
  return settings.provider === 'crisp' ? startCrisp(settings, callbacks) : startChatwoot(settings, callbacks);
}
