import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Development checks every API answer against its schema (src/lib/answer-check.ts); a production
// build never does, and does not carry the checker (issue #33 item 1).
if (import.meta.env.DEV) await import('./lib/answer-check');

// Before the first render: Chromium may fire `beforeinstallprompt` early (issue #18 item 7).
startInstallPrompt();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
