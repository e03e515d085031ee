import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MESSAGES } from '@tp/shared';
import { App } from './app/app';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error(MESSAGES.rootMissing);

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
