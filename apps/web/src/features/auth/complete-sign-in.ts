import type { User } from '@tp/shared';
import { exchangeSession } from './api/exchange-session';
import { verifyMagicLink } from './api/verify-magic-link';
import { paths } from '@/lib/paths';

export interface CompletedSignIn {
  token: string;
  refreshToken: string;
  rememberMe: boolean;
  user: User;
  requiresProfileCompletion: boolean;
  redirectTo: string | null;
}

// One exchange per token for the life of the page: React StrictMode runs effects twice, and a
// second POST of a single-use token would fail and undo the first.
const exchanges = new Map<string, Promise<CompletedSignIn>>();

/** Exchanges a magic-link token (?token=) or a hand-off token (?session=) for a session. */
export function completeSignIn(kind: 'token' | 'session', value: string): Promise<CompletedSignIn> {
  const key = `${kind}:${value}`;
  let pending = exchanges.get(key);
  if (!pending) {
    pending =
      kind === 'token'
        ? verifyMagicLink(value)
        : exchangeSession(value).then((answer) => ({
            token: answer.token,
            refreshToken: answer.refreshToken,
            rememberMe: false,
            user: answer.user,
            requiresProfileCompletion: !answer.user.profileComplete,
            redirectTo: null,
          }));
    exchanges.set(key, pending);
  }
  return pending;
}

/** Same-origin paths only; anything else falls back to the dashboard. */
export function safeTarget(path: unknown): string | null {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !path.startsWith(paths.login) ? path : null;
}
