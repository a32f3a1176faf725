import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startInstallPrompt } from './lib/install-prompt';
import { useSession } from './lib/session/store';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Development checks every API answer against its schema (src/lib/answer-check.ts); a production
// build never does, and does not carry the checker (issue #33 item 1).
if (import.meta.env.DEV) await import('./lib/answer-check');

// Before the first render: Chromium may fire `beforeinstallprompt` early (issue #18 item 7).
startInstallPrompt();

// Before the first render: a session stored with its member is signed in at once, so the first
// render is the page, not the full-screen "준비하고 있어요" wait for `me` (issue #33 item 2).
void useSession.getState().restore();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
