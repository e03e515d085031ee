/**
 * Sign-in by magic link and the session (docs/product/sign-in.md#sessions), as the app shell needs them. Only the
 * shell imports this index: screens read the session with useAuth from lib/auth-context, because
 * a lazily loaded chunk importing a re-export of the entry chunk makes the bundler split the entry
 * (docs/decisions/0015).
 */
export { AuthProvider } from './auth-provider';
export { RequireAuth } from './require-auth';
export { readTokens } from './token-storage';
