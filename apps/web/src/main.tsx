import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { MESSAGES } from '@tp/shared';
import { App, whenRouterReady } from './app/app';
import { readTokens } from './features/auth/token-storage';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error(MESSAGES.rootMissing);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The landing page arrives prerendered as a first-time visitor sees it (scripts/prerender.mjs).
// A visitor without a session renders exactly that, so it is hydrated once its lazy route has
// loaded, in a transition so hydration yields to input; a signed-in visitor renders afresh.
if (rootElement.hasChildNodes() && !readTokens().token) {
  void whenRouterReady().then(() => startTransition(() => void hydrateRoot(rootElement, app)));
} else {
  createRoot(rootElement).render(app);
}
